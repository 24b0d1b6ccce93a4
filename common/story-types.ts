/** How each story type is named to people (badges, link previews); one list for client and server. */
import type { StoryType } from './schemas';

export const STORY_TYPE_LABEL: Record<StoryType, string> = {
  audio: 'Audio',
  image: 'Image',
  video: 'Video',
  text: 'Text',
  tiktok: 'TikTok',
};
