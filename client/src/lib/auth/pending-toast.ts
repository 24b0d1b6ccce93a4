/**
 * A toast that must survive the full page reload after sign-in or registration (spec: "after success the page
 * fully reloads to /"). It is parked in sessionStorage and shown by the next page load (see AccountMenu).
 */
const STORAGE_KEY = 'whispers:pending-toast';

interface PendingToast {
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

function isPendingToast(value: unknown): value is PendingToast {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

/** Returns the parked toast once, removing it so a second load does not repeat it. */
export function takePendingToast(): PendingToast | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(STORAGE_KEY);
    const parsed: unknown = JSON.parse(raw);
    return isPendingToast(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
