/**
 * Moderation's rules (docs/design.md, rule 18): who may decide what, the statement of reasons to the subject of
 * every decision, the outcome to reporters (never other reporters' names), appeals once per decision within the
 * window, decided by another moderator. The SQL lives in moderation-repository.ts.
 */
import {
  APPEAL_RESOLVED_TITLE,
  APPEALABLE_ACTIONS,
  appealResolvedWords,
  DECISION_TITLE,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_OUTCOME_TEXTS,
  reportOutcomeWords,
  statementOfReasonsWords,
  type Role,
} from '#common/moderation';
import { words, type Words } from '#common/words';
import {
  type Decision,
  type QueueItem,
  type StoryDecisionRequest,
  type UserDecisionRequest,
} from '#common/moderation-schemas';
import { isUuid } from '#common/route-schemas';
import { MEDIA_KIND_SPECS, presentMediaUrls } from '#common/media-kinds';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-errors';
import type { MediaUrlSigner } from '../../media/media-urls';
import type { ModerationRepository } from './moderation-repository';
import type { SubjectRow } from './moderation-rows';

const STORY_NOT_FOUND = 'Story not found';

export interface Notice {
  userId: string;
  type: 'moderation_decision' | 'report_outcome';
  title: Words;
  message: Words;
  storyId: string | null;
}

export type ModerationService = ReturnType<typeof createModerationService>;

export function createModerationService(deps: {
  repository: ModerationRepository;
  signer: MediaUrlSigner;
  /** Sends notices through the notification service (so push can carry them too). */
  notify: (notices: Notice[]) => Promise<unknown>;
  /** Deletes a removed story's media files. */
  removeMedia: (storyId: string) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

  /**
   * Nobody acts on their own stories or account; nobody acts on an admin; only an admin acts on a moderator
   * (docs/moderation.md "Decisions"). The actor's role is read fresh, as the access hook read it.
   */
  const actorRole = async (actorId: string): Promise<Role | undefined> =>
    (await deps.repository.subject(actorId))?.role;
  const mayActOn = (actorId: string, role: Role | undefined, author: SubjectRow) => {
    if (author.id === actorId) throw forbidden(MODERATION_MESSAGES.ownStory);
    if (author.role === 'admin') throw forbidden(MODERATION_MESSAGES.onAdmin);
    if (author.role === 'moderator' && role !== 'admin') throw forbidden(MODERATION_MESSAGES.onModerator);
  };

  const decisionNotice = (userId: string, decision: Decision, storyId: string | null): Notice => ({
    userId,
    type: 'moderation_decision',
    title: words(DECISION_TITLE),
    message: statementOfReasonsWords({
      action: decision.action,
      reason: decision.reason,
      automatic: decision.automatic,
      storyTitle: decision.storyTitle,
      suspendDays: decision.suspendDays,
      note: decision.note,
    }),
    storyId,
  });

  return {
    async queue(moderatorId: string): Promise<QueueItem[]> {
      const entries = await deps.repository.queueStories();
      const items: QueueItem[] = [];
      for (const entry of entries) {
        const author = await deps.repository.subject(entry.authorId);
        if (!author) continue;
        const s = entry.story;
        const appealRow = s
          ? await deps.repository.openAppeal({ storyId: s.id })
          : await deps.repository.openAppeal({ decisionId: entry.appealDecisionId! });
        const history = await deps.repository.history(entry.authorId);
        items.push({
          story: s
            ? {
                id: s.id,
                title: s.title,
                description: s.description,
                content: s.content,
                type: s.type,
                category: s.category,
                latitude: s.latitude,
                longitude: s.longitude,
                isPublic: s.is_public,
                hidden: s.hidden,
                createdAt: iso(s.created_at)!,
                // Moderators see the media wherever they stand (the media route lets them through as well).
                ...presentMediaUrls(
                  (kind) => s[MEDIA_KIND_SPECS[kind].column],
                  (key) => deps.signer.sign(key),
                ),
                ...(s.tiktok_url ? { tiktokUrl: s.tiktok_url } : {}),
              }
            : null,
          author: {
            id: author.id,
            username: author.username,
            displayName: author.display_name,
            role: author.role,
            suspendedUntil: iso(author.suspended_until),
            banned: author.banned,
          },
          weight: entry.weight,
          openReports: entry.openReports,
          fromNewAccounts: entry.fromNewAccounts,
          lastReportAt: entry.lastReportAt,
          reports: s ? await deps.repository.reportGroups(s.id) : [],
          appeal: appealRow
            ? {
                id: appealRow.appeal_id,
                text: appealRow.appeal_text,
                createdAt: iso(appealRow.appeal_created_at)!,
                decision: history.find((d) => d.id === appealRow.id) ?? {
                  id: appealRow.id,
                  action: appealRow.action,
                  reason: appealRow.reason,
                  note: appealRow.note,
                  automatic: appealRow.moderator_id === null,
                  storyId: appealRow.story_id,
                  storyTitle: appealRow.story_title,
                  suspendDays: appealRow.suspend_days,
                  reversed: appealRow.reversed_at !== null,
                  createdAt: iso(appealRow.created_at)!,
                },
                decidedByYou: appealRow.moderator_id === moderatorId,
              }
            : null,
          history: history.map(({ moderatorId: _by, ...decision }) => decision),
        });
      }
      return items;
    },

    async decideOnStory(moderatorId: string, storyId: string, body: StoryDecisionRequest): Promise<Decision> {
      if (!isUuid(storyId)) throw notFound(STORY_NOT_FOUND);
      const role = await actorRole(moderatorId);
      const result = await deps.repository.decideOnStory(
        moderatorId,
        storyId,
        { action: body.action, reason: body.reason, note: body.note || null },
        (_story, author) => mayActOn(moderatorId, role, author),
      );
      if (!result) throw notFound(STORY_NOT_FOUND);
      if (body.action === 'remove') await deps.removeMedia(storyId);
      const actionTaken = body.action === 'hide' || body.action === 'remove';
      const storyIdForNotice = body.action === 'remove' ? null : storyId;
      await deps.notify([
        decisionNotice(result.authorId, result.decision, storyIdForNotice),
        ...result.reporters.map((userId) => ({
          userId,
          type: 'report_outcome' as const,
          title: words(REPORT_OUTCOME_TEXTS.title),
          message: reportOutcomeWords(actionTaken, result.storyTitle),
          storyId: storyIdForNotice,
        })),
      ]);
      return result.decision;
    },

    async decideOnUser(moderatorId: string, userId: string, body: UserDecisionRequest): Promise<Decision> {
      if (!isUuid(userId)) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (body.action === 'suspend' && body.days === undefined) throw badRequest(MODERATION_MESSAGES.suspendDays);
      const role = await actorRole(moderatorId);
      const result = await deps.repository.decideOnUser(
        moderatorId,
        userId,
        {
          action: body.action,
          reason: body.reason,
          note: body.note || null,
          days: body.days ?? null,
          storyId: body.storyId ?? null,
        },
        (author) => mayActOn(moderatorId, role, author),
      );
      if (!result) throw notFound(MODERATION_MESSAGES.userNotFound);
      await deps.notify([decisionNotice(userId, result.decision, result.decision.storyId)]);
      return result.decision;
    },

    /** By the decision's subject only (anyone else: 404, as for a decision that does not exist). */
    async appeal(userId: string, decisionId: string, text: string) {
      const decision = isUuid(decisionId) ? await deps.repository.decision(decisionId) : undefined;
      if (!decision || decision.subject_user_id !== userId) throw notFound(MODERATION_MESSAGES.decisionNotFound);
      if (!APPEALABLE_ACTIONS.includes(decision.action) || decision.reversed_at !== null)
        throw badRequest(MODERATION_MESSAGES.notAppealable);
      const age = now().getTime() - new Date(decision.created_at).getTime();
      if (age > MODERATION_LIMITS.appealWindowDays * 86_400_000) throw forbidden(MODERATION_MESSAGES.appealClosed);
      if ((await deps.repository.appealsToday(userId)) >= MODERATION_LIMITS.appealsPerDay) {
        throw tooManyRequests(MODERATION_MESSAGES.tooManyAppeals, 3600);
      }
      const appeal = await deps.repository.insertAppeal(userId, decision, text);
      if (!appeal) throw conflict(MODERATION_MESSAGES.appealOnce);
      return { appealId: appeal.id, status: appeal.status };
    },

    async resolveAppeal(moderatorId: string, appealId: string, outcome: 'uphold' | 'reverse', note: string | null) {
      const appeal = isUuid(appealId) ? await deps.repository.appeal(appealId) : undefined;
      if (!appeal) throw notFound(MODERATION_MESSAGES.appealNotFound);
      if (appeal.appeal_status !== 'open') throw conflict('This appeal has already been decided.');
      if (appeal.moderator_id === moderatorId) throw forbidden(MODERATION_MESSAGES.sameModerator);
      // Not one's own appeal; a moderator's appeal is an admin's to decide (the rules of any decision).
      const subject = await deps.repository.subject(appeal.subject_user_id);
      if (subject) mayActOn(moderatorId, await actorRole(moderatorId), subject);
      const result = await deps.repository.resolveAppeal(moderatorId, appealId, outcome, note);
      if (!result) throw conflict('This appeal has already been decided.');
      const storyStillThere = appeal.action !== 'remove' ? appeal.story_id : null;
      await deps.notify([
        {
          userId: appeal.subject_user_id,
          type: 'moderation_decision',
          title: words(APPEAL_RESOLVED_TITLE),
          message: appealResolvedWords(result.status, appeal.story_title, note),
          storyId: storyStillThere,
        },
      ]);
      return { appealId, status: result.status };
    },

    myDecisions: (userId: string) => deps.repository.myDecisions(userId, now()),
    auditLog: (limit: number) => deps.repository.auditLog(limit),

    async setRole(actorId: string | null, username: string, role: Role) {
      const result = await deps.repository.setRole(actorId, username, role);
      if (result === null) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (result === 'last-admin') throw badRequest(MODERATION_MESSAGES.lastAdmin);
      return { username: result.username, role: result.role };
    },

    /** ADMIN_USERNAMES (docs/moderation.md "The first admin"): the named accounts that exist become admins. */
    grantConfiguredAdmins: (usernames: readonly string[]) => deps.repository.grantConfiguredAdmins(usernames),

    // ---------- blocks (private: the author is never told) ----------
    async blocks(userId: string) {
      return (await deps.repository.blocks(userId)).map((b) => ({
        userId: b.user_id,
        displayName: b.display_name,
        createdAt: iso(b.created_at)!,
      }));
    },
    async block(userId: string, authorId: string) {
      if (!isUuid(authorId)) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (authorId === userId) throw badRequest(MODERATION_MESSAGES.blockSelf);
      if ((await deps.repository.blocksToday(userId)) >= MODERATION_LIMITS.blocksPerDay) {
        throw tooManyRequests(MODERATION_MESSAGES.tooManyBlocks, 3600);
      }
      if (!(await deps.repository.block(userId, authorId))) throw notFound(MODERATION_MESSAGES.userNotFound);
      return { blocked: true };
    },
    async unblock(userId: string, authorId: string) {
      if (isUuid(authorId)) await deps.repository.unblock(userId, authorId);
      return { blocked: false };
    },
  };
}
