/**
 * Who may see a story (DESIGN.md decisions 7-8, 18), the one definition every story query uses: public and not
 * hidden by reports or a moderator, or the viewer is its author — and never an author the viewer has blocked.
 * `viewer` is an SQL uuid expression (null for a visitor).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stories } from './schema';

/**
 * "Has this reader blocked this author?" — the one predicate for every read that must leave a blocked author out
 * (stories, notifications, tours…). A visitor (NULL) has blocked no one.
 */
export const authorBlockedBy = (viewer: SQL, author: SQL | AnyPgColumn): SQL =>
  sql`EXISTS (SELECT 1 FROM blocks WHERE blocks.blocker_id = ${viewer} AND blocks.blocked_id = ${author})`;

export const visibleStory = (viewer: SQL): SQL =>
  sql`((${stories.isPublic} AND ${stories.hiddenAt} IS NULL AND NOT ${authorBlockedBy(viewer, stories.authorId)}) OR ${stories.authorId} = ${viewer})`;

/**
 * Which stops of a tour a viewer sees (issue 25), the one definition every tour query uses: a stop counts only
 * while its story is public and not hidden, for everyone, its author included (a story made private or hidden
 * drops out of every tour; a deleted one takes its stop row with it), and never a stop by an author the viewer
 * blocked. `viewer` is an SQL uuid expression, null for a visitor.
 */
export const visibleTourStop = (viewer: SQL): SQL =>
  sql`(${stories.isPublic} AND ${stories.hiddenAt} IS NULL AND NOT ${authorBlockedBy(viewer, stories.authorId)})`;
