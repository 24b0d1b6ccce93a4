/** The five create tabs of spec section 2 in their order, with subtitles and icons. */
import { Camera, Clapperboard, Mic, PenLine, Video, type LucideIcon } from 'lucide-react';
import type { StoryType } from '#common/schemas';

interface StoryTypeTab {
  type: StoryType;
  label: string;
  subtitle: string;
  icon: LucideIcon;
}

export const STORY_TYPE_TABS: readonly StoryTypeTab[] = [
  { type: 'audio', label: 'Audio Story', subtitle: 'record your voice', icon: Mic },
  { type: 'text', label: 'Text Story', subtitle: 'write your tale', icon: PenLine },
  { type: 'image', label: 'Image Story', subtitle: 'share a moment', icon: Camera },
  { type: 'video', label: 'Video Story', subtitle: 'record moments', icon: Video },
  { type: 'tiktok', label: 'TikTok Story', subtitle: 'link TikTok', icon: Clapperboard },
];

export function storyTypeTab(type: StoryType): StoryTypeTab {
  return STORY_TYPE_TABS.find((tab) => tab.type === type) ?? STORY_TYPE_TABS[0]!;
}
