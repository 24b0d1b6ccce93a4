/**
 * Whether the story that owns a media key may still be seen by the requester (db/visibility.ts): a signed URL
 * outlives neither its story's hiding (reports), nor its going private, nor its deletion — except for the author.
 * One lookup through the partial key indexes of migrations 0008 and 0019 (a transcript's file is checked the same
 * way as the media: docs/decisions/056-transcripts-and-captions.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stories } from '../../db/schema';
import { visibleStory } from '../../db/visibility';
import { MEDIA_KEY_FIELDS } from '#common/media-kinds';

export type MediaOwnerAccess = 'visible' | 'not-visible' | 'no-story';

export function createMediaAccessRepository(database: Database) {
  return {
    async access(key: string, viewerId: string | null): Promise<MediaOwnerAccess> {
      const viewer = viewerId ? sql`${viewerId}::uuid` : sql`NULL::uuid`;
      const rows = await database.query<{ visible: boolean }>(sql`
        SELECT (${visibleStory(viewer)}
                -- Moderators review reported and hidden stories' media wherever they stand (docs/design.md, rule 18).
                OR EXISTS (SELECT 1 FROM users m WHERE m.id = ${viewer} AND m.role IN ('moderator', 'admin'))) AS visible
        FROM ${stories}
        WHERE ${sql.join(
          [...MEDIA_KEY_FIELDS, 'thumbnailKey' as const, 'transcriptKey' as const].map(
            (field) => sql`${stories[field]} = ${key}`,
          ),
          sql` OR `,
        )}
        LIMIT 1`);
      const row = rows[0];
      if (!row) return 'no-story';
      return row.visible ? 'visible' : 'not-visible';
    },
  };
}
