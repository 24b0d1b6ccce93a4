import { afterEach, describe, expect, it } from 'vitest';
import { startChangeFeed, type IndexTasks } from './change-feed';
import { STORY_CHANGE_CHANNEL } from './story-index-repository';

/**
 * The change feed against a stand-in for PostgreSQL's LISTEN/NOTIFY: the test delivers each notification itself,
 * in the order it chooses, and holds a story fetch open to let the queue back up as it does under load.
 */
async function feedUnderTest() {
  const handlers = new Map<string, (payload: string) => void>();
  const fencesSent: string[] = [];
  const fetches: string[][] = [];
  let releaseFetch: (() => void) | undefined;
  let holdFetches = false;
  const tasks: IndexTasks = {
    load: async () => {},
    reconcile: async () => {},
    refreshStories: async (ids) => {
      fetches.push(ids);
      if (holdFetches) await new Promise<void>((resolve) => (releaseFetch = resolve));
    },
    refreshAuthors: async () => {},
    forgetLikes: () => {},
    forgetBlocks: () => {},
    knowsAuthor: () => false,
  };
  const feed = await startChangeFeed(
    {
      listen: async (channel, handler) => {
        handlers.set(channel, handler);
        return async () => {};
      },
      notifyFence: async (payload) => {
        fencesSent.push(payload);
      },
    },
    tasks,
    {
      consistency: 'writes',
      lagMs: 60_000,
      lostMs: 120_000,
      readWaitMs: 50,
      heartbeatMs: 60_000,
      reconcileMs: 3_600_000,
    },
  );
  const notify = (payload: string) => handlers.get(STORY_CHANGE_CHANNEL)!(payload);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  await settle(); // the load
  return {
    feed,
    fetches,
    fencesSent,
    notify,
    settle,
    hold: () => (holdFetches = true),
    release: () => {
      holdFetches = false;
      releaseFetch?.();
    },
  };
}

describe('change feed', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('fetches the stories of a backed-up queue together, across the fences between them', async () => {
    const t = await feedUnderTest();
    close = () => t.feed.close();
    expect(t.feed.state).toBe('ready');

    // A fetch is under way when two writers' changes and fences arrive, interleaved as their commits were.
    t.hold();
    t.notify('a');
    await t.settle();
    expect(t.fetches).toEqual([['a']]);
    t.feed.fenceWrite(['writer-1']);
    t.feed.fenceWrite(['writer-2']);
    const [fence1, fence2] = t.fencesSent;
    t.notify('b');
    t.notify(fence1!);
    t.notify('c');
    t.notify(fence2!);
    // Both writers' next reads wait: their fences are behind the fetch.
    const read1 = t.feed.readyForRead(['writer-1']);
    expect(read1).toBeInstanceOf(Promise);

    t.release();
    await t.settle();
    // One fetch for both changes (not one per write), and both fences through with it.
    expect(t.fetches).toEqual([['a'], ['b', 'c']]);
    expect(await read1).toBe(true);
    expect(t.feed.readyForRead(['writer-2'])).toBe(true);
    expect(t.feed.reads).toMatchObject({ index: 2, ownWriteLate: 0 });
  });

  it('a read whose own write is not through in time goes to SQL, and is counted so', async () => {
    const t = await feedUnderTest();
    close = () => t.feed.close();
    t.feed.fenceWrite(['writer']);
    // The fence never comes back within readWaitMs (50 ms here).
    expect(await t.feed.readyForRead(['writer'])).toBe(false);
    expect(t.feed.reads).toMatchObject({ index: 0, ownWriteLate: 1 });
    // Another reader is not held up by it.
    expect(t.feed.readyForRead(['someone-else'])).toBe(true);
    expect(t.feed.reads.index).toBe(1);
  });
});
