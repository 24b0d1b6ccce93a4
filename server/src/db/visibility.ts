/**
 * Who may see a story (DESIGN.md decisions 7-8), the one definition every story query uses: public and not
 * hidden by reports, or the viewer is its author. `viewer` is an SQL uuid expression (null for a visitor).
 */
import { sql, type SQL } from 'drizzle-orm';
import { stories } from './schema';

export const visibleStory = (viewer: SQL): SQL =>
  sql`((${stories.isPublic} AND ${stories.hiddenAt} IS NULL) OR ${stories.authorId} = ${viewer})`;
