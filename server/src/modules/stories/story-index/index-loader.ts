/**
 * Loading and reconciliation of the story index: the first load in id-ordered batches, the refetch of the stories
 * a change notification names, authors' display names, and the reconciliation that compares each id range's story
 * count and revision sum with the table's and reloads the ranges that differ.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ID_RANGES, idRangeOf, type StoryCard } from './card';
import type { CardIndex } from './card-index';
import type { StoryIndexRepository } from './story-index-repository';

export interface IndexLoaderDeps {
  repository: StoryIndexRepository;
  cards: CardIndex;
  /** Display name by author id, for the authors of the cards held. */
  authorNames: Map<string, string | null>;
  loadBatch: number;
  log?: FastifyBaseLogger;
}

export function createIndexLoader({ repository, cards, authorNames, loadBatch, log }: IndexLoaderDeps) {
  const startedAt = performance.now();

  async function load() {
    cards.clear();
    let after = '00000000-0000-0000-0000-000000000000';
    let first = true;
    for (;;) {
      const batch = await repository.cardsFrom(after, first, loadBatch);
      first = false;
      for (const card of batch) cards.upsert(card, true);
      if (batch.length < loadBatch) break;
      after = batch[batch.length - 1]!.id;
      // Let requests in between batches (they are served from SQL meanwhile).
      await new Promise((resolve) => setImmediate(resolve));
    }
    cards.rebuild();
    await refreshAuthors(cards.authorIds().filter((id) => !authorNames.has(id)));
    log?.info({ stories: cards.size, ms: Math.round(performance.now() - startedAt) }, 'story index ready');
  }

  /** Cards fetched again replace the held ones; answers their ids. */
  function replace(fetched: StoryCard[]): Set<string> {
    const found = new Set<string>();
    for (const card of fetched) {
      found.add(card.id);
      cards.upsert(card);
    }
    return found;
  }

  async function refreshStories(ids: string[]) {
    const found = replace(await repository.cardsById(ids));
    for (const id of ids) if (!found.has(id)) cards.delete(id);
    await refreshMissingAuthors(found);
  }

  async function refreshMissingAuthors(ids: Iterable<string>) {
    const missing = new Set<string>();
    for (const id of ids) {
      const authorId = cards.get(id)?.authorId;
      if (authorId && !authorNames.has(authorId)) missing.add(authorId);
    }
    if (missing.size) await refreshAuthors([...missing]);
  }

  async function refreshAuthors(ids: string[]) {
    for (let i = 0; i < ids.length; i += 1_000) {
      const batch = ids.slice(i, i + 1_000);
      const names = await repository.authorNames(batch);
      for (const id of batch) {
        // A deleted author's stories go with them (ON DELETE CASCADE), each NOTIFYing its own deletion.
        if (names.has(id)) authorNames.set(id, names.get(id)!);
        else authorNames.delete(id);
      }
    }
  }

  async function reconcile() {
    const started = performance.now();
    const table = await repository.rangeSums();
    let reloaded = 0;
    for (let range = 0; range < ID_RANGES; range++) {
      const mine = cards.rangeSums(range);
      const theirs = table.get(range);
      if ((theirs?.count ?? 0) === mine.count && (theirs?.revisionSum ?? 0) === mine.revisionSum) continue;
      await reloadRange(range);
      reloaded++;
    }
    await refreshAuthors([...authorNames.keys()]);
    log?.info({ reloadedRanges: reloaded, ms: Math.round(performance.now() - started) }, 'story index reconciled');
  }

  async function reloadRange(range: number) {
    const present = replace(await repository.cardsInRange(range));
    const gone = [...cards.storyIds()].filter((id) => idRangeOf(id) === range && !present.has(id));
    for (const id of gone) cards.delete(id);
    await refreshMissingAuthors(present);
  }

  return { load, refreshStories, refreshAuthors, reconcile };
}
