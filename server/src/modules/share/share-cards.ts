/**
 * What a QR code, a poster and an embedded card show of a story or a tour (docs/decisions/055-qr-posters-and-embeds.md):
 * exactly what its share page shows a visitor — title, author, the place it is near — and nothing a lock keeps
 * (no content, no media, no description of a story). A story or tour the share page answers 404 for (missing,
 * private, hidden, or a tour shown to nobody but its author) has no card; nor has one whose author the signed-in
 * requester blocked, as for every read.
 */
import { nearPlaceText } from '#common/discovery-text';
import { safeDisplayName, safeSingleLine } from '#common/text';
import type { Story } from '#common/schemas';
import type { Tour } from '#common/tour-schemas';
import { STORY_TYPE_LABEL } from '#common/story-types';
import { tourLengthText } from '#common/tours';
import type { ShareRepository } from './share-repository';

export interface ShareCard {
  kind: 'story' | 'tour';
  id: string;
  title: string;
  /**
   * The language of a story's title (docs/decisions/061-stories-carry-their-language.md), set as the title's `lang`
   * so a screen reader pronounces it right; a tour's title has none of its own.
   */
  language?: string;
  author: string;
  /** "near Savannah, Georgia", when the place is known. */
  near: string | null;
  /** A short line under the title: "Audio story · History", "Walking tour · 5 stops · 2.1 km". */
  summary: string;
  /** The share page's path (`/stories/:id`, `/tours/:id`). */
  path: string;
}

/** The line under a story's poster code (no spec wording for tours: theirs says what scanning leads to). */
export const POSTER_LINES = { story: 'Scan to find this whisper', tour: 'Scan to walk this tour' } as const;
/** What every card says of the locks (a card never shows what is behind one). */
export const CARD_UNLOCK_LINES = { story: 'Walk here to unlock', tour: 'Walk it to unlock its stories' } as const;

export type ShareCardService = ReturnType<typeof createShareCardService>;

export function createShareCardService(deps: {
  /** A story as a visitor with no position sees it (public, unhidden, locked), or nothing. */
  storyPreview: (id: string) => Promise<Story | undefined>;
  /** A tour as this viewer reads it (GET /api/tours/:id); rejects when they may not see it. */
  tourFor: (viewerId: string | null, id: string) => Promise<Tour>;
  repository: ShareRepository;
}) {
  const authorName = (name: string | null) => (name && safeDisplayName(name).trim()) || 'Anonymous';
  const near = (placeName: string | null | undefined) => (placeName ? nearPlaceText(placeName) : null);

  return {
    async story(id: string, viewerId: string | null): Promise<ShareCard | undefined> {
      const story = await deps.storyPreview(id);
      if (!story) return undefined;
      if (viewerId && viewerId !== story.authorId && (await deps.repository.hasBlocked(viewerId, story.authorId)))
        return undefined;
      return {
        kind: 'story',
        id: story.id,
        title: safeSingleLine(story.title).trim(),
        language: story.language,
        author: authorName(story.author.displayName),
        near: near(story.placeName),
        summary: `${STORY_TYPE_LABEL[story.type]} story · ${story.category}`,
        path: `/stories/${encodeURIComponent(story.id)}`,
      };
    },

    async tour(id: string, viewerId: string | null): Promise<ShareCard | undefined> {
      // As a visitor (a tour shown to nobody but its author has no share page), then as the requester (blocks).
      const tour = await deps.tourFor(null, id).catch(() => undefined);
      if (!tour) return undefined;
      if (viewerId && !(await deps.tourFor(viewerId, id).catch(() => undefined))) return undefined;
      return {
        kind: 'tour',
        id: tour.id,
        title: safeSingleLine(tour.title).trim(),
        author: authorName(tour.author.displayName),
        near: near(tour.placeName),
        summary: `Walking tour · ${tour.stopCount} stops · ${tourLengthText(tour.lengthM, tour.walkingMinutes)}`,
        path: `/tours/${encodeURIComponent(tour.id)}`,
      };
    },
  };
}
