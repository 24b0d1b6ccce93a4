/**
 * The push rules over the subscriptions repository and the sender: which endpoints a device may subscribe with
 * (the push services' own origins; tests' local mock only in test), one device per endpoint, per-kind preferences.
 * The push routes consume it; the sender is fed by the notifications module (plugin.ts).
 */
import { PUSH_TEXTS, type PushKind } from '#common/push';
import { badRequest, notFound } from '../../lib/http-errors';
import { checkPushEndpoint } from './endpoint-guard';
import { subscriptionKeysProblem } from './subscription-keys';
import type { PushRepository } from './push-repository';
import type { PushSender } from './push-sender';

export type PushService = ReturnType<typeof createPushService>;

export function createPushService(deps: {
  repository: PushRepository;
  sender: PushSender;
  publicKey: string;
  testOrigins: readonly string[];
  allowedHosts: readonly string[];
}) {
  const { repository } = deps;
  return {
    publicKey: deps.publicKey,
    /** Throws 400 for an endpoint that is not an allowed push service's, or for keys that are not a device's. */
    async subscribe(
      userId: string,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
      sessionId: string | null,
    ) {
      const { endpoint, keys } = subscription;
      // The same reading of the endpoint as the sender's (endpoint-guard.ts); where it resolves is checked per send.
      const check = checkPushEndpoint(endpoint, { allowedHosts: deps.allowedHosts, testOrigins: deps.testOrigins });
      if (!check.ok) throw badRequest(check.message);
      const keysProblem = subscriptionKeysProblem(keys);
      if (keysProblem) throw badRequest(keysProblem);
      await repository.save(userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, sessionId);
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
