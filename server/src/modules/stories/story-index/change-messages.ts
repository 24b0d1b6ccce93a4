/**
 * The messages of the `story_change` channel the change feed (change-feed.ts) listens to: what migration 0008's
 * triggers (and 0015's) NOTIFY — the ids a statement changed, or '*' for a bulk statement; the readers whose likes
 * or blocks changed (`likes:<ids>`, `blocks:<ids>`, '*' for all) — and the fences instances send
 * (`fence:<instance>:<n>`).
 */

/** A change the feed's queue applies. */
export type StoryChange =
  | { kind: 'stories'; ids: string[] }
  | { kind: 'likes'; userIds: string[] | '*' }
  | { kind: 'blocks'; userIds: string[] | '*' }
  | { kind: 'fence'; n: number };

/** The fence message `instance` sends as its `n`th. */
export const fenceMessage = (instance: string, n: number): string => `fence:${instance}:${n}`;

/**
 * What a message means for this instance: a change to apply, 'bulk' for a bulk statement (the index can no longer
 * be trusted until reconciled), or null (another instance's fence).
 */
export function storyChangeOf(payload: string, instance: string): StoryChange | 'bulk' | null {
  if (payload.startsWith('fence:')) {
    const [, from, n] = payload.split(':');
    return from === instance ? { kind: 'fence', n: Number(n) } : null;
  }
  if (payload.startsWith('likes:') || payload.startsWith('blocks:')) {
    const [kind, users] = payload.split(':') as ['likes' | 'blocks', string];
    return { kind, userIds: users === '*' ? '*' : users.split(',') };
  }
  if (payload === '*') return 'bulk';
  return { kind: 'stories', ids: payload.split(',') };
}
