import { Clapperboard, FileText, Headphones, Image, Lock, Music2 } from 'lucide-react';
import type { StoryType } from '#common/schemas';

const GLYPH = { audio: Headphones, image: Image, video: Clapperboard, text: FileText, tiktok: Music2 } as const;

/** The icon inside an AR marker or list row: a lock for locked stories, else the story type. */
export function StoryTypeGlyph({ type, locked, className }: { type: StoryType; locked: boolean; className?: string }) {
  const Icon = locked ? Lock : GLYPH[type];
  return <Icon className={className} aria-hidden />;
}
