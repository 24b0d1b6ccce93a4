/**
 * Spec texts the /auth screen needs, written out so that /auth does not load zod (common/schemas.ts) just for
 * them. auth-texts.test.ts keeps them equal to MESSAGES.
 */
export const AUTH_TEXTS = {
  usernameRequired: 'Username is required',
  noAccountForUsername: 'No account found with that username.',
  invalidCredentials: 'Invalid username or password',
} as const;
