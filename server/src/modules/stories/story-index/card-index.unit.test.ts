import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type NearestQuery, type StoryCard } from './card';
import { haversineMetres } from '#common/geo';
import { lockValuesFor } from '#common/lock-kinds';
import { CardIndex } from './card-index';

/** Every lock field empty: the cards are unlocked by time (the lock kinds are the kinds-handled test's). */
const NO_LOCK = lockValuesFor('none', {});

const VIEWERS = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];

const cardArb = (n: number) =>
  fc
    .record({
      latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
      longitude: fc.double({ min: -179.9, max: 179.9, noNaN: true }),
      authorIndex: fc.integer({ min: 0, max: 1 }),
      isPublic: fc.boolean(),
      hidden: fc.boolean(),
      createdAtMicros: fc.integer({ min: 0, max: 5 }),
      traceCount: fc.nat({ max: 10_000 }),
    })
    .map((c): StoryCard => ({
      id: `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
      title: `Story ${n}`,
      description: null,
      duration: null,
      wordCount: 1,
      latitude: c.latitude,
      longitude: c.longitude,
      category: 'Mystery',
      language: 'en',
      type: 'text',
      authorId: VIEWERS[c.authorIndex]!,
      likes: 0,
      traceCount: c.traceCount,
      isPublic: c.isPublic,
      hidden: c.hidden,
      timeRestriction: 'none',
      ...NO_LOCK,
      createdAtMicros: c.createdAtMicros,
      revision: n,
    }));

/** The definition: every visible card within the radius, nearest first, newest first, then by id descending. */
function bruteForce(cards: Iterable<StoryCard>, q: NearestQuery) {
  return [...cards]
    .filter((c) => (c.isPublic && !c.hidden) || c.authorId === q.viewerId)
    .map((card) => ({ card, distance: haversineMetres(q, card) }))
    .filter((h) => h.distance <= q.radius)
    .sort(
      (a, b) =>
        a.distance - b.distance || b.card.createdAtMicros - a.card.createdAtMicros || (a.card.id < b.card.id ? 1 : -1),
    )
    .slice(0, q.limit)
    .map((h) => h.card.id);
}

describe('CardIndex.nearest', () => {
  it('is the brute-force answer, through the tree, the overlay, moves, deletions and rebuilds', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 120 })
          .chain((count) =>
            fc.tuple(
              fc.tuple(...Array.from({ length: count }, (_, i) => cardArb(i))),
              fc.array(
                fc.tuple(
                  fc.integer({ min: 0, max: count - 1 }),
                  fc.constantFrom('delete', 'move', 'hide', 'stack', 'trace'),
                ),
                { maxLength: 30 },
              ),
            ),
          ),
        fc.record({
          latitude: fc.double({ min: -89, max: 89, noNaN: true }),
          longitude: fc.double({ min: -179, max: 179, noNaN: true }),
          radius: fc.constantFrom(1_500, 500_000, 20_000_000),
          limit: fc.integer({ min: 1, max: 60 }),
          viewerId: fc.constantFrom(null, ...VIEWERS),
        }),
        ([initial, changes], q) => {
          const index = new CardIndex(8);
          const truth = new Map<string, StoryCard>();
          initial.slice(0, Math.ceil(initial.length / 2)).forEach((card) => index.upsert(card, true));
          index.rebuild();
          initial.slice(Math.ceil(initial.length / 2)).forEach((card) => index.upsert(card)); // overlay, rebuilds
          initial.forEach((card) => truth.set(card.id, card));
          for (const [at, change] of changes) {
            const card = truth.get(initial[at]!.id);
            if (!card) continue;
            if (change === 'delete') {
              index.delete(card.id);
              truth.delete(card.id);
              continue;
            }
            const next = { ...card, revision: card.revision + 1000 };
            if (change === 'move') Object.assign(next, { latitude: q.latitude + 0.001, longitude: q.longitude });
            if (change === 'hide') next.hidden = !card.hidden;
            if (change === 'trace') next.traceCount = card.traceCount + 1;
            // Stacked exactly on the query point: ties in distance, decided by age and id.
            if (change === 'stack') Object.assign(next, { latitude: q.latitude, longitude: q.longitude });
            index.upsert(next);
            truth.set(next.id, next);
          }
          expect(index.nearest(q).map((h) => h.card.id)).toEqual(bruteForce(truth.values(), q));
          // Every card read back as written, its trace count with it.
          for (const { card } of index.nearest(q)) expect(card).toEqual(truth.get(card.id));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ignores an answer older than the card it holds', () => {
    const index = new CardIndex();
    const base = fc.sample(cardArb(1), 1)[0]!;
    index.upsert({ ...base, title: 'New', revision: 5 });
    index.upsert({ ...base, title: 'Old', revision: 4 });
    expect(index.get(base.id)?.title).toBe('New');
  });
});
