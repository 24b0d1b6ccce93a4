/**
 * Story toasts as spec section 8 words them ("title + text" in one sentence); `toastParts` splits each into the
 * toast's title (up to the first "!" or ":") and its description, so the wording lives here exactly once.
 */
export const STORY_TOASTS = {
  liked: 'Story liked! Thank you for supporting this story.',
  likeFailed: 'Error: Failed to like story.',
  linkCopied: 'Link copied! Story link copied to clipboard.',
  reported: 'Story reported: Thank you for helping keep our community safe.',
} as const;

export function toastParts(text: string): { title: string; description: string } {
  const match = /^(.+?[!:])\s+(.*)$/.exec(text);
  return match ? { title: match[1]!, description: match[2]! } : { title: text, description: '' };
}
