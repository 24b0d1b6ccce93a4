/**
 * The withheld columns (content, media keys, TikTok link) of stories read recently within unlock reach, each kept
 * for the revision it was read at (docs/decisions/026-content-cache.md). Every update of a story gives it a new
 * revision (migration 0008), so an entry whose revision is the card's is exactly what the table held for that card:
 * no invalidation is needed, a changed story simply misses. A read of the same place (every open app re-reads
 * its surroundings every few seconds) then asks the database nothing.
 *
 * Bounded by entries and by the characters held; the oldest entries go first (insertion order: a hit does not
 * move an entry, so a hit costs one map lookup).
 */
import type { WithheldColumn } from '../story-view';

export type WithheldValues = Readonly<Record<WithheldColumn, string | null>>;

interface Entry {
  revision: number;
  values: WithheldValues;
  chars: number;
}

export class ContentCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 200_000,
    /** About 2 bytes a character: 32M characters is at most ~64 MB of strings. */
    private readonly maxChars = 32_000_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** The story's withheld values at `revision`, if they are held for exactly that revision. */
  get(id: string, revision: number): WithheldValues | undefined {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.revision === revision ? entry.values : undefined;
  }

  set(id: string, revision: number, values: WithheldValues) {
    const held = this.entries.get(id);
    if (held !== undefined) {
      if (held.revision > revision) return; // a late answer: keep the newer one
      this.chars -= held.chars;
      this.entries.delete(id);
    }
    const chars = charsOf(values);
    if (chars > this.maxChars) return;
    this.entries.set(id, { revision, values, chars });
    this.chars += chars;
    for (const [oldestId, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldestId);
      this.chars -= oldest.chars;
    }
  }

  clear() {
    this.entries.clear();
    this.chars = 0;
  }
}

function charsOf(values: WithheldValues): number {
  let chars = 0;
  for (const value of Object.values(values)) chars += value?.length ?? 0;
  return chars;
}
