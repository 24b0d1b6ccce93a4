import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { useToasts } from './use-toast';

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

/** Candidates for the first focus when a dialog opens: the controls of its body (not the header's close). */
const FIRST_BODY_CONTROL = [
  'input:not([disabled]):not([type=hidden])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  'a[href]',
  '[tabindex]:not([tabindex="-1"])',
]
  .map((selector) => `[data-dialog-body] ${selector}`)
  .join(', ');

/** A centred (or bottom sheet), scrollable dialog with a sticky header: title and a close button ("Close"). */
export function DialogContent({
  children,
  className,
  title,
  description,
  hideClose = false,
  placement = 'centre',
  onInteractOutside,
}: {
  children: ReactNode;
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  hideClose?: boolean;
  /** `bottom`: a sheet rising from the screen's bottom edge (e.g. a list picked from the map). */
  placement?: 'centre' | 'bottom';
  onInteractOutside?: (event: Event) => void;
}) {
  // Dialogs opened without a Radix trigger (a card, a map or AR marker) would drop focus on the page body when
  // they close; give it back to whatever had it when the dialog opened.
  const t = useT();
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <RadixDialog.Content
        onInteractOutside={onInteractOutside}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          // The close button comes first in the (sticky) header; focus starts on the body's first control, as
          // before, and on the close button only when the body has none.
          const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
          const first = [...(content?.querySelectorAll<HTMLElement>(FIRST_BODY_CONTROL) ?? [])].find(
            (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
          );
          first?.focus();
          // Radix's own choice (the first tabbable, here the close button) only when nothing took the focus.
          if (first && document.activeElement === first) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected && opener.current !== document.body) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
        className={cn(
          'fixed z-50 grid gap-4 overflow-y-auto overscroll-contain border border-night-600 bg-night-900 px-5 pb-5 shadow-2xl duration-200',
          // Both placements stay in the room above an open toast (--toast-space, published by the Toaster), so a
          // toast never sits on the dialog: its title, close button or footer buttons.
          placement === 'centre'
            ? 'left-1/2 top-[calc((100dvh-var(--toast-space,0px))/2)] max-h-[calc(92dvh-var(--toast-space,0px))] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl transition-[top,max-height]'
            : 'inset-x-0 bottom-[var(--toast-space,0px)] mx-auto max-h-[calc(80dvh-var(--toast-space,0px))] w-full max-w-lg rounded-t-2xl pb-[calc(1.25rem+env(safe-area-inset-bottom))] transition-[bottom,max-height]',
          className,
        )}
      >
        {/* Sticky: a long dialog keeps its title and close button in reach while its body scrolls. */}
        <div className="sticky top-0 z-10 -mx-5 flex items-start gap-2 border-b border-night-700/60 bg-night-900/95 px-5 pb-3 pt-5 backdrop-blur">
          <div className="min-w-0 flex-1">
            <RadixDialog.Title className="font-display text-xl font-semibold text-mist-100 [overflow-wrap:anywhere]">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-mist-400">{description}</RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">
                {typeof title === 'string' ? title : t('ui.dialog')}
              </RadixDialog.Description>
            )}
          </div>
          {!hideClose && (
            <RadixDialog.Close
              aria-label={t('ui.close')}
              className="-me-2 -mt-1 shrink-0 rounded-md p-1.5 text-mist-300 hover:bg-night-700 hover:text-white"
            >
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
          )}
        </div>
        <div data-dialog-body className="contents">
          {children}
        </div>
        <ToastEcho />
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/**
 * An open dialog hides the rest of the page from assistive technology (aria-hidden), the toast list included, so
 * the newest toast is repeated here in a visually hidden live region, as one sentence.
 */
function ToastEcho() {
  const latest = useToasts().find((t) => t.open);
  const parts = [latest?.title, latest?.description].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  const text = parts.map((part, i) => (i < parts.length - 1 && !/[.!?]$/.test(part) ? `${part}.` : part)).join(' ');
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {text}
    </div>
  );
}
