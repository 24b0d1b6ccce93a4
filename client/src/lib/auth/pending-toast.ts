/**
 * A toast that must survive the full page reload after sign-in or registration (spec: "after success the page
 * fully reloads to /"). It is parked in sessionStorage and shown by the next page load (see AccountMenu).
 */
const STORAGE_KEY = 'whispers:pending-toast';

export interface PendingToast {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  /** Offer a "Set Up Profile" action leading to /setup. */
  offerSetup?: boolean;
}

export function queueToastAfterReload(pending: PendingToast): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // storage unavailable (private mode quota): the reload simply shows no toast
  }
}

/** Returns the parked toast once, removing it so a second load does not repeat it. */
export function takePendingToast(): PendingToast | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(STORAGE_KEY);
    const parsed = JSON.parse(raw) as Partial<PendingToast>;
    return typeof parsed.title === 'string' ? (parsed as PendingToast) : null;
  } catch {
    return null;
  }
}
