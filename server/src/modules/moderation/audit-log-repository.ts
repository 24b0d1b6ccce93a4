/** The moderation audit log's writer: every decision, appeal and role change leaves a line (append-only). */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A database or a transaction. */
export type Tx = Pick<Database, 'query'>;

export const audit = (
  tx: Tx,
  e: {
    actorId: string | null;
    event: string;
    subjectUserId?: string | null;
    storyId?: string | null;
    decisionId?: string | null;
    reason?: string | null;
    note?: string | null;
    detail?: string | null;
  },
) =>
  tx.query(sql`
    INSERT INTO moderation_audit_log (actor_id, actor_username, event, subject_user_id, story_id, decision_id, reason, note, detail)
    VALUES (${e.actorId}, (SELECT username FROM users WHERE id = ${e.actorId}), ${e.event}, ${e.subjectUserId ?? null},
            ${e.storyId ?? null}, ${e.decisionId ?? null}, ${e.reason ?? null}, ${e.note ?? null}, ${e.detail ?? null})`);
