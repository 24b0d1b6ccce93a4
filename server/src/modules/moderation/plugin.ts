/**
 * The moderation feature (DESIGN.md decision 18), built once and decorated as `app.moderation` (its service);
 * routes.ts only consumes it. Notices go out through the notification service, so push can carry them too.
 */
import fp from 'fastify-plugin';
import { removeStoryMedia } from '../../media/story-media-removal';
import { createModerationRepository } from './moderation-repository';
import { createModerationService, type ModerationService } from './moderation-service';

export { moderationRoutes } from './routes';
export { createModerationRepository } from './moderation-repository';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationService;
  }
}

export const moderationPlugin = fp(
  async (app) => {
    app.decorate(
      'moderation',
      createModerationService({
        repository: createModerationRepository(app.database),
        signer: app.mediaSigner,
        notify: (notices) => app.notifications.service.moderationNotices(notices),
        removeMedia: (storyId) => removeStoryMedia(app.mediaStore, [storyId], app.log),
      }),
    );
    // ADMIN_USERNAMES: the named accounts that already exist are admins once the server is up (sign-up covers new ones).
    app.addHook('onReady', async () => {
      const promoted = await app.moderation.grantConfiguredAdmins(app.config.adminUsernames);
      if (promoted.length > 0) app.log.warn({ usernames: promoted }, 'moderation: made admins by ADMIN_USERNAMES');
    });
  },
  { name: 'moderation', dependencies: ['notifications', 'media-store'] },
);
