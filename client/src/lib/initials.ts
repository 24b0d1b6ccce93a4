import { LIMITS } from '#common/constants';

/**
 * Avatar initials (docs/design.md, part 2): the first letter of up to two words of the display name, upper-cased.
 * Works on code points, so a name starting with an emoji or an accented letter keeps a whole character.
 */
export function initialsOf(displayName: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, LIMITS.avatarInitials)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
