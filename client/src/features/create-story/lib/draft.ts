/**
 * The create dialog's draft and its pure rules (spec section 5): validation with the spec's messages, the
 * Preview-button rule, the multipart body of POST /api/stories (section 7) and the preview texts (section 2).
 * Kept free of React so the rules are unit-tested in Node.
 */
import { AUDIO, PREVIEW_CHARS } from '#common/constants';
import {
  MESSAGES,
  type Location,
  type Season,
  type StoryType,
  type TimeRestriction,
  type Weather,
} from '#common/schemas';
import { parseTikTokUrl } from '#common/tiktok';

export interface RecordedAudio {
  blob: Blob;
  /** Whole seconds: the recorder's timer, or bytes / 16000 rounded up when the timer said 0. */
  duration: number;
}

export interface PickedVideo {
  file: File;
  /** Whole seconds read from the file's metadata; null until known (or when the browser cannot tell). */
  duration: number | null;
}

export interface StoryDraft {
  type: StoryType;
  title: string;
  category: string;
  description: string;
  content: string;
  audio: RecordedAudio | null;
  image: File | null;
  video: PickedVideo | null;
  tiktokUrl: string;
  timeRestriction: TimeRestriction;
  unlockStartTime: string;
  unlockEndTime: string;
  unlockSeason: Season | '';
  unlockWeather: Weather | '';
}

export const EMPTY_DRAFT: StoryDraft = {
  type: 'audio',
  title: '',
  category: '',
  description: '',
  content: '',
  audio: null,
  image: null,
  video: null,
  tiktokUrl: '',
  timeRestriction: 'none',
  unlockStartTime: '',
  unlockEndTime: '',
  unlockSeason: '',
  unlockWeather: '',
};

/** Switching type keeps the shared fields and clears every type-specific input (spec section 4). */
export function switchType(draft: StoryDraft, type: StoryType): StoryDraft {
  if (draft.type === type) return draft;
  return { ...draft, type, content: '', audio: null, image: null, video: null, tiktokUrl: '' };
}

/** Preview Story is disabled while pending or when title, category or location is missing (spec section 5). */
export function isPreviewDisabled(draft: StoryDraft, location: Location | null, isPending: boolean): boolean {
  return isPending || !draft.title || !draft.category || !location;
}

/**
 * The first rule of spec section 5 that the draft breaks, as its full message ("Title: description"), or null
 * when it may be previewed and published.
 */
export function validateDraft(draft: StoryDraft, location: Location | null): string | null {
  if (!draft.title.trim() || !draft.category || !location) return MESSAGES.missingInformation;
  switch (draft.type) {
    case 'text':
      return draft.content.trim() ? null : MESSAGES.missingContent;
    case 'audio':
      if (!draft.audio) return MESSAGES.missingRecording;
      return draft.audio.blob.size > 0 ? null : MESSAGES.recordingError;
    case 'image':
      return draft.image ? null : MESSAGES.missingImage;
    case 'video':
      return draft.video ? null : MESSAGES.missingVideo;
    case 'tiktok':
      if (!draft.tiktokUrl.trim()) return MESSAGES.missingTikTokUrl;
      return parseTikTokUrl(draft.tiktokUrl) ? null : MESSAGES.invalidTikTokUrl;
  }
}

/**
 * The multipart body of POST /api/stories (spec section 7). Call only with a draft `validateDraft` accepted.
 * Time-of-day bounds are sent only when both are set; season and weather only when chosen (spec section 5).
 */
export function buildStoryFormData(draft: StoryDraft, location: Location): FormData {
  const form = new FormData();
  form.append('title', draft.title.trim());
  form.append('description', draft.description.trim());
  form.append('category', draft.category);
  form.append('type', draft.type);
  form.append('latitude', String(location.latitude));
  form.append('longitude', String(location.longitude));
  form.append('isPublic', 'true');
  form.append('timeRestriction', draft.timeRestriction);
  if (draft.timeRestriction === 'time_of_day' && draft.unlockStartTime && draft.unlockEndTime) {
    form.append('unlockStartTime', draft.unlockStartTime);
    form.append('unlockEndTime', draft.unlockEndTime);
  }
  if (draft.timeRestriction === 'season' && draft.unlockSeason) form.append('unlockSeason', draft.unlockSeason);
  if (draft.timeRestriction === 'weather' && draft.unlockWeather) form.append('unlockWeather', draft.unlockWeather);

  switch (draft.type) {
    case 'text':
      form.append('content', draft.content);
      break;
    case 'audio':
      if (draft.audio) {
        form.append('audio', draft.audio.blob, AUDIO.fileName);
        form.append('duration', String(draft.audio.duration));
      }
      break;
    case 'image':
      if (draft.image) form.append('image', draft.image, draft.image.name);
      break;
    case 'video':
      if (draft.video) {
        form.append('video', draft.video.file, draft.video.file.name);
        if (draft.video.duration !== null) form.append('duration', String(draft.video.duration));
      }
      break;
    case 'tiktok': {
      const parsed = parseTikTokUrl(draft.tiktokUrl);
      form.append('tiktokUrl', draft.tiktokUrl.trim());
      if (parsed?.videoId) form.append('tiktokVideoId', parsed.videoId);
      break;
    }
  }
  return form;
}

/** Duration fallback of spec section 9: the timer count, or bytes / 16000 rounded up when the timer is 0. */
export function recordingDuration(timerSeconds: number, bytes: number): number {
  return timerSeconds > 0 ? timerSeconds : Math.ceil(bytes / AUDIO.bytesPerSecondFallback);
}

/** Splits a spec message "Missing image: Please select…" / "Story created! Your story…" into toast parts. */
export function toastParts(message: string): { title: string; description?: string } {
  const match = /^(.+?[:!])\s+(.+)$/s.exec(message);
  if (!match) return { title: message };
  return { title: match[1]!.replace(/:$/, ''), description: match[2]! };
}

// ---------- preview texts (spec section 2, Story Preview step) ----------

export function truncatePreview(text: string, max: number = PREVIEW_CHARS.create): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : formatKb(bytes);
}

export function formatCoordinate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(5) : 'Unknown';
}

/** The "Unlocks" line of the preview card, or null when the story is not time-locked. */
export function unlockSummary(draft: StoryDraft): string | null {
  switch (draft.timeRestriction) {
    case 'time_of_day':
      return draft.unlockStartTime && draft.unlockEndTime
        ? `Unlocks ${draft.unlockStartTime} - ${draft.unlockEndTime}`
        : null;
    case 'season':
      return draft.unlockSeason ? `Unlocks in ${draft.unlockSeason}` : null;
    case 'weather':
      return draft.unlockWeather ? `Unlocks during ${draft.unlockWeather} weather` : null;
    case 'none':
      return null;
  }
}
