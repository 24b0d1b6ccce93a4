/**
 * Moderation in SQL (docs/design.md, rule 18): the queue, decisions on stories and authors, appeals, the audit log,
 * roles and blocks. Each decision is one transaction: the decision row, its effect, the reports it closes and its
 * audit line are written together or not at all. The audit log is append-only (migration 0012's trigger).
 */
import { sql } from 'drizzle-orm';
import { APPEALABLE_ACTIONS, MODERATION_LIMITS, type DecisionAction } from '#common/moderation';
import { type AuditEntry, type Decision, type MyDecision } from '#common/moderation-schemas';
import type { Database } from '../../db/client';
import { MEDIA_COLUMNS } from '#common/media-kinds';
import { audit, type Tx } from './audit-log-repository';
import { blockQueries } from './block-repository';
import { roleQueries } from './role-repository';
import { iso, toDecision, type DecisionRow, type StoryForModeration, type SubjectRow } from './moderation-rows';

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

/** Each media kind's key column of the queue's stories (`s`). */
const MEDIA_SELECT = sql.raw(MEDIA_COLUMNS.map((column) => `s.${column}`).join(', '));

export function createModerationRepository(database: Database) {
  const insertDecision = async (
    tx: Tx,
    d: {
      subjectUserId: string;
      storyId: string | null;
      storyTitle: string | null;
      moderatorId: string | null;
      action: DecisionAction;
      reason: string;
      note: string | null;
      suspendDays?: number | null;
    },
  ) => {
    const [row] = await tx.query<DecisionRow>(sql`
      INSERT INTO moderation_decisions (subject_user_id, story_id, story_title, moderator_id, action, reason, note, suspend_days)
      VALUES (${d.subjectUserId}, ${d.storyId}, ${d.storyTitle}, ${d.moderatorId}, ${d.action}, ${d.reason}, ${d.note}, ${d.suspendDays ?? null})
      RETURNING *`);
    await audit(tx, {
      actorId: d.moderatorId,
      event: d.action,
      subjectUserId: d.subjectUserId,
      storyId: d.storyId,
      decisionId: row!.id,
      reason: d.reason,
      note: d.note,
      detail: d.suspendDays ? `${d.suspendDays} days` : null,
    });
    return row!;
  };

  /** Closes the story's open reports with the decision; the distinct reporters, to tell them the outcome. */
  const resolveReports = async (tx: Tx, storyId: string, decisionId: string): Promise<string[]> => {
    const rows = await tx.query<{ user_id: string }>(sql`
      UPDATE reports SET resolved_at = now(), resolved_decision_id = ${decisionId}
      WHERE story_id = ${storyId} AND resolved_at IS NULL RETURNING user_id`);
    return [...new Set(rows.map((r) => r.user_id))];
  };

  const subject = async (tx: Tx, userId: string) =>
    (
      await tx.query<SubjectRow>(sql`
      SELECT id, username, display_name, role, suspended_until, banned_at IS NOT NULL AS banned FROM users WHERE id = ${userId}`)
    )[0];

  return {
    subject: (userId: string) => subject(database, userId),

    /** Stories with open reports or an open appeal, most weighted and newest first; plus open appeals without a story. */
    async queueStories(): Promise<
      {
        story: StoryForModeration | null;
        authorId: string;
        weight: number;
        openReports: number;
        fromNewAccounts: number;
        lastReportAt: string | null;
        appealDecisionId: string | null;
      }[]
    > {
      const stories = await database.query<
        StoryForModeration & {
          weight: number;
          open_reports: number;
          from_new_accounts: number;
          last_report_at: Date | string | null;
        }
      >(sql`
        SELECT s.id, s.title, s.description, s.content, s.type, s.category, s.latitude, s.longitude, s.is_public,
               s.hidden_at IS NOT NULL AS hidden, s.hidden_decision_id, s.created_at, ${MEDIA_SELECT},
               s.tiktok_url, s.author_id,
               (SELECT count(*) FROM reports r JOIN users u ON u.id = r.user_id
                 WHERE r.story_id = s.id AND r.resolved_at IS NULL AND r.counts
                   AND u.banned_at IS NULL AND NOT coalesce(u.suspended_until > now(), false)
                   AND r.created_at >= u.created_at + interval '1 day'
                   AND EXISTS (SELECT 1 FROM unlocks k WHERE k.user_id = r.user_id AND k.story_id = r.story_id))::int AS weight,
               (SELECT count(*) FROM reports r WHERE r.story_id = s.id AND r.resolved_at IS NULL)::int AS open_reports,
               (SELECT count(*) FROM reports r JOIN users u ON u.id = r.user_id
                 WHERE r.story_id = s.id AND r.resolved_at IS NULL AND r.created_at < u.created_at + interval '1 day')::int AS from_new_accounts,
               (SELECT max(r.created_at) FROM reports r WHERE r.story_id = s.id AND r.resolved_at IS NULL) AS last_report_at
        FROM stories s
        WHERE EXISTS (SELECT 1 FROM reports r WHERE r.story_id = s.id AND r.resolved_at IS NULL)
           OR EXISTS (SELECT 1 FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id
                      WHERE d.story_id = s.id AND a.status = 'open')
        ORDER BY weight DESC, coalesce((SELECT max(r.created_at) FROM reports r WHERE r.story_id = s.id AND r.resolved_at IS NULL), s.created_at) DESC
        LIMIT ${MODERATION_LIMITS.queueMax}`);
      const appealsWithoutStory = await database.query<{ decision_id: string; subject_user_id: string }>(sql`
        SELECT d.id AS decision_id, d.subject_user_id FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id
        WHERE a.status = 'open' AND d.story_id IS NULL ORDER BY a.created_at DESC LIMIT ${MODERATION_LIMITS.queueMax}`);
      return [
        ...stories.map((s) => ({
          story: s,
          authorId: s.author_id,
          weight: s.weight,
          openReports: s.open_reports,
          fromNewAccounts: s.from_new_accounts,
          lastReportAt: s.last_report_at === null ? null : iso(s.last_report_at),
          appealDecisionId: null,
        })),
        ...appealsWithoutStory.map((a) => ({
          story: null,
          authorId: a.subject_user_id,
          weight: 0,
          openReports: 0,
          fromNewAccounts: 0,
          lastReportAt: null,
          appealDecisionId: a.decision_id,
        })),
      ];
    },

    async reportGroups(storyId: string) {
      return database.query<{ reason: string; count: number; notes: string[] }>(sql`
        SELECT reason, count(*)::int AS count,
               coalesce(array_agg(note ORDER BY created_at DESC) FILTER (WHERE note IS NOT NULL AND note <> ''), '{}') AS notes
        FROM reports WHERE story_id = ${storyId} AND resolved_at IS NULL
        GROUP BY reason ORDER BY count(*) DESC, reason`);
    },

    /** The open appeal about this story's decisions (or about one decision), with the decision. */
    async openAppeal(where: { storyId: string } | { decisionId: string }) {
      const condition = 'storyId' in where ? sql`d.story_id = ${where.storyId}` : sql`d.id = ${where.decisionId}`;
      const [row] = await database.query<
        DecisionRow & { appeal_id: string; appeal_text: string; appeal_created_at: Date | string }
      >(sql`
        SELECT d.*, a.id AS appeal_id, a.text AS appeal_text, a.created_at AS appeal_created_at
        FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id
        WHERE a.status = 'open' AND ${condition} ORDER BY a.created_at LIMIT 1`);
      return row;
    },

    async history(userId: string, limit = 20): Promise<(Decision & { moderatorId: string | null })[]> {
      const rows = await database.query<DecisionRow>(sql`
        SELECT * FROM moderation_decisions WHERE subject_user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit}`);
      return rows.map((r) => ({ ...toDecision(r), moderatorId: r.moderator_id }));
    },

    /**
     * A decision on a story. `check` sees the story and its author before anything is written (and throws to
     * refuse). Returns what the notices need; for a removal, the story row is gone when this returns.
     */
    async decideOnStory(
      moderatorId: string,
      storyId: string,
      d: { action: 'dismiss' | 'hide' | 'restore' | 'remove'; reason: string; note: string | null },
      check: (story: { authorId: string; hidden: boolean }, author: SubjectRow) => void,
    ) {
      return database.transaction(async (tx) => {
        const [story] = await tx.query<{
          id: string;
          title: string;
          author_id: string;
          hidden: boolean;
          hidden_by: DecisionAction | null;
        }>(sql`
          SELECT s.id, s.title, s.author_id, s.hidden_at IS NOT NULL AS hidden,
                 (SELECT action FROM moderation_decisions WHERE id = s.hidden_decision_id) AS hidden_by
          FROM stories s WHERE s.id = ${storyId} FOR UPDATE`);
        if (!story) return null;
        const author = await subject(tx, story.author_id);
        check({ authorId: story.author_id, hidden: story.hidden }, author!);
        const decision = await insertDecision(tx, {
          subjectUserId: story.author_id,
          storyId,
          storyTitle: story.title,
          moderatorId,
          ...d,
        });
        const reporters = await resolveReports(tx, storyId, decision.id);
        switch (d.action) {
          case 'hide':
            await tx.query(
              sql`UPDATE stories SET hidden_at = now(), hidden_decision_id = ${decision.id} WHERE id = ${storyId}`,
            );
            break;
          case 'restore':
            await tx.query(sql`UPDATE stories SET hidden_at = NULL, hidden_decision_id = NULL WHERE id = ${storyId}`);
            break;
          case 'dismiss':
            // No rule broken: a story the reports hid automatically comes back.
            if (story.hidden_by === 'auto_hide') {
              await tx.query(sql`UPDATE stories SET hidden_at = NULL, hidden_decision_id = NULL WHERE id = ${storyId}`);
            }
            break;
          case 'remove':
            await tx.query(sql`DELETE FROM stories WHERE id = ${storyId}`);
            break;
        }
        return { decision: toDecision(decision), authorId: story.author_id, storyTitle: story.title, reporters };
      });
    },

    /** A decision on an author: warn, suspend for `days`, ban (their stories hidden with it). */
    async decideOnUser(
      moderatorId: string,
      userId: string,
      d: {
        action: 'warn' | 'suspend' | 'ban';
        reason: string;
        note: string | null;
        days: number | null;
        storyId: string | null;
      },
      check: (author: SubjectRow) => void,
    ) {
      return database.transaction(async (tx) => {
        const author = await subject(tx, userId);
        if (!author) return null;
        check(author);
        const [story] = d.storyId
          ? await tx.query<{ title: string }>(
              sql`SELECT title FROM stories WHERE id = ${d.storyId} AND author_id = ${userId}`,
            )
          : [];
        const decision = await insertDecision(tx, {
          subjectUserId: userId,
          storyId: story ? d.storyId : null,
          storyTitle: story?.title ?? null,
          moderatorId,
          action: d.action,
          reason: d.reason,
          note: d.note,
          suspendDays: d.action === 'suspend' ? d.days : null,
        });
        if (d.action === 'suspend') {
          await tx.query(
            sql`UPDATE users SET suspended_until = now() + make_interval(days => ${d.days}) WHERE id = ${userId}`,
          );
        } else if (d.action === 'ban') {
          await tx.query(sql`UPDATE users SET banned_at = now() WHERE id = ${userId}`);
          await tx.query(
            sql`UPDATE stories SET hidden_at = now(), hidden_decision_id = ${decision.id} WHERE author_id = ${userId} AND hidden_at IS NULL`,
          );
        }
        return { decision: toDecision(decision), authorId: userId };
      });
    },

    async decision(decisionId: string) {
      const [row] = await database.query<DecisionRow>(sql`SELECT * FROM moderation_decisions WHERE id = ${decisionId}`);
      return row;
    },

    async appealsToday(userId: string): Promise<number> {
      const [row] = await database.query<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM appeals WHERE user_id = ${userId} AND created_at > now() - interval '1 day'`);
      return row?.n ?? 0;
    },

    /** The appeal, or null when this decision already has one (one per decision: the unique index decides). */
    async insertAppeal(userId: string, decision: DecisionRow, text: string) {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string; status: 'open' }>(sql`
          INSERT INTO appeals (decision_id, user_id, text) VALUES (${decision.id}, ${userId}, ${text})
          ON CONFLICT (decision_id) DO NOTHING RETURNING id, status`);
        if (!row) return null;
        await audit(tx, {
          actorId: userId,
          event: 'appeal',
          subjectUserId: userId,
          storyId: decision.story_id,
          decisionId: decision.id,
          note: text,
        });
        return row;
      });
    },

    async appeal(appealId: string) {
      const [row] = await database.query<DecisionRow & { appeal_id: string; appeal_status: string }>(sql`
        SELECT d.*, a.id AS appeal_id, a.status AS appeal_status
        FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id WHERE a.id = ${appealId}`);
      return row;
    },

    /** Upholds or reverses; a reversal undoes the decision's effect where it can (a removal's content is gone). */
    async resolveAppeal(moderatorId: string, appealId: string, outcome: 'uphold' | 'reverse', note: string | null) {
      return database.transaction(async (tx) => {
        const [appeal] = await tx.query<DecisionRow & { appeal_id: string }>(sql`
          SELECT d.*, a.id AS appeal_id FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id
          WHERE a.id = ${appealId} AND a.status = 'open' FOR UPDATE OF a`);
        if (!appeal) return null;
        const status: 'reversed' | 'upheld' = outcome === 'reverse' ? 'reversed' : 'upheld';
        await tx.query(sql`
          UPDATE appeals SET status = ${status}, resolved_by = ${moderatorId}, resolution_note = ${note}, resolved_at = now()
          WHERE id = ${appealId}`);
        if (outcome === 'reverse') {
          await tx.query(sql`UPDATE moderation_decisions SET reversed_at = now() WHERE id = ${appeal.id}`);
          switch (appeal.action) {
            case 'auto_hide':
            case 'hide':
            case 'ban':
              await tx.query(
                sql`UPDATE stories SET hidden_at = NULL, hidden_decision_id = NULL WHERE hidden_decision_id = ${appeal.id}`,
              );
              if (appeal.action === 'ban')
                await tx.query(sql`UPDATE users SET banned_at = NULL WHERE id = ${appeal.subject_user_id}`);
              break;
            case 'suspend':
              await tx.query(sql`UPDATE users SET suspended_until = NULL WHERE id = ${appeal.subject_user_id}`);
              break;
            default:
              break;
          }
        }
        await audit(tx, {
          actorId: moderatorId,
          event: `appeal_${status}`,
          subjectUserId: appeal.subject_user_id,
          storyId: appeal.story_id,
          decisionId: appeal.id,
          note,
        });
        return { status, decision: appeal };
      });
    },

    async myDecisions(userId: string, now: Date): Promise<MyDecision[]> {
      const rows = await database.query<
        DecisionRow & {
          appeal_status: string | null;
          appeal_text: string | null;
          appeal_created_at: Date | string | null;
        }
      >(sql`
        SELECT d.*, a.status AS appeal_status, a.text AS appeal_text, a.created_at AS appeal_created_at
        FROM moderation_decisions d LEFT JOIN appeals a ON a.decision_id = d.id
        WHERE d.subject_user_id = ${userId} ORDER BY d.created_at DESC LIMIT 100`);
      return rows.map((r) => {
        const until = new Date(new Date(r.created_at).getTime() + MODERATION_LIMITS.appealWindowDays * 86_400_000);
        const appealable = APPEALABLE_ACTIONS.includes(r.action) && r.reversed_at === null;
        return {
          ...toDecision(r),
          appealable: appealable && r.appeal_status === null && until > now,
          appealableUntil: appealable ? until.toISOString() : null,
          appeal:
            r.appeal_status === null
              ? null
              : {
                  status: r.appeal_status as 'open' | 'upheld' | 'reversed',
                  text: r.appeal_text ?? '',
                  createdAt: iso(r.appeal_created_at!),
                },
        };
      });
    },

    async auditLog(limit: number): Promise<AuditEntry[]> {
      const rows = await database.query<{
        id: string | number;
        created_at: Date | string;
        actor_username: string | null;
        event: string;
        subject_user_id: string | null;
        story_id: string | null;
        decision_id: string | null;
        reason: string | null;
        note: string | null;
        detail: string | null;
      }>(sql`
        SELECT * FROM moderation_audit_log ORDER BY id DESC LIMIT ${limit}`);
      return rows.map((r) => ({
        id: Number(r.id),
        at: iso(r.created_at),
        actor: r.actor_username,
        event: r.event,
        subjectUserId: r.subject_user_id,
        storyId: r.story_id,
        decisionId: r.decision_id,
        reason: r.reason,
        note: r.note,
        detail: r.detail,
      }));
    },

    ...roleQueries(database),
    ...blockQueries(database),
  };
}
