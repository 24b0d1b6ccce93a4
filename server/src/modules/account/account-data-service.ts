/**
 * Your account and your data (docs/design.md, rule 13): delete the account after confirming its password (403 and nothing
 * changes when it is wrong), and export everything the app keeps about you as one JSON document.
 */
import { ACCOUNT_MESSAGES, type AccountExport } from '#common/account-schemas';
import { forbidden, unauthorized } from '../../lib/http-errors';
import type { MediaUrlSigner } from '../../media/media-urls';
import type { MediaStore } from '../../media/media-store';
import { removeDraftMedia, removeStoryMedia } from '../../media/story-media-removal';
import { SIGN_IN_REQUIRED } from '../../plugins/access';
import { toCurrentUser, verifyPassword } from '../auth';
import type { AccountDataRepository } from './account-data-repository';
import { pickLockValues } from '#common/lock-kinds';
import { eachMediaUrl, MEDIA_KIND_SPECS } from '#common/media-kinds';
import { tourGeoJson, tourGpx } from '#common/tour-files';

/** Media links in an export stay valid this long (the file may be opened later). */
export const EXPORT_LINK_TTL_SECONDS = 24 * 60 * 60;

export type AccountDataService = ReturnType<typeof createAccountDataService>;

export function createAccountDataService(deps: {
  repository: AccountDataRepository;
  store: MediaStore;
  /** Signs with the app's media secret and EXPORT_LINK_TTL_SECONDS. */
  exportSigner: MediaUrlSigner;
  log: { warn(obj: object, msg: string): void };
}) {
  return {
    async deleteAccount(userId: string, password: string): Promise<void> {
      const hash = await deps.repository.passwordHashOf(userId);
      if (!hash) throw unauthorized(SIGN_IN_REQUIRED);
      if (!(await verifyPassword(hash, password))) throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
      const { deleted, storyIds, draftIds } = await deps.repository.deleteAccount(userId);
      if (!deleted) throw unauthorized(SIGN_IN_REQUIRED);
      // After the commit: a file that cannot be removed now is left to the orphan sweep, never the rows.
      await removeStoryMedia(deps.store, storyIds, deps.log);
      await removeDraftMedia(deps.store, draftIds, deps.log);
    },

    /** Everything but the insights, which the route adds from the insights feature (docs/decisions/018-insights-counts-not-readers.md). */
    async exportData(
      userId: string,
      now = new Date(),
    ): Promise<Omit<AccountExport, 'insights' | 'tourInsights' | 'traces' | 'follows'>> {
      const data = await deps.repository.exportData(userId);
      if (!data) throw unauthorized(SIGN_IN_REQUIRED);
      const { user } = data;
      const sign = (key: string | null) => (key ? deps.exportSigner.sign(key, now) : null);
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_SECONDS * 1000).toISOString();
      const storiesById = new Map(data.stories.map((story) => [story.id, story]));
      return {
        exportedAt: now.toISOString(),
        // The one public shape of a user (never the password hash), and when the account was made.
        profile: { ...toCurrentUser(user), createdAt: user.createdAt.toISOString() },
        stories: data.stories.map((story) => ({
          id: story.id,
          title: story.title,
          description: story.description,
          content: story.content,
          type: story.type,
          category: story.category,
          language: story.language,
          latitude: story.latitude,
          longitude: story.longitude,
          isPublic: story.isPublic,
          hiddenByReports: story.hiddenAt !== null,
          likes: story.likes,
          duration: story.duration,
          wordCount: story.wordCount,
          tiktokUrl: story.tiktokUrl,
          timeRestriction: story.timeRestriction,
          ...pickLockValues(story),
          createdAt: story.createdAt.toISOString(),
          media: {
            ...eachMediaUrl((kind) => sign(story[MEDIA_KIND_SPECS[kind].keyField])),
            thumbnailUrl: sign(story.thumbnailKey),
            expiresAt,
          },
        })),
        likesGiven: data.likesGiven.map((like) => ({
          storyId: like.storyId,
          title: like.title,
          likedAt: like.likedAt.toISOString(),
        })),
        tours: data.tours.map((tour) => {
          // Their own tour's files hold every stop they set whose story is still theirs, in order.
          const files = {
            id: tour.id,
            title: tour.title,
            description: tour.description,
            authorName: user.displayName,
            stops: tour.storyIds.flatMap((id) => {
              const story = storiesById.get(id);
              return story
                ? [{ storyId: id, title: story.title, latitude: story.latitude, longitude: story.longitude }]
                : [];
            }),
          };
          return {
            id: tour.id,
            title: tour.title,
            description: tour.description,
            storyIds: tour.storyIds,
            createdAt: tour.createdAt.toISOString(),
            gpx: tourGpx(files),
            geojson: tourGeoJson(files),
          };
        }),
        // Planned stories and tours (docs/decisions/060-story-drafts-and-routes-in.md), as kept.
        drafts: data.drafts.map((draft) => ({
          id: draft.id,
          latitude: draft.latitude,
          longitude: draft.longitude,
          fields: draft.fields,
          mediaUrl: sign(draft.mediaKey),
          tourDraftId: draft.tourDraftId,
          createdAt: draft.createdAt.toISOString(),
        })),
        plannedTours: data.plannedTours.map((tour) => ({
          id: tour.id,
          title: tour.title,
          path: tour.path,
          stops: tour.stops.map((stop) => ({ draftId: stop.draftId, storyId: stop.storyId, title: stop.title })),
          createdAt: tour.createdAt.toISOString(),
        })),
      };
    },
  };
}
