/** The zod enums of the contract's closed lists (enums.ts). Re-exported by schemas.ts. */
import { z } from 'zod';
import { LOCK_REASONS, NOTIFICATION_TYPES, SEASONS, STORY_TYPES, TIME_RESTRICTIONS, WEATHERS } from './enums';

export const storyTypeSchema = z.enum(STORY_TYPES);
export const timeRestrictionSchema = z.enum(TIME_RESTRICTIONS);
export const seasonSchema = z.enum(SEASONS);
export const weatherSchema = z.enum(WEATHERS);
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const lockReasonSchema = z.enum(LOCK_REASONS);
