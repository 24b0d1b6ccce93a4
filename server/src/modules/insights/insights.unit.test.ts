import { describe, expect, it } from 'vitest';
import { createMemoryState } from '../../shared-state/memory-state';
import { createDailyDedup, utcDay } from './daily-dedup';
import { createEventBuffer, type InsightCount } from './event-buffer';
import { closedDays, localDay } from './closed-days';

describe('event buffer', () => {
  it('sums events per (story, day, kind) and writes them in one batch', async () => {
    const writes: InsightCount[][] = [];
    const buffer = createEventBuffer({ write: async (counts) => void writes.push(counts) });
    buffer.add('s1', '2026-11-25', 'open');
    buffer.add('s1', '2026-11-25', 'open');
    buffer.add('s1', '2026-11-25', 'q50');
    buffer.add('s2', '2026-11-24', 'open');
    await buffer.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual([
      { storyId: 's1', day: '2026-11-25', kind: 'open', count: 2 },
      { storyId: 's1', day: '2026-11-25', kind: 'q50', count: 1 },
      { storyId: 's2', day: '2026-11-24', kind: 'open', count: 1 },
    ]);
    await buffer.flush();
    expect(writes).toHaveLength(1);
  });

  it('keeps the counts of a failed write for the next flush', async () => {
    let fail = true;
    const written: InsightCount[] = [];
    const buffer = createEventBuffer({
      write: async (counts) => {
        if (fail) throw new Error('database away');
        written.push(...counts);
      },
    });
    buffer.add('s1', '2026-11-25', 'play');
    await expect(buffer.flush()).rejects.toThrow('database away');
    buffer.add('s1', '2026-11-25', 'play');
    fail = false;
    await buffer.flush();
    expect(written).toEqual([{ storyId: 's1', day: '2026-11-25', kind: 'play', count: 2 }]);
  });

  it('holds at most maxCells cells', () => {
    const buffer = createEventBuffer({ write: async () => {}, maxCells: 2 });
    buffer.add('a', 'd', 'open');
    buffer.add('b', 'd', 'open');
    buffer.add('c', 'd', 'open');
    buffer.add('a', 'd', 'open');
    expect(buffer.size()).toBe(2);
  });
});

describe('daily de-duplication', () => {
  it('lets a reader count once per story, kind and day; a new day counts again', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const dedup = createDailyDedup(createMemoryState({ now: () => now }), 'secret');
    const day = () => utcDay(now);
    expect(await dedup.first('user:a', 's1', day(), 'open', now)).toBe(true);
    expect(await dedup.first('user:a', 's1', day(), 'open', now)).toBe(false);
    expect(await dedup.first('user:a', 's1', day(), 'q25', now)).toBe(true);
    expect(await dedup.first('user:b', 's1', day(), 'open', now)).toBe(true);
    expect(await dedup.first('user:a', 's2', day(), 'open', now)).toBe(true);
    now = Date.parse('2026-11-25T23:59:00Z');
    expect(await dedup.first('user:a', 's1', day(), 'open', now)).toBe(false);
    now = Date.parse('2026-11-26T00:01:00Z');
    expect(await dedup.first('user:a', 's1', day(), 'open', now)).toBe(true);
  });

  it('forgets a day within 48 h (15 h after the UTC day of its date ends: every local day has ended by then)', async () => {
    let now = Date.parse('2026-11-25T00:00:01Z');
    const state = createMemoryState({ now: () => now });
    const keys: string[] = [];
    const spy = {
      ...state,
      increment: (key: string, ttl: number) => (keys.push(`${key} ${ttl}`), state.increment(key, ttl)),
    };
    const dedup = createDailyDedup(spy, 'secret');
    await dedup.first('ip:203.0.113.9', 's1', '2026-11-25', 'open', now);
    const ttl = Number(keys[0]!.split(' ')[1]);
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000);
    expect(ttl).toBe(39 * 3_600_000 - 1000);
    // The key says neither the reader nor the story.
    expect(keys[0]).not.toContain('203.0.113.9');
    expect(keys[0]).not.toContain('s1');
    now += ttl;
    expect(await dedup.first('ip:203.0.113.9', 's1', '2026-11-25', 'open', now)).toBe(true);
  });
});

describe('closedDays', () => {
  it('gives the days that have ended in the place’s time zone, an hour ago or more, oldest first', () => {
    // 05:00 UTC on 1 March: in Berlin (06:00) 28 February ended five hours ago.
    expect(closedDays(3, Date.parse('2026-03-01T05:00:00Z'), 'Europe/Berlin')).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
    ]);
    // In New York 28 February ends at that moment: it waits its hour.
    expect(closedDays(2, Date.parse('2026-03-01T05:00:00Z'), 'America/New_York')).toEqual(['2026-02-26', '2026-02-27']);
    expect(closedDays(2, Date.parse('2026-03-01T06:00:00Z'), 'America/New_York')).toEqual(['2026-02-27', '2026-02-28']);
    expect(closedDays(90, Date.now(), 'UTC')).toHaveLength(90);
  });

  it('names the local calendar day of an instant', () => {
    expect(localDay(Date.parse('2026-03-01T04:59:00Z'), 'America/New_York')).toBe('2026-02-28');
    expect(localDay(Date.parse('2026-03-01T04:59:00Z'), 'Europe/Berlin')).toBe('2026-03-01');
  });
});
