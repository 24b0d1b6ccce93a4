import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { TOAST } from '#common/constants';
import { useT } from '#client/lib/i18n/use-t';
import { cn } from '#client/lib/utils';
import { dismissToast, useToasts } from './use-toast';

const variantClass = {
  default: 'border-night-600 bg-night-800 text-mist-100',
  success: 'border-emerald-500/50 bg-night-800 text-mist-100',
  destructive: 'border-red-400/60 bg-red-950 text-red-50',
} as const;

/** The CSS variable: how much of the screen's bottom open toasts take while a dialog is open (0px without). */
const TOAST_SPACE_VAR = '--toast-space';
/** The toast's distance from the bottom edge while a dialog is open (0.75rem) plus a gap above it. */
const DIALOG_TOAST_MARGIN_PX = 12 + 8;

/**
 * Publishes the room open toasts take at the bottom while a dialog is open, so the dialog ends above them
 * (dialog.tsx) instead of sitting under them. Measured from the toasts' sizes: their position moves when a
 * dialog opens, their size does not.
 */
function usePublishToastSpace(viewport: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const list = viewport.current;
    if (!list) return;
    const root = document.documentElement;
    const publish = () => {
      const boxes = [...list.children].map((child) => child.getBoundingClientRect()).filter((box) => box.height > 0);
      const stack = boxes.length ? Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top)) : 0;
      const space = stack > 0 ? stack + DIALOG_TOAST_MARGIN_PX : 0;
      root.style.setProperty(TOAST_SPACE_VAR, `${Math.ceil(space)}px`);
    };
    const resizes = new ResizeObserver(publish);
    resizes.observe(list);
    const changes = new MutationObserver(() => {
      publish();
      for (const child of list.children) resizes.observe(child);
    });
    changes.observe(list, { childList: true });
    window.addEventListener('resize', publish);
    publish();
    return () => {
      resizes.disconnect();
      changes.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(TOAST_SPACE_VAR);
    };
  }, [viewport]);
}

/**
 * Radix toasts: F8 focuses the region, swipe right (50 px) dismisses, auto-close after 5 s. They sit at the
 * bottom, above the lane of the floating + button, where no header control, tab or dialog title lives
 * (decision 004); with a dialog open they drop to the very bottom and the dialog moves up above them.
 */
export function Toaster() {
  const toasts = useToasts();
  const t = useT();
  const viewport = useRef<HTMLOListElement>(null);
  usePublishToastSpace(viewport);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={TOAST.swipeThresholdPx} duration={TOAST.durationMs}>
      {toasts.map(({ id, title, description, action, variant = 'default', duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(isOpen) => !isOpen && dismissToast(id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-2xl',
            'data-[state=open]:animate-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] transition-transform',
            variantClass[variant],
          )}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>}
          </div>
          {action}
          <Toast.Close
            aria-label={t('ui.close')}
            className="absolute end-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        hotkey={['F8']}
        label={t('ui.notificationsRegion')}
        className={cn(
          'fixed bottom-[calc(5.5rem+env(safe-area-inset-bottom))] end-0 z-[100] flex max-h-[50dvh] w-full flex-col gap-2 px-3 sm:max-w-[420px] sm:px-4',
          // An open dialog's overlay covers the + button: the toast takes the bottom edge instead.
          '[body:has([role=dialog][data-state=open])_&]:bottom-[calc(0.75rem+env(safe-area-inset-bottom))]',
        )}
      />
    </Toast.Provider>
  );
}

/** A toast action button (e.g. "Sign In"); `altText` describes it for screen readers. */
export function ToastAction({
  altText,
  onClick,
  children,
}: {
  altText: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <Toast.Action
      altText={altText}
      onClick={onClick}
      className="shrink-0 self-center rounded-md border border-current/30 px-3 py-1.5 text-sm font-medium hover:bg-white/10"
    >
      {children}
    </Toast.Action>
  );
}
