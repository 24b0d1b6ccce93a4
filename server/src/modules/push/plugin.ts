/**
 * Web Push (issue 24), decorated as `app.push`: the VAPID keys, the subscriptions repository and the sender.
 * Subscribes to the notifications feature's one port (`onNotificationsCreated`), so a push goes out for each
 * notification THIS instance created (never for one merely heard over LISTEN/NOTIFY): once per device.
 */
import fp from 'fastify-plugin';
import { createPushRepository, type PushRepository } from './push-repository';
import { createPushSender, type PushSender } from './push-sender';
import { resolveVapidKeys } from './vapid-keys';

export interface PushFeature {
  publicKey: string;
  repository: PushRepository;
  sender: PushSender;
  testOrigins: readonly string[];
  allowedHosts: readonly string[];
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

export const pushPlugin = fp(
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
    app.decorate('push', { publicKey: keys.publicKey, repository, sender, testOrigins: app.config.push.testOrigins, allowedHosts: app.config.push.allowedHosts });
    app.addHook('preClose', async () => sender.close());
  },
  { name: 'push', dependencies: ['notifications'] },
);
