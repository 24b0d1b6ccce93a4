/**
 * The in-process buffer between the event route and the database (docs/decisions/018-insights-counts-not-readers.md): an event adds 1 to a
 * (story, day, kind) cell in memory — no I/O on the request — and `flush()` hands the cells to one batched upsert.
 * The plugin flushes every INSIGHTS_FLUSH_MS and on close. A failed write keeps its cells for the next flush
 * (bounded, so a long database outage cannot grow memory for ever).
 */
import type { InsightEventKind } from '#common/insights';

/** `storyId`: the counted item's id (a tour's for the tour buffer). */
export interface InsightCount<K extends string = InsightEventKind> {
  storyId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  kind: K;
  count: number;
}

export interface EventBuffer<K extends string = InsightEventKind> {
  add(storyId: string, day: string, kind: K): void;
  /** Writes every buffered cell; concurrent calls wait for the one running and then write what came since. */
  flush(): Promise<void>;
  /** Cells waiting (tests). */
  size(): number;
}

const SEPARATOR = '|';

export function createEventBuffer<K extends string = InsightEventKind>(deps: {
  write: (counts: InsightCount<K>[]) => Promise<void>;
  maxCells?: number;
}): EventBuffer<K> {
  const maxCells = deps.maxCells ?? 100_000;
  let cells = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();

  const addCount = (key: string, count: number) => {
    if (!cells.has(key) && cells.size >= maxCells) return;
    cells.set(key, (cells.get(key) ?? 0) + count);
  };

  const writeOnce = async () => {
    if (cells.size === 0) return;
    const taken = cells;
    cells = new Map();
    const counts = [...taken].map(([key, count]) => {
      const [storyId, day, kind] = key.split(SEPARATOR) as [string, string, K];
      return { storyId, day, kind, count };
    });
    try {
      await deps.write(counts);
    } catch (error) {
      for (const [key, count] of taken) addCount(key, count);
      throw error;
    }
  };

  return {
    add(storyId, day, kind) {
      addCount([storyId, day, kind].join(SEPARATOR), 1);
    },
    flush() {
      running = running.catch(() => undefined).then(writeOnce);
      return running;
    },
    size: () => cells.size,
  };
}
