/**
 * Notifications (docs/design.md, parts 3, 4, 7; docs/design.md, rule 10; docs/architecture.md, "Notifications"). The server makes them when something
 * happens, never a client:
 * - story_liked: to the author when someone else likes their story, once per liker and story;
 * - story_nearby: a signed-in reader's discoverable read brings others' stories within 1.5 km; the new finds of a
 *   read become ONE grouped notification, at most one an hour, finds in between join the next group;
 * - story_unlocked: the server unlocked someone else's story for the reader (within 100 m), once per story (a
 *   story unlocked by the read that first finds it is not also counted in a group);
 * - time_locked: at the first read after a time lock opens, for stories the reader was within 100 m of while
 *   the lock held.
 * None for one's own, private or hidden stories (the read only returns others' stories that are public and not
 * hidden). Which (user, story, kind) were handled is kept in notification_marks; never a reader's position.
 *
 * Cost: the discoverable read is the hot path. Marks only ever appear (they go only with their user or story), so
 * this process remembers which marks it has seen exist (MarkMemory) and goes to the database only when a read
 * holds something it has not seen yet — or pending nearby finds are due to be announced. The database stays the
 * judge (ON CONFLICT DO NOTHING), so several instances never notify twice.
 */
import type { Story } from '#common/schemas';
import { evaluateLock } from '#common/locks';
import { isUuid } from '#common/route-schemas';
import {
  likedWords,
  nearbyGroupWords,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TEXTS,
  timeLockedWords,
  unlockedWords,
  type TimeOfDay,
} from '#common/notifications';
import { words, type Words } from '#common/words';
import { statementOfReasonsWords } from '#common/moderation';
import { notFound } from '../../lib/http-errors';
import { timeZoneAt } from '../stories';
import type { NewNotification, NotificationCursor, NotificationRepository } from './notification-repository';
import type { StoredNotification } from './stored-notification';
import { buildSmartSuggestionWords } from './smart-suggestions';
import { MarkMemory } from './mark-memory';
import { WAITABLE_LOCK_REASONS, WAITABLE_LOCKS } from '#common/lock-kinds';

const NOTIFICATION_NOT_FOUND = 'Notification not found';

export type NotificationService = ReturnType<typeof createNotificationService>;

/**
 * THE port for other features that act on new notifications (Web Push, docs/decisions/015-installable-offline-push.md): called once, on the instance
 * that made them, with the notifications a call really created (none twice: the database decides). Listeners
 * must not throw or wait; they run after the notification is stored.
 */
export type NotificationsCreatedListener = (created: StoredNotification[]) => void;

export interface NotificationServiceDeps {
  repository: NotificationRepository;
  /** Where a failed hook is reported: a like or a read must not fail because its notification could not be made. */
  logger?: { error(obj: unknown, msg?: string): void };
  now?: () => Date;
}

export function createNotificationService(deps: NotificationServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const memory = new MarkMemory();
  const createdListeners: NotificationsCreatedListener[] = [];
  const announceCreated = (created: StoredNotification[]) => {
    if (created.length === 0) return;
    for (const listener of createdListeners) {
      try {
        listener(created);
      } catch (error) {
        deps.logger?.error({ err: error }, 'notifications: a created-listener failed');
      }
    }
  };
  const reported = async (what: string, work: () => Promise<StoredNotification[]>): Promise<StoredNotification[]> => {
    let created: StoredNotification[];
    try {
      created = await work();
    } catch (error) {
      deps.logger?.error({ err: error }, `notifications: ${what} failed`);
      return [];
    }
    announceCreated(created);
    return created;
  };

  /** A page of the user's notifications from `cursor` (opened by the route, lib/paging.ts), and the next one's. */
  async function page(
    userId: string,
    query: { limit?: number; cursor: NotificationCursor | null },
    unreadOnly: boolean,
  ) {
    return deps.repository.page(userId, {
      limit: query.limit ?? NOTIFICATION_LIMITS.pageDefault,
      cursor: query.cursor,
      unreadOnly,
    });
  }

  /**
   * The nearby-read bookkeeping (see the file comment). Marks not known here go to the database in one
   * statement; the hourly group is looked at only when it may be due (this process saw no group this hour).
   */
  async function recordNearbyRead(userId: string, stories: Story[]): Promise<StoredNotification[]> {
    const at = now();
    // Time locks already told, or looked at a moment ago, are not evaluated again (a time-zone lookup each).
    const settled = (id: string) => memory.has(userId, 'time_locked', id) || memory.recentlyChecked(userId, id, at);
    const candidates = nearbyCandidates(userId, stories, at, settled);
    const marks = candidates.marks.filter((m) => !memory.has(userId, m.kind, m.storyId));
    const opened = candidates.opened;
    // A closed time lock is looked at again after a few minutes: time_locked comes at a read within that of opening.
    for (const id of candidates.closed) memory.checked(userId, id, at);
    const created: StoredNotification[] = [];
    let newPending = 0;
    if (marks.length > 0 || opened.length > 0) {
      const titles = new Map(stories.map((s) => [s.id, s.title]));
      const result = await deps.repository.recordMarks({
        userId,
        marks,
        opened,
        now: at,
        texts: [
          ...marks
            .filter((m) => m.kind === 'unlocked')
            .map((m) => ({
              storyId: m.storyId,
              kind: 'unlocked' as const,
              notification: unlockedNotification(userId, m.storyId, titles),
            })),
          ...opened.map((id) => ({
            storyId: id,
            kind: 'time_locked' as const,
            notification: timeLockedNotification(userId, id, titles),
          })),
        ],
      });
      created.push(...result.created);
      newPending = result.newPending;
      for (const m of marks) memory.add(userId, m.kind, m.storyId);
      for (const n of result.created)
        if (n.type === 'time_locked' && n.storyId) memory.add(userId, 'time_locked', n.storyId);
      for (const id of opened) memory.checked(userId, id, at);
    }
    if (memory.groupMayBeDue(userId, at, newPending)) {
      const group = await deps.repository.announcePendingNearby({
        userId,
        now: at,
        notification: (count, onlyStoryId) => ({
          userId,
          type: 'story_nearby',
          title: words(NOTIFICATION_TEXTS.nearbyTitle),
          message: nearbyGroupWords(count),
          // A group of one opens its story; a larger group has no single story (the client opens the nearby list).
          storyId: onlyStoryId,
        }),
      });
      created.push(...group.created);
      memory.setGroup(userId, group.lastGroupAt, group.pending);
    }
    return created;
  }

  return {
    /** Subscribes to every notification this instance creates (see NotificationsCreatedListener). */
    onNotificationsCreated(listener: NotificationsCreatedListener): void {
      createdListeners.push(listener);
    },

    list: (userId: string, query: { limit?: number; cursor: NotificationCursor | null }) => page(userId, query, false),
    unread: (userId: string, query: { limit?: number; cursor: NotificationCursor | null }) => page(userId, query, true),

    async markRead(userId: string, id: string): Promise<void> {
      // Someone else's notification, a missing one and a malformed id all answer the same 404.
      if (!isUuid(id) || !(await deps.repository.markRead(userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
    },

    markAllRead: (userId: string) => deps.repository.markAllRead(userId),

    replay(userId: string, lastEventId: string | null): Promise<StoredNotification[]> {
      const since = new Date(now().getTime() - NOTIFICATION_LIMITS.replayWindowMs);
      const id = lastEventId && isUuid(lastEventId) ? lastEventId : null;
      return deps.repository.replay(userId, id, since, NOTIFICATION_LIMITS.replayMax);
    },

    /** After a like was added: story_liked to the author, once per liker and story. */
    storyLiked(liker: { id: string; displayName: string }, storyId: string): Promise<StoredNotification[]> {
      return reported('story_liked', async () => {
        const story = await deps.repository.likedStory(liker.id, storyId);
        if (!story) return [];
        return deps.repository.insertLikeOnce(liker.id, {
          userId: story.authorId,
          type: 'story_liked',
          title: words(NOTIFICATION_TEXTS.likedTitle),
          message: likedWords(liker.displayName, story.title),
          storyId,
        });
      });
    },

    /** story_hidden to the author of a story that reports have just hidden (made once: hiding happens once). */
    /** The automatic hide's statement of reasons to the author (docs/design.md, rules 14, 18). */
    storyHidden(story: {
      storyId: string;
      authorId: string;
      title: string;
      decisionId: string;
      reason: string;
    }): Promise<StoredNotification[]> {
      const statement = statementOfReasonsWords({
        action: 'auto_hide',
        reason: story.reason,
        automatic: true,
        storyTitle: story.title,
        suspendDays: null,
      });
      return reported('story_hidden', () =>
        deps.repository.insert({
          userId: story.authorId,
          type: 'story_hidden',
          title: words(NOTIFICATION_TEXTS.hiddenTitle),
          message: statement,
          storyId: story.storyId,
        }),
      );
    },

    /**
     * Moderation's notices (modules/moderation): a statement of reasons to a decision's subject, an outcome to a
     * reporter, an appeal's result. Kinds of NOTIFICATION_TYPES, so push can carry them like any other.
     */
    moderationNotices(
      notices: {
        userId: string;
        type: 'moderation_decision' | 'report_outcome';
        title: Words;
        message: Words;
        storyId: string | null;
      }[],
    ): Promise<StoredNotification[]> {
      if (notices.length === 0) return Promise.resolve([]);
      return reported('moderation notice', () => deps.repository.insert(...notices));
    },

    /**
     * Traces' and follows' notices (modules/traces, modules/follows), written by those modules' rules: a grouped
     * one (`grouped`: replaces the user's unread notice of its kind and story) or plain ones; pushed like any other.
     */
    traceAndFollowNotices(notices: NewNotification[], { grouped = false } = {}): Promise<StoredNotification[]> {
      if (notices.length === 0) return Promise.resolve([]);
      return reported(notices[0]!.type, async () => {
        if (!grouped) return deps.repository.insert(...notices);
        const created: StoredNotification[] = [];
        for (const notice of notices) {
          if (notice.storyId)
            created.push(...(await deps.repository.replaceUnread({ ...notice, storyId: notice.storyId })));
        }
        return created;
      });
    },

    /**
     * After a signed-in reader's discoverable read (`stories` as the reader received them: distance and lock
     * decided by the server). Writes only what is new, and nothing at all when every mark is known.
     */
    recordNearbyRead(userId: string, stories: Story[]): Promise<StoredNotification[]> {
      return reported('nearby read', () => recordNearbyRead(userId, stories));
    },

    async smart(args: {
      latitude: number;
      longitude: number;
      timeOfDay: TimeOfDay;
      user: { id: string; favoriteStoryType: string | null } | null;
    }) {
      const sample = await deps.repository.smartSample({
        latitude: args.latitude,
        longitude: args.longitude,
        userId: args.user?.id ?? null,
        limit: NOTIFICATION_LIMITS.smartSampleSize,
        maxDistance: NOTIFICATION_LIMITS.discoveryRadiusM,
      });
      return buildSmartSuggestionWords(sample, {
        location: args,
        timeOfDay: args.timeOfDay,
        user: args.user ? { favoriteStoryType: args.user.favoriteStoryType } : null,
      });
    },

    prune: () => deps.repository.prune(now()),
  };
}

/**
 * What one read may mark: every story of someone else as found nearby; those the server unlocked; those within
 * 100 m but held by a time lock; and (`opened`) the time-locked ones whose lock is open right now, distance aside
 * (`closed`: those whose lock is shut; `settled` ones are not evaluated at all).
 */
function nearbyCandidates(
  userId: string,
  stories: Story[],
  now: Date,
  settled: (storyId: string) => boolean = () => false,
) {
  const marks: { storyId: string; kind: 'nearby' | 'unlocked' | 'near_locked'; announced?: boolean }[] = [];
  const opened: string[] = [];
  const closed: string[] = [];
  for (const story of stories) {
    if (story.authorId === userId || !story.isPublic) continue;
    // A story unlocked by the very read that finds it is told by story_unlocked alone, not also in a group.
    marks.push({ storyId: story.id, kind: 'nearby', announced: !story.isLocked });
    if (!story.isLocked) marks.push({ storyId: story.id, kind: 'unlocked' });
    else if (story.lockReason && WAITABLE_LOCK_REASONS.has(story.lockReason))
      marks.push({ storyId: story.id, kind: 'near_locked' });
    // Time locks a reader can wait for (weather is not a time: it unlocks with story_unlocked when it clears).
    if (WAITABLE_LOCKS.has(story.timeRestriction) && !settled(story.id))
      (timeLockOpen(story, now) ? opened : closed).push(story.id);
  }
  return { marks, opened, closed };
}

/** The story's time lock alone (as if the reader stood at it), in the story's own time zone. */
function timeLockOpen(story: Story, now: Date): boolean {
  const lock = evaluateLock(story, {
    distance: 0,
    isAuthor: false,
    now,
    timeZone: timeZoneAt(story.latitude, story.longitude),
  });
  return !lock.isLocked;
}

function unlockedNotification(userId: string, storyId: string, titles: Map<string, string>): NewNotification {
  const title = titles.get(storyId) ?? 'a whisper';
  return {
    userId,
    type: 'story_unlocked',
    title: words(NOTIFICATION_TEXTS.unlockedTitle),
    message: unlockedWords(title),
    storyId,
  };
}

function timeLockedNotification(userId: string, storyId: string, titles: Map<string, string>): NewNotification {
  const title = titles.get(storyId) ?? 'a whisper';
  return {
    userId,
    type: 'time_locked',
    title: words(NOTIFICATION_TEXTS.timeLockedTitle),
    message: timeLockedWords(title),
    storyId,
  };
}
