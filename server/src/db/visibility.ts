/**
 * Who may see a story (DESIGN.md decisions 7-8), the one definition every story query uses: public and not
 * hidden by reports, or the viewer is its author. `viewer` is an SQL uuid expression (null for a visitor).
 */
import { sql, type SQL } from 'drizzle-orm';
import { stories } from './schema';

export const visibleStory = (viewer: SQL): SQL =>
  sql`((${stories.isPublic} AND ${stories.hiddenAt} IS NULL) OR ${stories.authorId} = ${viewer})`;

/**
 * Which stops of a tour a viewer sees (issue 25), the one definition every tour query uses: a stop counts only
 * while its story is public and not hidden, for everyone, its author included (a story made private or hidden
 * drops out of every tour; a deleted one takes its stop row with it). `viewer` (an SQL uuid expression, null for
 * a visitor) is where a later rule per viewer goes, such as authors the viewer blocked.
 */
export const visibleTourStop = (_viewer: SQL): SQL => sql`(${stories.isPublic} AND ${stories.hiddenAt} IS NULL)`;
