/** How each story type is named to people (badges, link previews); one list for client and server. */
import { MESSAGES, type StoryType } from './schemas';

export const STORY_TYPE_LABEL: Record<StoryType, string> = {
  audio: 'Audio',
  image: 'Image',
  video: 'Video',
  text: 'Text',
  tiktok: 'TikTok',
};

/** The kinds of file a story can carry. */
export type MediaKind = 'audio' | 'image' | 'video';

/**
 * The upload each story type requires (null: none; a file sent along anyway is ignored). Read by the server's
 * creation (create-service.ts) and the client's draft check (create-story/lib/draft.ts); a new story type does not
 * compile until it is listed here.
 */
export const STORY_TYPE_UPLOAD: Record<StoryType, MediaKind | null> = {
  audio: 'audio',
  image: 'image',
  video: 'video',
  text: null,
  tiktok: null,
};

/** The spec's message for a required upload that is missing, and for one that arrived empty. */
export const UPLOAD_MESSAGES: Record<MediaKind, { missing: string; empty: string }> = {
  audio: { missing: MESSAGES.missingRecording, empty: MESSAGES.recordingError },
  image: { missing: MESSAGES.missingImage, empty: MESSAGES.missingImage },
  video: { missing: MESSAGES.missingVideo, empty: MESSAGES.missingVideo },
};
