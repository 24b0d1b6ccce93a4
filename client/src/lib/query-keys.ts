/**
 * Every TanStack Query key, by domain, under one root (docs/design.md, part 7 cache keys). A key names data, not a URL:
 * each query has its own `queryFn`. Invalidation goes by prefix — `queryKeys.stories.all` refreshes every
 * story list and story after a create, like or profile change.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';

const at = (location: Point) => ({ lat: location.latitude, lng: location.longitude });

export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    currentUser: ['auth', 'current-user'] as const,
  },
  config: ['config'] as const,
  stories: {
    all: ['stories'] as const,
    /** Within 1.5 km of the reader (Nearby Whispers, AR view, discovery). */
    discoverable: (reader: Point, claim = '') => ['stories', 'discoverable', { ...at(reader), claim }] as const,
    /** The map's viewport (`bbox` rounded "w,s,e,n") for a reader. */
    map: (bbox: string, reader: Point, claim = '') => ['stories', 'map', { bbox, ...at(reader), claim }] as const,
    user: (userId: string) => ['stories', 'user', userId] as const,
    /** The discovery screen's list: around the reader, or the default area when the position is unknown. */
    discover: (reader: Point | null, language: string | null = null) =>
      ['stories', 'discover', reader ? at(reader) : 'default-area', language ?? 'any'] as const,
    /** Every story, newest first, paged (simple discover). */
    allPages: (pageSize: number) => ['stories', 'all-pages', pageSize] as const,
    /** One story as the reader at `reader` (or nowhere known) may see it. */
    detail: (id: string, reader: Point | null, claim = '') =>
      ['stories', 'detail', id, reader ? { ...at(reader), claim } : null] as const,
  },
  /** Walking tours (docs/decisions/016-walk-mode-and-tours.md): one tour (with this reader's progress), those near a point, the author's own. */
  tours: {
    all: ['tours'] as const,
    detail: (id: string) => ['tours', 'detail', id] as const,
    near: (reader: Point) => ['tours', 'near', at(reader)] as const,
    mine: ['tours', 'mine'] as const,
    /** The tiles to save with a tour for offline use (docs/decisions/039-maps-offline.md). */
    mapTiles: (id: string, dense: boolean) => ['tours', 'map-tiles', id, dense] as const,
  },
  /** Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md): the author's own. */
  drafts: {
    all: ['drafts'] as const,
    mine: ['drafts', 'mine'] as const,
    tours: ['drafts', 'tours'] as const,
  },
  /** Authors' insights (docs/decisions/018-insights-counts-not-readers.md): My Stories' figures, one story's period. */
  insights: {
    summary: ['insights', 'summary'] as const,
    story: (id: string, days: number) => ['insights', 'story', id, days] as const,
    tour: (id: string) => ['insights', 'tour', id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    unread: ['notifications', 'unread'] as const,
    smart: (reader: Point, timeOfDay: string) => ['notifications', 'smart', { ...at(reader), timeOfDay }] as const,
  },
  /** "Jump to a place": the offline gazetteer's towns for a typed text (lower case). */
  places: {
    search: (typed: string) => ['places', 'search', typed] as const,
  },
  /** A story's traces as this reader may read them (docs/decisions/045-traces-read-where-left.md). */
  traces: {
    all: ['traces'] as const,
    /** Refetched when the story's lock changes for the reader (a story unlocked now shows its traces). */
    story: (storyId: string, locked?: boolean) =>
      locked === undefined ? (['traces', storyId] as const) : (['traces', storyId, { locked }] as const),
  },
  /** Authors' pages and the stories of the authors one follows (docs/decisions/046-follows-daily-digest.md). */
  follows: {
    all: ['follows'] as const,
    author: (authorId: string) => ['follows', 'author', authorId] as const,
    stories: (reader: Point | null) => ['follows', 'stories', reader ? at(reader) : 'nowhere'] as const,
  },
  /** Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): a signed file, an author's editor. */
  transcripts: {
    file: (url: string) => ['transcripts', 'file', url] as const,
    author: (storyId: string) => ['transcripts', 'author', storyId] as const,
  },
};

/** After a create, like, report or profile change: every cached story list and story refetches. */
export function invalidateStories(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
}

/**
 * After a draft is pinned or a planned tour published (docs/decisions/060-story-drafts-and-routes-in.md): the
 * author's stories, drafts and tours all change.
 */
export async function invalidateAfterPinning(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.stories.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.drafts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tours.all }),
  ]);
}
