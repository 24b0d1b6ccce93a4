/**
 * Who may see a story (docs/design.md, rules 7-8, 18): one predicate, `storyVisibleTo`, that every story query uses.
 * A story is visible when it is public and not hidden by reports or a moderator; what differs between callers is
 * only how the viewer's own stories count and whether blocked authors are left out here, both named parameters.
 * `viewer` is an SQL uuid expression (null for a visitor).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * "Has this reader blocked this author?" — the one predicate for every read that must leave a blocked author out
 * (stories, notifications, tours…). A visitor (NULL) has blocked no one.
 */
export const authorBlockedBy = (viewer: SQL, author: SQL | AnyPgColumn): SQL =>
  sql`EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = ${viewer} AND blocks.blocked_id = ${author})`;

export interface StoryVisibility {
  /** How the query names the stories row: the table itself (default) or an alias such as `s`. */
  row?: string;
  /**
   * The viewer's own stories:
   * - `sees-all`: visible even when private or hidden (the author's reads, media, unlocks, the export);
   * - `sees-private`: visible when private, not when hidden (the smart suggestions' sample: a hidden story of one's
   *   own is no suggestion);
   * - `as-anyone`: no exception (tour stops: a private or hidden story drops out of every tour, its author's too);
   * - `excluded`: never (notifications about someone else's story: a like, a nearby find).
   */
  own: 'sees-all' | 'sees-private' | 'as-anyone' | 'excluded';
  /**
   * `excluded`: leave out authors the viewer blocked (every read of stories and tours). `ignored` where blocks are
   * applied elsewhere or do not apply: the story index walks its cards without blocked authors (card-index.ts), a
   * user's notifications drop blocked authors when read (notification-repository.ts `NOT_FROM_BLOCKED`), a like
   * notifies the story's author (whose blocks are not the liker's). The smart suggestions' sample excludes them: its
   * counts and hints must agree with a list that no longer has them (docs/decisions/051-walker-stumbles-fourth-round.md).
   */
  blockedAuthors: 'excluded' | 'ignored';
}

/** The one visibility predicate (see StoryVisibility for what each caller chooses). */
export function storyVisibleTo(viewer: SQL, { row = 'stories', own, blockedAuthors }: StoryVisibility): SQL {
  const column = (name: string) => sql.raw(`${row}.${name}`);
  const notBlocked =
    blockedAuthors === 'excluded' ? sql` AND NOT ${authorBlockedBy(viewer, column('author_id'))}` : sql``;
  const seenByAll = sql`${column('is_public')} AND ${column('hidden_at')} IS NULL${notBlocked}`;
  const isAuthor = sql`${column('author_id')} = ${viewer}`;
  switch (own) {
    case 'sees-all':
      return sql`((${seenByAll}) OR ${isAuthor})`;
    case 'sees-private':
      return sql`(${column('hidden_at')} IS NULL AND ((${column('is_public')}${notBlocked}) OR ${isAuthor}))`;
    case 'as-anyone':
      return sql`(${seenByAll})`;
    case 'excluded':
      return sql`(${seenByAll} AND ${column('author_id')} <> ${viewer})`;
  }
}

/** A story the viewer may read: everyone's visible stories, the viewer's own whatever their state. */
export const visibleStory = (viewer: SQL): SQL =>
  storyVisibleTo(viewer, { own: 'sees-all', blockedAuthors: 'excluded' });

/**
 * Which stops of a tour a viewer sees (docs/decisions/016-walk-mode-and-tours.md), the one definition every tour query uses: a stop counts only
 * while its story is public and not hidden, for everyone, its author included (a deleted story takes its stop row
 * with it), and never a stop by an author the viewer blocked.
 */
export const visibleTourStop = (viewer: SQL): SQL =>
  storyVisibleTo(viewer, { own: 'as-anyone', blockedAuthors: 'excluded' });

/**
 * The same rule for a story already in memory (the story index's cards, a tour's stops when it is made): seen by
 * everyone when public and not hidden, as `seenByAll` in `storyVisibleTo` above.
 */
export const seenByEveryone = (story: { isPublic: boolean; hidden: boolean }): boolean =>
  story.isPublic && !story.hidden;

/** `own: 'sees-all'` for a story in memory: seen by everyone, or the viewer's own whatever its state. */
export const visibleToViewer = (seenByAll: boolean, isAuthor: boolean): boolean => seenByAll || isAuthor;
