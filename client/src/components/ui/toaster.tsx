import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST } from '#common/constants';
import { cn } from '#client/lib/utils';
import { dismissToast, useToasts } from './use-toast';

const variantClass = {
  default: 'border-night-600 bg-night-800 text-mist-100',
  success: 'border-emerald-500/50 bg-night-800 text-mist-100',
  destructive: 'border-red-400/60 bg-red-950 text-red-50',
} as const;

/** Radix toasts: F8 focuses the region, swipe right (50 px) dismisses, auto-close after 5 s. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={TOAST.swipeThresholdPx} duration={TOAST.durationMs}>
      {toasts.map(({ id, title, description, action, variant = 'default', duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(isOpen) => !isOpen && dismissToast(id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl',
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
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="fixed right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:bottom-0 sm:top-auto sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}

/** A toast action button (e.g. "Sign In"); `altText` describes it for screen readers. */
export function ToastAction({ altText, onClick, children }: { altText: string; onClick: () => void; children: string }) {
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
