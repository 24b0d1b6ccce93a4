/**
 * The push rules over the subscriptions repository and the sender: which endpoints a device may subscribe with
 * (the push services' own origins; tests' local mock only in test), one device per endpoint, per-kind preferences.
 * The push routes consume it; the sender is fed by the notifications module (plugin.ts).
 */
import { PUSH_TEXTS, type PushKind } from '#common/push';
import { badRequest, notFound } from '../../lib/http-errors';
import { isAllowedPushEndpoint } from './endpoint-guard';
import type { PushRepository } from './push-repository';
import type { PushSender } from './push-sender';

export type PushService = ReturnType<typeof createPushService>;

export function createPushService(deps: {
  repository: PushRepository;
  sender: PushSender;
  publicKey: string;
  testOrigins: readonly string[];
}) {
  const { repository } = deps;
  return {
    publicKey: deps.publicKey,
    /** Throws 400 for an endpoint that is not a push service's. */
    async subscribe(userId: string, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      const { endpoint, keys } = subscription;
      if (!isAllowedPushEndpoint(endpoint, deps.testOrigins)) throw badRequest(PUSH_TEXTS.badEndpoint);
      await repository.save(userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    },
    isSubscribed: (userId: string, endpoint: string) => repository.has(userId, endpoint),
    /** Throws 404 when the endpoint was not this user's. */
    async unsubscribe(userId: string, endpoint: string) {
      if (!(await repository.remove(userId, endpoint))) throw notFound(PUSH_TEXTS.notFound);
    },
    preferences: (userId: string) => repository.preferences(userId),
    async setPreferences(userId: string, kinds: readonly PushKind[]) {
      await repository.setPreferences(userId, [...new Set(kinds)]);
      return repository.preferences(userId);
    },
    /** Resolves when every push sent so far has been delivered or given up (tests wait on it). */
    idle: () => deps.sender.idle(),
  };
}
