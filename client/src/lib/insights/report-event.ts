/**
 * Tells the server what a reader did with an unlocked story (docs/decisions/018-insights-counts-not-readers.md): open, share, play, quartiles, read.
 * Fire and forget: counting must never get in the reader's way, so failures (offline, rate limited, refused) are
 * dropped silently. `keepalive` lets an event sent as the dialog closes still arrive. No position is sent.
 */
import { apiPath } from '#common/api/routes';
import type { InsightEventKind, TourInsightKind } from '#common/insights';

export function reportInsightEvent(storyId: string, kind: InsightEventKind): void {
  post(apiPath('insightEvent'), { storyId, kind });
}

/** A tour walked (docs/decisions/018-insights-counts-not-readers.md): started, a stop reached (`storyId`), completed. Same fire and forget. */
export function reportTourEvent(tourId: string, kind: TourInsightKind, storyId?: string): void {
  post(apiPath('tourInsightEvent'), storyId ? { tourId, kind, storyId } : { tourId, kind });
}

function post(url: string, body: object): void {
  try {
    void fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself unavailable: nothing to count.
  }
}
