/**
 * Notifications and smart suggestions as the API answers them (docs/architecture.md, "Notifications"), and the requests of the
 * /api/notifications… calls. Re-exported by schemas.ts; the helpers both sides share are notifications.ts.
 */
import { z } from 'zod';
import { SMART_NOTIFICATION_TYPES, SMART_PRIORITIES, TIMES_OF_DAY } from './enums';
import { notificationTypeSchema } from './enum-schemas';
import { latitudeSchema, longitudeSchema } from './location-schemas';
import { NOTIFICATION_LIMITS } from './notifications';
import { cursorQuerySchema } from './page-schemas';
import { INTERFACE_LOCALES } from './locales';

export const notificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  storyId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const smartNotificationSchema = z.object({
  type: z.enum(SMART_NOTIFICATION_TYPES),
  priority: z.enum(SMART_PRIORITIES),
  title: z.string(),
  message: z.string(),
  /**
   * With the discovery suggestion when nothing is within 1.5 km: the nearest whisper's distance (metres) and
   * compass direction (common/notifications.ts `compassDirection`), for the home list's empty state.
   */
  nearest: z.object({ distance: z.number(), direction: z.string() }).optional(),
  /** With the discovery suggestion when nothing at all is within 50 km: the home screen says that once. */
  uncharted: z.literal(true).optional(),
});
export type SmartNotification = z.infer<typeof smartNotificationSchema>;

// ---------- the calls' requests and answers ----------
const TIME_OF_DAY_MESSAGE = `timeOfDay must be one of: ${TIMES_OF_DAY.join(', ')}`;
const timeOfDayParamSchema = z.enum(TIMES_OF_DAY, { error: TIME_OF_DAY_MESSAGE });

export const smartParamsSchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });
export const smartQuerySchema = z.object({ timeOfDay: timeOfDayParamSchema });
export const smartSuggestionsSchema = z.array(smartNotificationSchema);

const pageLimitMessage = `limit must be a whole number from 1 to ${NOTIFICATION_LIMITS.pageMax}`;
export const notificationPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(NOTIFICATION_LIMITS.pageMax, pageLimitMessage)
    .optional(),
  cursor: cursorQuerySchema,
});
export const notificationListSchema = z.array(notificationSchema);
/** Any text: a malformed id names no notification of the user, so it answers 404 like someone else's. */
export const notificationIdParamsSchema = z.object({ id: z.string().describe('Notification id (uuid)') });
export const streamQuerySchema = z.object({
  lastEventId: z.string().max(100).optional().describe('For clients that cannot send the Last-Event-ID header'),
  lang: z
    .enum(INTERFACE_LOCALES)
    .optional()
    .describe('The language to say notifications in (EventSource cannot send Accept-Language)'),
});
export const readResultSchema = z.object({ ok: z.literal(true) });
export const readAllResultSchema = z.object({ updated: z.number().int() });
