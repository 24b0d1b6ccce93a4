/** The five create tabs of docs/design.md, part 2 in their order, with subtitles and icons. */
import { Clapperboard, PenLine, type LucideIcon } from 'lucide-react';
import { STORY_TYPES, type MediaKind, type StoryType } from '#common/enums';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { DRAFT_MEDIA, type MediaTab } from './draft-media';

interface StoryTypeTab {
  type: StoryType;
  /** Message ids: the words are read in the reader's language where the tab is shown. */
  label: MessageId;
  subtitle: MessageId;
  icon: LucideIcon;
}

/** The tabs of the types that carry no file; a media type's tab is its kind's (draft-media.ts). */
const OTHER_TABS: Record<Exclude<StoryType, MediaKind>, MediaTab> = {
  text: { label: 'create.tabText', subtitle: 'create.tabTextSubtitle', icon: PenLine },
  tiktok: { label: 'create.tabTiktok', subtitle: 'create.tabTiktokSubtitle', icon: Clapperboard },
};

export const STORY_TYPE_TABS: readonly StoryTypeTab[] = STORY_TYPES.map((type) => {
  const kind = STORY_TYPE_UPLOAD[type];
  return { type, ...(kind ? DRAFT_MEDIA[kind].tab : OTHER_TABS[type as Exclude<StoryType, MediaKind>]) };
});

export function storyTypeTab(type: StoryType): StoryTypeTab {
  return STORY_TYPE_TABS.find((tab) => tab.type === type) ?? STORY_TYPE_TABS[0]!;
}
