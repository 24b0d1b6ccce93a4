/**
 * Web Push (docs/decisions/015-installable-offline-push.md), decorated as `app.push`: its service (push-service.ts) over the VAPID keys, the
 * subscriptions repository and the sender.
 * Subscribes to the notifications feature's one port (`onNotificationsCreated`), so a push goes out for each
 * notification THIS instance created (never for one merely heard over LISTEN/NOTIFY): once per device.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createPushRepository } from './push-repository';
import { createPushSender } from './push-sender';
import { createPushService, type PushService } from './push-service';
import { pushRoutes } from './routes';
import { resolveVapidKeys } from './vapid-keys';

interface PushFeature {
  service: PushService;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushFeature;
  }
}

/** The VAPID subject when VAPID_SUBJECT is unset: the public https origin, else a placeholder mail address. */
function defaultSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? new URL(publicUrl).origin : 'mailto:no-reply@whispers.local';
}

const pushPlugin = fp(
  async (app) => {
    const keys = resolveVapidKeys(app.config.push.vapidKeys, app.config.dataDir);
    const repository = createPushRepository(app.database);
    const sender = createPushSender({
      repository,
      vapid: { ...keys, subject: app.config.push.vapidSubject ?? defaultSubject(app.config.publicUrl) },
      logger: app.log,
      policy: { allowedHosts: app.config.push.allowedHosts, testOrigins: app.config.push.testOrigins },
      // Tests reach only their local mock push service, never a real one.
      onlyOrigins: app.config.env === 'test' ? app.config.push.testOrigins : undefined,
    });
    app.notifications.service.onNotificationsCreated((created) => sender.send(created));
    const service = createPushService({
      repository,
      sender,
      publicKey: keys.publicKey,
      testOrigins: app.config.push.testOrigins,
      allowedHosts: app.config.push.allowedHosts,
    });
    app.decorate('push', { service });
    app.addHook('preClose', async () => sender.close());
  },
  { name: 'push', dependencies: ['notifications'], decorators: { fastify: ['config', 'database', 'notifications'] } },
);

export const pushModule = defineModule({ name: 'push', plugin: pushPlugin, routes: pushRoutes });
