/** Notifications and smart suggestions as the API answers them (issue 11). Re-exported by schemas.ts. */
import { z } from 'zod';
import { notificationTypeSchema, SMART_NOTIFICATION_TYPES, SMART_PRIORITIES, TIMES_OF_DAY } from './enums';

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

export const smartNotificationSchema = z.object({
  type: z.enum(SMART_NOTIFICATION_TYPES),
  priority: z.enum(SMART_PRIORITIES),
  title: z.string(),
  message: z.string(),
  /**
   * With the discovery suggestion when nothing is within 1.5 km: the nearest whisper's distance (metres) and
   * compass direction (common/notifications.ts `compassDirection`), for the home list's empty state.
   */
  nearest: z.object({ distance: z.number(), direction: z.string() }).optional(),
});
export type SmartNotification = z.infer<typeof smartNotificationSchema>;

export const timeOfDaySchema = z.enum(TIMES_OF_DAY);

