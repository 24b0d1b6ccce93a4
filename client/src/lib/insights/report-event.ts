/**
 * Tells the server what a reader did with an unlocked story (issue 27): open, share, play, quartiles, read.
 * Fire and forget: counting must never get in the reader's way, so failures (offline, rate limited, refused) are
 * dropped silently. `keepalive` lets an event sent as the dialog closes still arrive. No position is sent.
 */
import type { InsightEventKind } from '#common/insights';

export function reportInsightEvent(storyId: string, kind: InsightEventKind): void {
  try {
    void fetch('/api/insights/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storyId, kind }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself unavailable: nothing to count.
  }
}
