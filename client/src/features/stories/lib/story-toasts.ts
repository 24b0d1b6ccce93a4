/** Story toasts as docs/design.md, part 8 words them, one sentence each (shown with lib/toast-message.ts `messageToast`). */
export const STORY_TOASTS = {
  liked: 'Story liked! Thank you for supporting this story.',
  likeFailed: 'Error: Failed to like story.',
  linkCopied: 'Link copied! Story link copied to clipboard.',
  reported: 'Story reported: Thank you for helping keep our community safe.',
} as const;
