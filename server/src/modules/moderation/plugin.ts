/**
 * The moderation feature (docs/design.md, rule 18), built once and decorated as `app.moderation` (its service);
 * routes.ts only consumes it. Notices go out through the notification service, so push can carry them too.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { removeStoryMedia } from '../../media/story-media-removal';
import { createModerationRepository } from './moderation-repository';
import { createModerationService, type ModerationService } from './moderation-service';

import { moderationRoutes } from './routes';

export { createModerationRepository } from './moderation-repository';

interface ModerationFeature {
  service: ModerationService;
}

declare module 'fastify' {
  interface FastifyInstance {
    moderation: ModerationFeature;
  }
}

const moderationPlugin = fp(
  async (app) => {
    const service = createModerationService({
      repository: createModerationRepository(app.database),
      signer: app.mediaSigner,
      notify: (notices) => app.notifications.service.moderationNotices(notices),
      removeMedia: (storyId) => removeStoryMedia(app.mediaStore, [storyId], app.log),
    });
    app.decorate('moderation', { service });
    // ADMIN_USERNAMES: the named accounts that already exist are admins once the server is up (sign-up covers new ones).
    app.addHook('onReady', async () => {
      const promoted = await service.grantConfiguredAdmins(app.config.adminUsernames);
      if (promoted.length > 0) app.log.warn({ usernames: promoted }, 'moderation: made admins by ADMIN_USERNAMES');
    });
  },
  {
    name: 'moderation',
    dependencies: ['notifications', 'media-store', 'media-signer'],
    decorators: { fastify: ['config', 'database', 'notifications', 'mediaStore', 'mediaSigner'] },
  },
);

export const moderationModule = defineModule({
  name: 'moderation',
  plugin: moderationPlugin,
  routes: moderationRoutes,
});
