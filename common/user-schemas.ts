/**
 * Accounts in the contract (docs/design.md, part 3): registration, sign-in, setup and password reset, with the user
 * the server describes. Server routes parse with these schemas and client forms validate with the same ones.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { publicText } from './public-text';
import { ROLES } from './moderation';
import { FAVORITE_STORY_TYPES } from './enums';
import { MESSAGES } from './messages';
import { languageSchema } from './language-schemas';

const PASSWORD_MAX_MESSAGE = `Password must be at most ${LIMITS.passwordMax} characters`;
/**
 * A username typed to sign in, check or reset: only required (the registration rules are not repeated), and no
 * longer than any username can be.
 */
const typedUsernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .max(LIMITS.usernameMax, MESSAGES.usernameMax);
const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(LIMITS.usernameMin, MESSAGES.usernameMin)
  .max(LIMITS.usernameMax, MESSAGES.usernameMax)
  .regex(/^[A-Za-z0-9_]+$/, MESSAGES.usernameChars);
// Shown to other people (notifications, share tags): the public-text rule — no bidi overrides, zero-width or
// control characters (text.ts).
export const displayNameSchema = publicText(
  z
    .string({ error: 'Display name is required' })
    .trim()
    .min(LIMITS.displayNameMin, MESSAGES.displayNameMin)
    .max(LIMITS.displayNameMax, MESSAGES.displayNameMax),
  'Display name',
  'single',
);
const bioSchema = publicText(z.string().trim().max(LIMITS.bioMax, MESSAGES.bioMax), 'Bio', 'multi');
const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(LIMITS.passwordMin, MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE);
const favoriteStoryTypeSchema = z.enum(FAVORITE_STORY_TYPES);

/** What the server tells a client about a user (never a hash, never a token). */
export const currentUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  favoriteStoryType: z.string().nullable(),
  avatar: z.string().nullable(),
  isSetupComplete: z.boolean(),
  /** The user's language, a BCP 47 tag: their new stories' default (docs/decisions/061-stories-carry-their-language.md). */
  language: z.string(),
  /** `moderator` and `admin` see the moderation queue (the server checks the role again on every such call). */
  role: z.enum(ROLES),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registerRequestSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema,
  email: z
    .string({ error: MESSAGES.emailInvalid })
    .trim()
    .max(LIMITS.emailMax, MESSAGES.emailInvalid)
    .pipe(z.email(MESSAGES.emailInvalid)),
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  username: typedUsernameSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const setupRequestSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema,
  bio: bioSchema.optional().default(''),
  favoriteStoryType: z.union([favoriteStoryTypeSchema, z.literal('')]).optional(),
  /** Absent: the language stays as it is (docs/decisions/061-stories-carry-their-language.md). */
  language: languageSchema.optional(),
});
export type SetupRequest = z.input<typeof setupRequestSchema>;

/** The interface's language switcher, signed in (docs/decisions/062-interface-languages.md). */
export const setLanguageRequestSchema = z.object({ language: languageSchema });

export const checkUsernameRequestSchema = z.object({ username: typedUsernameSchema });

export const forgotPasswordRequestSchema = z.object({ username: typedUsernameSchema });

export const resetPasswordRequestSchema = z.object({
  username: typedUsernameSchema,
  token: z
    .string({ error: MESSAGES.resetTokenRequired })
    .trim()
    .min(1, MESSAGES.resetTokenRequired)
    .max(LIMITS.resetCodeMax, 'Invalid reset code. Please check the code in your email.'),
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ---------- account messages shared by server answers and client checks ----------
/** The server's 409 for a taken username, and what the setup form says after checking it. */
export const USERNAME_TAKEN_MESSAGE = 'That username is already taken.';
