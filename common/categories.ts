/** The nine categories in the spec's order, each with its emoji; the map colour list omits Nature. */
export const CATEGORIES = [
  'Mystery',
  'Adventure',
  'History',
  'Fantasy',
  'Personal',
  'Romance',
  'Horror',
  'Nature',
  'Science Fiction',
] as const;

export type Category = (typeof CATEGORIES)[number];

const CATEGORY_EMOJI: Record<Category, string> = {
  Mystery: '🔍',
  Adventure: '🗺️',
  History: '🏛️',
  Fantasy: '🧙',
  Personal: '💭',
  Romance: '💕',
  Horror: '👻',
  Nature: '🌿',
  'Science Fiction': '🚀',
};

/** Marker colours; categories without one (Nature, unknown) are grey. */
const CATEGORY_COLOR: Partial<Record<Category, string>> = {
  Mystery: '#8b5cf6',
  Adventure: '#f59e0b',
  History: '#b45309',
  Fantasy: '#ec4899',
  Personal: '#3b82f6',
  Horror: '#dc2626',
  Romance: '#f43f5e',
  'Science Fiction': '#06b6d4',
};
const FALLBACK_CATEGORY_COLOR = '#6b7280';
const FALLBACK_CATEGORY_EMOJI = '📖';

export function categoryEmoji(category: string): string {
  return (CATEGORY_EMOJI as Record<string, string>)[category] ?? FALLBACK_CATEGORY_EMOJI;
}

export function categoryColor(category: string): string {
  return (CATEGORY_COLOR as Record<string, string>)[category] ?? FALLBACK_CATEGORY_COLOR;
}
