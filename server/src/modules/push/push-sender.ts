/**
 * Sends one notification to a user's devices with web-push (VAPID, aes128gcm-encrypted payload, TTL and
 * urgency set). Called by the instance that created the notification and by no other, so each device gets it
 * once however many instances run. A 404/410 from the push service means the device unsubscribed: its row is
 * deleted. A 429 or 5xx is tried again with backoff (Retry-After honoured); anything else is logged and dropped.
 * Every endpoint is checked again before sending (endpoint-guard.ts: a row that fails is deleted), every
 * connection goes through the guarded agent (public addresses only), and a device whose deliveries fail
 * PUSH_LIMITS.failuresBeforeDrop times in a row is deleted, counted in its row so every instance adds to one count
 * and a restart keeps it (docs/security.md, "Push endpoints"; docs/decisions/049-push-bound-to-session-and-counted-in-the-database.md).
 */
import type https from 'node:https';
import webpush, { WebPushError, type Urgency } from 'web-push';
import type { Notification } from '#common/notification-schemas';
import { matchInterfaceLocale } from '#common/locales';
import { notificationIn, type StoredNotification } from '../notifications';
import { isPushKind, PUSH_LIMITS, pushTargetUrl, type PushKind } from '#common/push';
import { type PushPayload } from '#common/push-schemas';
import { checkPushEndpoint, type EndpointPolicy } from './endpoint-guard';
import { createGuardedAgent, RefusedAddressError } from './guarded-agent';
import type { PushRepository, StoredSubscription } from './push-repository';
import type { VapidKeys } from './vapid-keys';

/** How soon the device should wake up for each kind. */
const URGENCY: Record<PushKind, Urgency> = {
  story_liked: 'normal',
  story_hidden: 'high',
  moderation_decision: 'high',
  report_outcome: 'normal',
  trace_left: 'normal',
  trace_hidden: 'high',
  follow_digest: 'normal',
};

export interface PushSenderDeps {
  repository: PushRepository;
  vapid: VapidKeys & { subject: string };
  logger: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Which endpoints may be sent to: the same policy the subscribe route applies. */
  policy: EndpointPolicy;
  /** The agent pushes connect through (tests pass one with a stand-in resolver); default: the guarded agent. */
  agent?: https.Agent;
  /**
   * When set, only endpoints on these origins are ever contacted (NODE_ENV=test: the local mock push service;
   * a test run never sends anything off this machine, whatever a fuzzer subscribed).
   */
  onlyOrigins?: readonly string[];
  /** Waits between tries (tests pass a quicker one). */
  sleep?: (ms: number) => Promise<void>;
  retryBaseMs?: number;
}

export type PushSender = ReturnType<typeof createPushSender>;

/** What a device receives: what the bell shows, never a story's content (docs/design.md, rule 16). */
function payloadOf(notification: Notification): PushPayload {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    storyId: notification.storyId,
    createdAt: notification.createdAt,
    url: pushTargetUrl(notification.storyId),
  };
}

export function createPushSender(deps: PushSenderDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  const retryBaseMs = deps.retryBaseMs ?? PUSH_LIMITS.retryBaseMs;
  const agent = deps.agent ?? createGuardedAgent();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function deliveryFailed(subscription: StoredSubscription): Promise<void> {
    const counted = await deps.repository.deliveryFailed(subscription.id, PUSH_LIMITS.failuresBeforeDrop);
    if (!counted?.dropped) return;
    deps.logger.warn(
      { subscriptionId: subscription.id, failures: counted.failures },
      'push: a device that kept failing was unsubscribed',
    );
  }

  async function sendToDevice(subscription: StoredSubscription, body: string, urgency: Urgency): Promise<void> {
    const check = checkPushEndpoint(subscription.endpoint, deps.policy);
    if (!check.ok) {
      await deps.repository.removeById(subscription.id);
      deps.logger.warn({ subscriptionId: subscription.id }, 'push: a subscription with a refused endpoint was deleted');
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            vapidDetails: {
              subject: deps.vapid.subject,
              publicKey: deps.vapid.publicKey,
              privateKey: deps.vapid.privateKey,
            },
            TTL: PUSH_LIMITS.ttlSeconds,
            urgency,
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            // The mock push service of PUSH_TEST_ORIGINS is on loopback by design; everything else is guarded.
            ...(check.testOrigin ? {} : { agent }),
          },
        );
      } catch (error) {
        const status = error instanceof WebPushError ? error.statusCode : undefined;
        if (status === 404 || status === 410) {
          await deps.repository.removeById(subscription.id);
          return;
        }
        const refused = error instanceof RefusedAddressError;
        const retriable =
          !refused && (status === 429 || (status !== undefined && status >= 500) || status === undefined);
        if (!retriable || attempt >= PUSH_LIMITS.attempts || closed) {
          // The reason only: a WebPushError carries the endpoint, which is not for the log.
          deps.logger.warn(
            { reason: error instanceof Error ? error.message : String(error), status, attempt },
            'push: a message was not delivered',
          );
          await deliveryFailed(subscription);
          return;
        }
        await sleep(waitBefore(attempt, error, retryBaseMs));
        continue;
      }
      // After the try: a database hiccup here must not count as a failed delivery and send the message again.
      await deps.repository.deliverySucceeded(subscription.id);
      return;
    }
  }

  async function deliver(notification: StoredNotification): Promise<void> {
    if (!isPushKind(notification.type)) return;
    const recipients = await deps.repository.recipients(notification.userId, notification.type);
    const devices = recipients.devices.filter(
      (device) => !deps.onlyOrigins || deps.onlyOrigins.includes(new URL(device.endpoint).origin),
    );
    if (devices.length === 0) return;
    // In the language the user chose: a push has no request to take one from.
    const locale = matchInterfaceLocale([recipients.language]);
    const body = JSON.stringify(payloadOf(notificationIn(locale, notification)));
    await Promise.all(devices.map((device) => sendToDevice(device, body, URGENCY[notification.type as PushKind])));
  }

  return {
    /** Starts sending in the background (a like must not wait on a push service). */
    send(notifications: StoredNotification[]): void {
      if (closed) return;
      for (const notification of notifications) {
        const work = deliver(notification).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'push: sending failed'),
        );
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      }
    },

    /** Resolves when every message started so far is delivered or given up (tests; shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** No new sends and no further retries; waits for the tries under way. */
    async close(): Promise<void> {
      closed = true;
      await this.idle();
      if (!deps.agent) agent.destroy();
    },
  };
}

/** Exponential backoff from `base`; a longer Retry-After (seconds) from the push service wins, up to a minute. */
function waitBefore(attempt: number, error: unknown, base: number): number {
  const backoff = base * 2 ** (attempt - 1);
  const header =
    error instanceof WebPushError ? (error.headers as Record<string, string | undefined>)['retry-after'] : undefined;
  const retryAfterMs = header && /^\d+$/.test(header) ? Number(header) * 1000 : 0;
  return Math.min(Math.max(backoff, retryAfterMs), 60_000);
}
