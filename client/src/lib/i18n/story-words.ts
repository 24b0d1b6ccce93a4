/**
 * Story words of common/ in the interface's language: a type's name (common/story-type-specs.ts) and the trace
 * counts (common/traces.ts); English word for word as common/ says them (story-words.test.ts).
 */
import type { StoryType } from '#common/schemas';
import type { MessageId } from './message-ids';
import type { Translate } from './use-t';

const TYPE_IDS: Record<StoryType, MessageId> = {
  audio: 'common.storyType.audio',
  image: 'common.storyType.image',
  video: 'common.storyType.video',
  text: 'common.storyType.text',
  tiktok: 'common.storyType.tiktok',
};

/** "Audio", "TikTok" (`STORY_TYPE_LABEL`). */
export const storyTypeName = (t: Translate, type: StoryType): string => t(TYPE_IDS[type]);

/** "1 trace", "12 traces" (`traceCountLine`). */
export const traceCount = (t: Translate, count: number): string => t('common.traceCount', { count });

/** "12 traces — walk here to read them" (`lockedTracesLine`). */
export const lockedTraces = (t: Translate, count: number): string => t('common.lockedTraces', { count });
