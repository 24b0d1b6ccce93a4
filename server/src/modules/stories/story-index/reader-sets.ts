/**
 * Id sets the story index keeps per recent signed-in reader: the stories they liked (likedByMe) and the authors
 * they blocked (left out of their reads, docs/design.md, rule 18). A reader's set is loaded at their first read and
 * forgotten when the change feed says theirs changed (the likes and blocks triggers), so a read costs no query.
 * A reader with more than `maxPerReader` ids is not kept: the source is asked at each read instead.
 */
export interface ReaderSetSource {
  /** The reader's ids; a source may stop at maxPerReader + 1 when it has `among`. */
  all(userId: string): Promise<string[]>;
  /** Those of `ids` in the reader's set, for a reader with too many to keep; absent: `all` at each read. */
  among?(userId: string, ids: string[]): Promise<string[]>;
}

export interface ReaderSetsOptions {
  /** Recent signed-in readers whose sets are kept. */
  maxReaders: number;
  /** The most ids kept for one reader. */
  maxPerReader: number;
}

export function createReaderSets(source: ReaderSetSource, options: ReaderSetsOptions) {
  const sets = new Map<string, Set<string>>();
  const askEachTime = new Set<string>();
  /** Bumped by every change of anyone's set: a load that saw one meanwhile is used once, not kept. */
  let changes = 0;

  /** The reader's set, or (for a reader with too many) at least those of `ids` in it. */
  async function of(userId: string, ids: string[] = []): Promise<Set<string>> {
    const cached = sets.get(userId);
    if (cached) {
      // Map order as recency: a hit moves to the end.
      sets.delete(userId);
      sets.set(userId, cached);
      return cached;
    }
    if (askEachTime.has(userId))
      return new Set(source.among ? await source.among(userId, ids) : await source.all(userId));
    const before = changes;
    const all = await source.all(userId);
    if (all.length > options.maxPerReader) {
      askEachTime.add(userId);
      return source.among ? of(userId, ids) : new Set(all);
    }
    const set = new Set(all);
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
      if (userIds === '*') {
        sets.clear();
        askEachTime.clear();
      } else {
        for (const id of userIds) {
          sets.delete(id);
          askEachTime.delete(id);
        }
      }
    },
  };
}
