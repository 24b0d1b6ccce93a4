import { Clapperboard, FileText, Headphones, Image, Lock, Music2 } from 'lucide-react';
import type { StoryType } from '#common/schemas';
import { STORY_TYPE_SPECS, type StoryGlyph } from '#common/story-type-specs';

/** Keyed by glyph, not by story type: the type's glyph is in its one description (common/story-type-specs.ts). */
const GLYPH: Record<StoryGlyph, typeof Lock> = {
  headphones: Headphones,
  image: Image,
  clapperboard: Clapperboard,
  'file-text': FileText,
  music: Music2,
};

/** The icon inside an AR marker or list row: a lock for locked stories, else the story type's glyph. */
export function StoryTypeGlyph({ type, locked, className }: { type: StoryType; locked: boolean; className?: string }) {
  const Icon = locked ? Lock : GLYPH[STORY_TYPE_SPECS[type].glyph];
  return <Icon className={className} aria-hidden />;
}
