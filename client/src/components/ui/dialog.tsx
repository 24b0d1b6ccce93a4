import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '#client/lib/utils';
import { useToasts } from './use-toast';

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

/** A centred, scrollable dialog with a top-right close button (labelled "Close"). */
export function DialogContent({
  children,
  className,
  title,
  description,
  hideClose = false,
  onInteractOutside,
}: {
  children: ReactNode;
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  hideClose?: boolean;
  onInteractOutside?: (event: Event) => void;
}) {
  // Dialogs opened without a Radix trigger (a card, a map or AR marker) would drop focus on the page body when
  // they close; give it back to whatever had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <RadixDialog.Content
        onInteractOutside={onInteractOutside}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected && opener.current !== document.body) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-night-600 bg-night-900 p-5 shadow-2xl',
          className,
        )}
      >
        <div className="pr-8">
          <RadixDialog.Title className="font-display text-xl font-semibold text-mist-100">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-mist-400">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{typeof title === 'string' ? title : 'Dialog'}</RadixDialog.Description>
          )}
        </div>
        {children}
        <ToastEcho />
        {!hideClose && (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1.5 text-mist-300 hover:bg-night-700 hover:text-white"
          >
            <X className="h-5 w-5" aria-hidden />
          </RadixDialog.Close>
        )}
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
  const parts = [latest?.title, latest?.description].filter((part): part is string => typeof part === 'string' && part !== '');
  const text = parts.map((part, i) => (i < parts.length - 1 && !/[.!?]$/.test(part) ? `${part}.` : part)).join(' ');
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {text}
    </div>
  );
}
