/**
 * A moderation queue's list with its loading, refused, failed and empty states: the story queue and the trace queue
 * say the same things about different items.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '#client/lib/api-client';

interface QueueTexts {
  loading: string;
  /** Shown when the server refuses the queue (401/403): the reader is not a moderator. */
  forbidden: string;
  failed: string;
  empty: string;
}

interface QueueQuery<Item> {
  isLoading: boolean;
  error: unknown;
  data?: Item[];
}

export function QueueList<Item>({
  query,
  texts,
  keyOf,
  renderItem,
}: {
  query: QueueQuery<Item>;
  texts: QueueTexts;
  keyOf: (item: Item) => string | undefined;
  renderItem: (item: Item) => ReactNode;
}) {
  // A decision takes its item out of the queue, and the focus (on its button) with it: the keyboard goes on to the
  // item that took its place (its heading), or to the empty queue's line, not back to the top of the page.
  const lastFocused = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const items = query.data ?? [];
  const order = items.map(keyOf).join(' ');
  useLayoutEffect(() => {
    const at = lastFocused.current;
    const active = document.activeElement;
    if (at === null || (active && active !== document.body)) return;
    lastFocused.current = null;
    const entries = listRef.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const entry = entries[Math.min(at, entries.length - 1)];
    const target = entry ? (entry.querySelector<HTMLElement>('h2, h3') ?? entry) : emptyRef.current;
    if (!target) return;
    target.tabIndex = -1;
    target.focus();
  }, [order]);
  const remember = (index: number) => () => {
    lastFocused.current = index;
  };

  if (query.isLoading)
    return (
      <p role="status" className="py-6 text-center text-mist-300">
        {texts.loading}
      </p>
    );
  if (query.error) {
    const forbidden = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 401);
    return (
      <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        {forbidden ? texts.forbidden : texts.failed}
      </p>
    );
  }
  if (items.length === 0)
    return (
      <p
        ref={emptyRef}
        tabIndex={-1}
        className="rounded-xl border border-night-700 bg-night-900/70 p-6 text-center text-mist-300"
      >
        {texts.empty}
      </p>
    );
  return (
    <ul ref={listRef} className="grid gap-4">
      {items.map((item, index) => (
        <li key={keyOf(item)} onFocus={remember(index)}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
