/** The /api/push… calls' requests and answers, and the payload a device receives (push.ts: the kinds and texts). */
import { z } from 'zod';
import { PUSH_KINDS, PUSH_LIMITS, PUSH_TEXTS } from './push';

const keyText = z
  .string({ error: 'keys.p256dh and keys.auth are required' })
  .min(1, 'keys.p256dh and keys.auth are required')
  .max(PUSH_LIMITS.keyMax, 'keys.p256dh and keys.auth are required')
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'keys.p256dh and keys.auth must be base64url');

/** The browser's PushSubscription.toJSON(), as the client sends it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string({ error: PUSH_TEXTS.badEndpoint }).max(PUSH_LIMITS.endpointMax, PUSH_TEXTS.badEndpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: keyText, auth: keyText }, { error: 'keys.p256dh and keys.auth are required' }),
});

export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string({ error: PUSH_TEXTS.badEndpoint }).max(PUSH_LIMITS.endpointMax, PUSH_TEXTS.badEndpoint),
});

export const pushPublicKeySchema = z.object({
  publicKey: z.string().describe('VAPID public key (base64url) for PushManager.subscribe({ applicationServerKey })'),
});

export const pushSubscribedSchema = z.object({ subscribed: z.boolean() });

const KINDS_MESSAGE = `kinds must be a list of: ${PUSH_KINDS.join(', ')}`;
export const pushPreferencesSchema = z.object({
  kinds: z
    .array(z.enum(PUSH_KINDS, { error: KINDS_MESSAGE }), { error: KINDS_MESSAGE })
    .max(PUSH_KINDS.length * 2, KINDS_MESSAGE),
});

/**
 * What a device receives: what the bell shows and nothing more (never a story's content, docs/design.md, rule 16),
 * plus where tapping it goes.
 */
export const pushPayloadSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  storyId: z.uuid().nullable(),
  createdAt: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
