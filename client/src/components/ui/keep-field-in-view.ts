import type { FocusEvent } from 'react';

/**
 * A form's onFocus in a dialog with a sticky footer: the browser scrolls a newly focused field into view only when
 * none of it shows, so a field half under the footer stays there. Scrolling it to the nearest edge honours the
 * dialog's scroll-padding-bottom (the footer's room) and brings the whole field above the footer.
 */
export function keepFocusedFieldInView(event: FocusEvent<HTMLElement>): void {
  const field = event.target;
  if (field.matches('input:not([type=hidden]), textarea, select')) field.scrollIntoView({ block: 'nearest' });
}
