/**
 * Each story type described once (story-type-specs.ts), with the spec's messages for a missing or empty upload.
 */
import { MESSAGES } from './messages';
import type { MediaKind } from './story-type-specs';

export * from './story-type-specs';

/** The spec's message for a required upload that is missing, and for one that arrived empty. */
export const UPLOAD_MESSAGES: Record<MediaKind, { missing: string; empty: string }> = {
  audio: { missing: MESSAGES.missingRecording, empty: MESSAGES.recordingError },
  image: { missing: MESSAGES.missingImage, empty: MESSAGES.missingImage },
  video: { missing: MESSAGES.missingVideo, empty: MESSAGES.missingVideo },
};
