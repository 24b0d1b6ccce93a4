import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useToasts } from './use-toast';

// Radix toasts (provider, viewport, swipe) are downloaded with the first toast, not with the page (bench/README.md:
// JavaScript before the page is idle); `toast()` itself is a tiny store that needs none of it.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));
const Action = lazy(() => import('./toaster').then((m) => ({ default: m.ToastAction })));

/** The toaster, mounted from the first toast on (and kept, so later toasts animate in at once). */
export function LazyToaster() {
  const toasts = useToasts();
  const [used, setUsed] = useState(false);
  if (toasts.length > 0 && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** `ToastAction` (rendered only inside a toast, so the toaster's chunk is already on its way). */
export function ToastAction(props: ComponentProps<typeof Action>) {
  return (
    <Suspense fallback={null}>
      <Action {...props} />
    </Suspense>
  );
}
