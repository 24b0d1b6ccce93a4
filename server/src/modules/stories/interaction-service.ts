/**
 * Likes and reports (docs/design.md, rule 7): only on stories the user may see (404 otherwise), never a report of
 * one's own story. The counting and the hiding threshold live in the SQL (interaction-repository.ts).
 */
import { MODERATION_MESSAGES } from '#common/moderation';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-errors';
import type { UnlockRepository } from '../location';
import type { CounterResult, InteractionRepository } from './interaction-repository';

export const STORY_NOT_FOUND = 'Story not found';

export interface LikeResult {
  likes: number;
  liked: boolean;
  /** True only for the request that actually added the like (for a story_liked notification). */
  changed: boolean;
}

export interface ReportResult {
  /** False when this user had already reported the story (the call is then idempotent). */
  created: boolean;
  /** The story's author and title when this report was the one that hid it (to tell the author). */
  hidden: { authorId: string; title: string; decisionId: string; reason: string } | null;
}

export type InteractionService = ReturnType<typeof createInteractionService>;

/** What a like or a report tells others (the notifications module, given by the stories plugin). */
export interface InteractionNotices {
  /** story_liked to the author, once per liker and story (docs/architecture.md, "Notifications"). */
  storyLiked(liker: { id: string; displayName: string }, storyId: string): Promise<unknown>;
  /** The author is told their story is hidden, with the statement of reasons (docs/design.md, rules 14, 18). */
  storyHidden(story: { storyId: string } & NonNullable<ReportResult['hidden']>): Promise<unknown>;
}

export function createInteractionService(deps: {
  repository: InteractionRepository;
  /** You cannot like or report what you could not read (docs/design.md, rules 11, 14): 403 unless unlocked once. */
  unlocks: Pick<UnlockRepository, 'requireUnlocked'>;
  notices?: InteractionNotices;
}) {
  const likeResult = (result: CounterResult, liked: boolean): LikeResult => {
    if (!result.found) throw notFound(STORY_NOT_FOUND);
    return { likes: result.likes, liked, changed: result.changed };
  };

  return {
    async like(user: { id: string; displayName: string }, storyId: string): Promise<LikeResult> {
      await deps.unlocks.requireUnlocked(user.id, storyId);
      const result = likeResult(await deps.repository.like(user.id, storyId), true);
      if (result.changed) await deps.notices?.storyLiked(user, storyId);
      return result;
    },

    async unlike(userId: string, storyId: string): Promise<LikeResult> {
      return likeResult(await deps.repository.unlike(userId, storyId), false);
    },

    async report(userId: string, storyId: string, report: { reason: string; note?: string }): Promise<ReportResult> {
      await deps.unlocks.requireUnlocked(userId, storyId);
      const outcome = await deps.repository.report(userId, storyId, report);
      switch (outcome.kind) {
        case 'not-found':
          throw notFound(STORY_NOT_FOUND);
        case 'own-story':
          throw badRequest('You cannot report your own story.');
        case 'too-many':
          throw tooManyRequests(MODERATION_MESSAGES.tooManyReports, 3600);
        case 'stored':
          // Never who reported it.
          if (outcome.hidden) await deps.notices?.storyHidden({ storyId, ...outcome.hidden });
          return { created: outcome.created, hidden: outcome.hidden };
      }
    },
  };
}
