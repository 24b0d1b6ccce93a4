/**
 * Each story type described once, for client and server: how it is named to people (badges, link previews), the
 * upload it requires, and whether its story is its text. A new story type does not compile until it has its entry.
 * Without the upload messages (story-types.ts re-exports this with them), so the first screen's labels do not
 * bring the spec's form messages along (bench/README.md).
 */
import { STORY_TYPES, type MediaKind, type StoryType } from './enums';

export type { MediaKind } from './enums';

/**
 * The line-drawn glyphs a story type may use where an emoji would not read (AR markers and rows): a closed set,
 * so the AR draws a new type with no edit of its own unless the type needs a glyph not drawn yet.
 */
export type StoryGlyph = 'headphones' | 'image' | 'clapperboard' | 'file-text' | 'music';

interface StoryTypeSpec {
  label: string;
  /** Its icon on cards, markers and the story dialog. */
  icon: string;
  /** Its line-drawn glyph (AR markers and the AR list). */
  glyph: StoryGlyph;
  /**
   * The upload it requires (null: none; a file sent along anyway is ignored). Read by the server's creation
   * (create-service.ts) and the client's draft check (create-story/lib/draft.ts).
   */
  upload: MediaKind | null;
  /**
   * Its story is its text content: required on create (schemas.ts), sent by the create form (draft.ts), editable
   * afterwards (author-service.ts, the edit form) and counted as "reads" (insights.ts).
   */
  text: boolean;
}

export const STORY_TYPE_SPECS: Record<StoryType, StoryTypeSpec> = {
  audio: { label: 'Audio', icon: '🎵', glyph: 'headphones', upload: 'audio', text: false },
  image: { label: 'Image', icon: '📷', glyph: 'image', upload: 'image', text: false },
  video: { label: 'Video', icon: '🎬', glyph: 'clapperboard', upload: 'video', text: false },
  text: { label: 'Text', icon: '📝', glyph: 'file-text', upload: null, text: true },
  tiktok: { label: 'TikTok', icon: '🎪', glyph: 'music', upload: null, text: false },
};

const byType = <T>(pick: (spec: StoryTypeSpec) => T) =>
  Object.fromEntries(STORY_TYPES.map((type) => [type, pick(STORY_TYPE_SPECS[type])])) as Record<StoryType, T>;
export const STORY_TYPE_LABEL: Record<StoryType, string> = byType((spec) => spec.label);
export const STORY_TYPE_UPLOAD: Record<StoryType, MediaKind | null> = byType((spec) => spec.upload);

/** Whether a story of this type is its text (see StoryTypeSpec.text); false for anything not a story type. */
export function isTextStory(type: string): boolean {
  return (STORY_TYPES as readonly string[]).includes(type) && STORY_TYPE_SPECS[type as StoryType].text;
}
