/**
 * Authors' insights (docs/decisions/018-insights-counts-not-readers.md, docs/design.md, rule 19): counts, never readers. The rules both sides apply: what a
 * reader's client reports, a text's reading time and the small-count rule (any count from 1 to 2 leaves the
 * server as "fewer than 3"; 0 stays 0). The routes' contract is insights-schemas.ts.
 */
import { countWords } from './text';
import { isTextStory } from './story-type-specs';
import { isTimedStory, timedMediaOf } from './media-kinds';

/** What a reader's client reports. Unlocks and likes are not events: they come from their own records. */
/** "transcript": a reader opened an audio or video story's transcript (docs/decisions/056-transcripts-and-captions.md). */
export const INSIGHT_EVENT_KINDS = [
  'open',
  'share',
  'play',
  'q25',
  'q50',
  'q75',
  'q100',
  'read',
  'transcript',
] as const;
export type InsightEventKind = (typeof INSIGHT_EVENT_KINDS)[number];

/**
 * What a tour's walker reports (docs/decisions/018-insights-counts-not-readers.md): a walk of the tour started, one of its stops reached (unlocked),
 * the last of them reached. The author sees "starts", "stops reached" and "completions".
 */
export const TOUR_INSIGHT_KINDS = ['start', 'stop', 'complete'] as const;
export type TourInsightKind = (typeof TOUR_INSIGHT_KINDS)[number];

/** The listen-through quartiles, in the order a player reaches them. */
export const QUARTILES = [25, 50, 75, 100] as const;
export type Quartile = (typeof QUARTILES)[number];
export const quartileKind = (quartile: Quartile) => `q${quartile}` as const;

export const INSIGHTS = {
  /** Reading speed for a text story's "read", words a minute. */
  wordsPerMinute: 250,
  /** A long text counts as read after at most this long. */
  readCapMs: 60_000,
  /** Counts below this leave the server as the marker (1 and 2; 0 stays 0). */
  smallCountBelow: 3,
  /** The periods the author may choose, in days. */
  periods: [7, 30, 90] as const,
  /** My Stories summarises this many days. */
  summaryDays: 30,
} as const;

export const FEWER_THAN_3 = 'fewer than 3' as const;

/** How long a text of this many words takes to read at 250 words a minute, capped at 60 s (ms). */
export function readingTimeMs(text: string | null | undefined): number {
  const words = countWords(text);
  return Math.min(INSIGHTS.readCapMs, Math.ceil((words / INSIGHTS.wordsPerMinute) * 60_000));
}

/** A count as it may leave the server: 0, 3 and more as they are, 1 and 2 as "fewer than 3". */
export type ShownCount = number | typeof FEWER_THAN_3;

export function shownCount(count: number): ShownCount {
  return count > 0 && count < INSIGHTS.smallCountBelow ? FEWER_THAN_3 : count;
}

/** Text for a shown count ("fewer than 3" stays words). */
export function shownCountText(count: ShownCount): string {
  return typeof count === 'number' ? count.toLocaleString('en-US') : count;
}

export type EngagedLabel = 'listens' | 'plays' | 'reads' | 'opens';

/** What "listens or reads" means for a story type. */
export function engagedLabel(type: string): EngagedLabel {
  const timed = timedMediaOf(type);
  if (timed) return timed.engaged;
  if (isTextStory(type)) return 'reads';
  return 'opens';
}

/** The event kinds a story type accepts (plays and quartiles for media, "read" for text). */
export function acceptsEvent(type: string, kind: InsightEventKind): boolean {
  if (kind === 'read') return isTextStory(type);
  if (kind === 'open' || kind === 'share') return true;
  return isTimedStory(type);
}
