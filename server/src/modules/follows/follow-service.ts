/**
 * Follows (docs/decisions/046-follows-daily-digest.md): follow and unfollow an author, the author's page (name,
 * bio, public tours, the COUNT of public stories — never a list of their places), and the daily digest that tells
 * followers of new public work, never at the moment of publishing, with at most a distance rounded to whole
 * kilometres from the follower's last accepted position when this instance still holds one.
 */
import type { TourSummary } from '#common/tour-schemas';
import type { AuthorPage } from '#common/trace-schemas';
import { digestWords, FOLLOW_TEXTS, TRACE_NOTIFICATION_TEXTS } from '#common/traces';
import { words, type Words } from '#common/words';
import { haversineMetres, type Point } from '#common/geo';
import { isUuid } from '#common/route-schemas';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { FollowRepository } from './follow-repository';

/** The ports the plugin gives: tours (the author's public tours), notices (bell and push), positions in memory. */
interface FollowServiceDeps {
  repository: FollowRepository;
  toursOf: (viewerId: string | null, authorId: string) => Promise<TourSummary[]>;
  notices: {
    traceAndFollowNotices(
      notices: { userId: string; type: 'follow_digest'; title: Words; message: Words; storyId: string | null }[],
    ): Promise<unknown>;
  };
  lastPosition: (userId: string) => Promise<Point | null>;
  intervalMs: number;
}

export type FollowService = ReturnType<typeof createFollowService>;

export function createFollowService(deps: FollowServiceDeps) {
  const { repository } = deps;

  async function followable(followerId: string, authorId: string) {
    if (!isUuid(authorId)) throw notFound(FOLLOW_TEXTS.notFound);
    if (followerId === authorId) throw badRequest(FOLLOW_TEXTS.notYourself);
    const author = await repository.author(followerId, authorId);
    if (!author) throw notFound(FOLLOW_TEXTS.notFound);
    return author;
  }

  return {
    async page(viewerId: string | null, authorId: string): Promise<AuthorPage> {
      if (!isUuid(authorId)) throw notFound(FOLLOW_TEXTS.notFound);
      const author = await repository.author(viewerId, authorId);
      // A reader who blocked the author, or whom the author blocked, finds no page.
      if (!author || author.blocked) throw notFound(FOLLOW_TEXTS.notFound);
      return {
        id: author.id,
        displayName: author.display_name,
        bio: author.bio,
        publicStoryCount: author.public_stories,
        followerCount: author.followers,
        following: viewerId && viewerId !== authorId ? author.following : null,
        tours: await deps.toursOf(viewerId, authorId),
      };
    },

    async follow(followerId: string, authorId: string) {
      const author = await followable(followerId, authorId);
      if (author.blocked) throw forbidden(FOLLOW_TEXTS.blocked);
      await repository.follow(followerId, authorId);
      return { following: true, followerCount: await repository.followerCount(authorId) };
    },

    async unfollow(followerId: string, authorId: string) {
      await followable(followerId, authorId);
      await repository.unfollow(followerId, authorId);
      return { following: false, followerCount: await repository.followerCount(authorId) };
    },

    async exportOf(followerId: string) {
      return (await repository.followedBy(followerId)).map((row) => ({
        authorId: row.author_id,
        displayName: row.display_name,
        since: row.since.slice(0, 10),
      }));
    },

    /**
     * Sends the digest of the period that ended at the last boundary before `now` (boundaries every `intervalMs`
     * from the epoch), once across every instance: the period's row is claimed first. Returns how many were sent.
     */
    async runDue(now: Date): Promise<number> {
      const periodStart = new Date(Math.floor(now.getTime() / deps.intervalMs) * deps.intervalMs);
      const from = await repository.claimPeriod(periodStart, new Date(periodStart.getTime() - deps.intervalMs));
      if (!from) return 0;
      const rows = await repository.digest(from, periodStart);
      const notices = [];
      for (const row of rows) {
        const position = row.stories > 0 ? await deps.lastPosition(row.follower_id) : null;
        const nearestM =
          position && row.points?.length
            ? Math.min(...row.points.map(([latitude, longitude]) => haversineMetres(position, { latitude, longitude })))
            : null;
        notices.push({
          userId: row.follower_id,
          type: 'follow_digest' as const,
          title: words(TRACE_NOTIFICATION_TEXTS.digestTitle),
          message: digestWords({ displayName: row.display_name, stories: row.stories, tours: row.tours, nearestM }),
          storyId: null,
        });
      }
      await deps.notices.traceAndFollowNotices(notices);
      return notices.length;
    },
  };
}
