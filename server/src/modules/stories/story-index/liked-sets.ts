/**
 * The story index's likes cache: the stories each recent signed-in reader has liked (likedByMe), loaded at their
 * first read and forgotten when the likes trigger says theirs changed; a reader with very many likes is asked
 * about each read's stories instead.
 */
import type { StoryIndexRepository } from './story-index-repository';

export interface LikedSetsOptions {
  /** Recent signed-in readers whose liked stories are kept. */
  maxReaders: number;
  /** The most likes kept for one reader (the repository's likedBy returns at most one more). */
  maxPerReader: number;
}

export type LikedSets = ReturnType<typeof createLikedSets>;

export function createLikedSets(repository: Pick<StoryIndexRepository, 'likedBy' | 'likedAmong'>, options: LikedSetsOptions) {
  const sets = new Map<string, Set<string>>();
  const askEachTime = new Set<string>();
  /** Bumped by every change of anyone's likes: a load that saw one meanwhile is used once, not kept. */
  let changes = 0;

  async function of(userId: string, storyIds: string[]): Promise<Set<string>> {
    const cached = sets.get(userId);
    if (cached) {
      // Map order as recency: a hit moves to the end.
      sets.delete(userId);
      sets.set(userId, cached);
      return cached;
    }
    if (askEachTime.has(userId)) return new Set(await repository.likedAmong(userId, storyIds));
    const before = changes;
    const ids = await repository.likedBy(userId);
    if (ids.length > options.maxPerReader) {
      askEachTime.add(userId);
      return of(userId, storyIds);
    }
    const set = new Set(ids);
    if (before === changes) {
      sets.set(userId, set);
      while (sets.size > options.maxReaders) sets.delete(sets.keys().next().value!);
    }
    return set;
  }

  return {
    of,
    forget(userIds: string[] | '*') {
      changes++;
      if (userIds === '*') sets.clear();
      else for (const id of userIds) sets.delete(id);
    },
  };
}
