/**
 * The spec's messages (section 5, word for word), for forms and answers. Apart from enums.ts, which the first
 * screen reads, so that these load with the forms that say them (bench/README.md). Re-exported by schemas.ts.
 */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 20 characters',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: 'Display name must be less than 50 characters',
  bioMax: 'Bio must be less than 150 characters',
  emailInvalid: 'Valid email is required',
  passwordMin: 'Password must be at least 6 characters',
  resetTokenRequired: 'Reset token is required',
  invalidCredentials: 'Invalid username or password',
  noAccountForUsername: 'No account found with that username.',
  missingInformation: 'Missing information: Please fill in all required fields.',
  missingContent: 'Missing content: Please write your story content.',
  // A missing or empty upload: each media kind's own messages (media-kinds.ts).
  missingTikTokUrl: 'Missing TikTok URL: Please paste a TikTok video URL.',
  invalidTikTokUrl: 'Invalid TikTok URL: Please paste a valid TikTok video URL.',
  usernameTaken: 'That username is already taken.',
  // Likes and reports need the story unlocked once (docs/security.md, "Likes and reports"): the server's 403, and
  // what the story dialog says before a report form would open.
  notUnlocked: 'You can only like or report a story you have unlocked. Go to the story to unlock it first.',
} as const;
