/**
 * The tour a reader is following (docs/decisions/016-walk-mode-and-tours.md): the last tour page opened in this tab, kept in sessionStorage so
 * the home map can draw its line until the reader stops following it.
 */
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'whispers.followedTour';
const listeners = new Set<() => void>();

function read(): { id: string; title: string } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (
      value &&
      typeof value === 'object' &&
      'id' in value &&
      'title' in value &&
      typeof value.id === 'string' &&
      typeof value.title === 'string'
    ) {
      return { id: value.id, title: value.title };
    }
  } catch {
    // storage blocked or a bad value: nothing followed
  }
  return null;
}

let cached = typeof window === 'undefined' ? null : read();

function write(value: { id: string; title: string } | null) {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: followed for this page only
  }
  cached = value;
  for (const listener of listeners) listener();
}

export const followTour = (tour: { id: string; title: string }) => {
  if (cached?.id !== tour.id || cached.title !== tour.title) write({ id: tour.id, title: tour.title });
};

export function useFollowedTour() {
  const followed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cached,
  );
  const stop = useCallback(() => write(null), []);
  return { followed, stop };
}
