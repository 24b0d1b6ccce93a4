/**
 * The notifications feature's shared parts, decorated on the app as `app.notifications` so that the story routes
 * can report what happened (a like, a nearby read) without knowing how notifications are made:
 * the service, and the hub that LISTENs for new notifications and feeds this instance's SSE streams.
 * Also prunes old read notifications once at start and then every hour.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { SESSION_CHANGE_CHANNEL } from '../auth';
import { createNotificationHub, type NotificationHub } from './notification-hub';
import { createNotificationRepository } from './notification-repository';
import { createNotificationService, type NotificationService } from './notification-service';
import { notificationRoutes } from './routes';

interface NotificationsFeature {
  service: NotificationService;
  hub: NotificationHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsFeature;
  }
}

const PRUNE_EVERY_MS = 60 * 60_000;

const notificationsPlugin = fp(
  async (app) => {
    const service = createNotificationService({
      repository: createNotificationRepository(app.database),
      logger: app.log,
    });
    const hub = createNotificationHub({ database: app.database, logger: app.log });
    await hub.start();
    app.decorate('notifications', { service, hub });
    // A sign-out, a password reset or an account deletion (the session_change triggers) ends the user's streams.
    const stopListening = await app.database.listen(SESSION_CHANGE_CHANNEL, (userId) => hub.closeUser(userId));

    const prune = () => {
      service.prune().catch((error: unknown) => app.log.warn({ err: error }, 'notifications: pruning failed'));
    };
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      prune();
    });
    // Streams are ended before the server stops accepting, so closing does not wait on open SSE connections.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await stopListening();
      await hub.close();
    });
  },
  { name: 'notifications', dependencies: ['session'], decorators: { fastify: ['database'] } },
);

export const notificationsModule = defineModule({
  name: 'notifications',
  plugin: notificationsPlugin,
  routes: notificationRoutes,
});
