/**
 * A story's card: the fields a card shows (story-view.ts), without content and media keys, as the story index
 * holds them; the shapes of its nearby read; the id ranges the reconciliation sums over; and PostGIS's sphere.
 */
import type { StoryRecord } from '../story-record';
import type { LockValues } from '#common/lock-kinds';

/** The fields of a story a card shows (story-view.ts), without content and media keys. */
/** A story's card; its lock values (common/lock-kinds.ts) follow its time restriction. */
export interface StoryCard extends LockValues {
  id: string;
  title: string;
  description: string | null;
  duration: number | null;
  wordCount: number | null;
  latitude: number;
  longitude: number;
  category: string;
  /** The story's language tag (docs/decisions/061-stories-carry-their-language.md). */
  language: string;
  type: StoryRecord['type'];
  authorId: string;
  likes: number;
  /** Traces not hidden (stories.trace_count). */
  traceCount: number;
  isPublic: boolean;
  hidden: boolean;
  timeRestriction: StoryRecord['timeRestriction'];
  /** created_at in microseconds since the epoch: PostgreSQL's precision, for the newest-first tie-break. */
  createdAtMicros: number;
  revision: number;
}

export interface NearestCard {
  card: StoryCard;
  /** Metres on PostGIS's sphere (ST_DistanceSphere), the measure the SQL filters and orders by. */
  distance: number;
}

export interface NearestQuery {
  latitude: number;
  longitude: number;
  radius: number;
  limit: number;
  viewerId: string | null;
  /** Authors the viewer has blocked (docs/design.md, rule 18): left out inside the walk, so a capped answer stays full. */
  blockedAuthorIds?: readonly string[];
}

/** Stories are grouped by the first byte of their id (256 ranges) for the reconciliation's sums. */
export const ID_RANGES = 256;
export const idRangeOf = (id: string) => parseInt(id.slice(0, 2), 16);
