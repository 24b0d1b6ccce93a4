/**
 * Web Push (docs/decisions/015-installable-offline-push.md, docs/design.md, rule 16): the kinds of notification a user may receive by push, the shapes
 * of the /api/push… calls and the payload a device receives (their schemas: push-schemas.ts). Both sides share them.
 */
import type { NotificationType } from './enums';

/**
 * THE list of notification kinds that can arrive by push, in the order the account page shows them. Each is a
 * notification type the server makes; "nearby" stays in the app (it needs a fresh position). Moderation
 * outcomes (docs/moderation.md): a decision about one's story or account, and the outcome of one's report.
 */
export const PUSH_KINDS = [
  'story_liked',
  'story_hidden',
  'moderation_decision',
  'report_outcome',
  // Traces and follows (docs/decisions/045-traces-read-where-left.md, 046-follows-daily-digest.md).
  'trace_left',
  'trace_hidden',
  'follow_digest',
] as const satisfies readonly NotificationType[];
export type PushKind = (typeof PUSH_KINDS)[number];

export const isPushKind = (type: string): type is PushKind => (PUSH_KINDS as readonly string[]).includes(type);

export const PUSH_LIMITS = {
  /** Devices one account may have subscribed at once; the oldest is dropped past it. */
  devicesPerUser: 20,
  /** A push service keeps an undelivered message this long (the device was off); then it is no news any more. */
  ttlSeconds: 24 * 3600,
  /** Tries per message when the push service answers 429 or 5xx (the first try included). */
  attempts: 4,
  /** First wait before a retry; doubled after each failure (a Retry-After from the service wins when longer). */
  retryBaseMs: 1000,
  endpointMax: 2048,
  keyMax: 256,
  /** Deliveries in a row that may fail (after their retries) before the subscription is dropped. */
  failuresBeforeDrop: 5,
} as const;

export const PUSH_TEXTS = {
  badEndpoint: 'The push endpoint must be an https URL of a public push service',
  notFound: 'Subscription not found',
  endpointPort: 'The push endpoint must use https on port 443',
  endpointAddress: 'The push endpoint must name its push service, not an IP address',
  endpointHost: 'The push endpoint is not on an allowed push service',
  badP256dh: 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)',
  badAuth: 'keys.auth must be a 16-byte secret (base64url)',
} as const;

/** Where tapping a notification opens the app: the story's dialog, or the notifications list. */
export function pushTargetUrl(storyId: string | null): string {
  return storyId ? `/stories/${storyId}` : '/?notifications=open';
}
