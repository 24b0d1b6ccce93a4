/**
 * A story as the read side loads it: the columns a reader's view is built from, with the author's name and whether
 * the reader liked it. Its own file so that the repository and the story index (which answers the same reads from
 * memory) both import it without importing each other.
 */
import type { StoryModeration } from '#common/moderation-schemas';
import type { StoryRow } from './story-view';

export interface StoryRecord extends StoryRow {
  authorDisplayName: string | null;
  likedByMe: boolean;
  /** The one-story read's: whether the viewer reported it. */
  reportedByMe?: boolean;
  /** The one-story read's: whether the viewer has had it unlocked at some time (likes and reports need it). */
  unlockedByMe?: boolean;
  /** The one-story and page reads', for the author of a hidden story (story-queries.ts). */
  moderation?: StoryModeration | null;
}
