/**
 * A moderation queue's list with its loading, refused, failed and empty states: the story queue and the trace queue
 * say the same things about different items.
 */
import type { ReactNode } from 'react';
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
  const items = query.data ?? [];
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-night-700 bg-night-900/70 p-6 text-center text-mist-300">{texts.empty}</p>
    );
  return (
    <ul className="grid gap-4">
      {items.map((item) => (
        <li key={keyOf(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
