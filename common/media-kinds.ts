/**
 * Each media kind described once, for client and server: where a story keeps its file (the `stories` column and
 * the row's key field), the URL field a reader's story carries, the multipart field it is uploaded in, the
 * containers it accepts (by content: server/src/media/sniff.ts), its size setting, its messages and whether it is
 * timed media (played: listens or plays, a duration, quartile events). The spec's messages for a missing or empty
 * upload are here (with no other import, so the first screen's story card reads this without the form messages). The story view, the withheld list, the
 * media-access check, moderation and export signing, the multipart reader, the story schemas' URL fields, the
 * insights and the client's pickers and players read this; a switch that must treat a kind in its own way is a
 * `satisfies Record<MediaKind, …>` the compiler points at (docs/architecture.md, "Add a media story type").
 */
import { MEDIA_KINDS, STORY_TYPES, type MediaKind, type StoryType } from './enums';
import { STORY_TYPE_UPLOAD } from './story-type-specs';

/** The container formats an upload is recognised as (server/src/media/sniff.ts). */
export type Container =
  'webm' | 'ogg' | 'mp4' | 'quicktime' | 'mpeg' | 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'avif';

/** A container a kind accepts: the Content-Type its stored file is served with and the stored file's extension. */
export interface AcceptedFormat {
  mimeType: string;
  extension: string;
}

/** What makes a kind timed media: it is played, lasts a while and is checked by ffprobe/ffmpeg. */
interface TimedMedia {
  /** What its plays are called in the author's insights ("listens or reads"). */
  engaged: 'listens' | 'plays';
  /** The insights' heading for how far people got. */
  through: string;
  /** Without ffmpeg the server cannot check MP4/QuickTime (docs/decisions/010-audio-verification.md). */
  unverifiable: string;
  /** A stream coded in something browsers do not all play, or that is costly to decode. */
  unsupportedCodec: string;
}

export interface MediaKindSpec<K extends MediaKind = MediaKind> {
  /** The stories row's field (Drizzle) and its column. */
  keyField: `${K}Key`;
  column: `${K}_key`;
  /** The field of a story answer (and the export, the moderation queue) carrying its signed URL. */
  urlField: `${K}Url`;
  /** The multipart field of POST /api/stories it arrives in. */
  formField: string;
  /** The file picker's `accept`. */
  accept: string;
  /** Containers it accepts, recognised by content (never by name or declared type). */
  containers: Partial<Record<Container, AcceptedFormat>>;
  /** Its largest upload: the setting's name (megabytes) and its default. */
  size: { setting: `MAX_${Uppercase<K>}_MB`; defaultMb: number };
  /** How messages name the file ("The audio recording is too large"). */
  noun: string;
  /** What a story card says of it when it has no length to say (null: its length, m:ss, even when unknown). */
  cardLabel: string | null;
  messages: {
    /** The upload is missing, or arrived empty (the spec's messages). */
    missing: string;
    empty: string;
    unsupported: string;
    unreadable: string;
  };
  /** Timed media (audio, video) or null (a still image). */
  timed: TimedMedia | null;
}

const RECORDING_ERROR = 'Recording error: Audio recording failed. Please try again.';

export const MEDIA_KIND_SPECS = {
  audio: {
    keyField: 'audioKey',
    column: 'audio_key',
    urlField: 'audioUrl',
    formField: 'audio',
    accept: 'audio/*',
    containers: {
      webm: { mimeType: 'audio/webm', extension: 'webm' },
      ogg: { mimeType: 'audio/ogg', extension: 'ogg' },
      mp4: { mimeType: 'audio/mp4', extension: 'm4a' },
      mpeg: { mimeType: 'audio/mpeg', extension: 'mp3' },
    },
    size: { setting: 'MAX_AUDIO_MB', defaultMb: 20 },
    noun: 'audio recording',
    cardLabel: null,
    messages: {
      missing: 'Missing recording: Please record your story first. Make sure to stop the recording before submitting.',
      empty: RECORDING_ERROR,
      unsupported: 'Unsupported audio format: please record again or upload WebM, Ogg, MP4 or MP3 audio.',
      unreadable: RECORDING_ERROR,
    },
    timed: {
      engaged: 'listens',
      through: 'Listen-through',
      unverifiable:
        'Unsupported audio format: this server accepts WebM, Ogg or MP3 audio. Please record again or upload one of those.',
      unsupportedCodec:
        'Unsupported audio format: please record again or upload Opus or Vorbis audio (WebM, Ogg), AAC audio (MP4) or MP3.',
    },
  },
  image: {
    keyField: 'imageKey',
    column: 'image_key',
    urlField: 'imageUrl',
    formField: 'image',
    accept: 'image/*',
    containers: {
      jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
      png: { mimeType: 'image/png', extension: 'png' },
      gif: { mimeType: 'image/gif', extension: 'gif' },
      webp: { mimeType: 'image/webp', extension: 'webp' },
      heic: { mimeType: 'image/heic', extension: 'heic' },
      avif: { mimeType: 'image/avif', extension: 'avif' },
    },
    size: { setting: 'MAX_IMAGE_MB', defaultMb: 15 },
    noun: 'image',
    cardLabel: 'Photo',
    messages: {
      missing: 'Missing image: Please select an image for your story.',
      empty: 'Missing image: Please select an image for your story.',
      unsupported: 'Unsupported image format: please choose a JPEG, PNG, WebP, GIF or HEIC image.',
      unreadable: 'The image could not be read. Please choose another image.',
    },
    timed: null,
  },
  video: {
    keyField: 'videoKey',
    column: 'video_key',
    urlField: 'videoUrl',
    formField: 'video',
    accept: 'video/*',
    containers: {
      mp4: { mimeType: 'video/mp4', extension: 'mp4' },
      webm: { mimeType: 'video/webm', extension: 'webm' },
      quicktime: { mimeType: 'video/quicktime', extension: 'mov' },
    },
    size: { setting: 'MAX_VIDEO_MB', defaultMb: 200 },
    noun: 'video',
    cardLabel: 'Video',
    messages: {
      missing: 'Missing video: Please select a video file for your story.',
      empty: 'Missing video: Please select a video file for your story.',
      unsupported: 'Unsupported video format: please choose an MP4, WebM or QuickTime video.',
      unreadable: 'The video could not be read. Please choose another video file.',
    },
    timed: {
      engaged: 'plays',
      through: 'Watch-through',
      unverifiable: 'Unsupported video format: this server accepts WebM video. Please choose a WebM video.',
      unsupportedCodec:
        'Unsupported video format: please choose an H.264, VP9 or AV1 video (MP4, QuickTime) or a VP8, VP9 or AV1 video (WebM), with AAC, MP3, Opus or Vorbis sound.',
    },
  },
} as const satisfies { [K in MediaKind]: MediaKindSpec<K> };

export type MediaKeyField = (typeof MEDIA_KIND_SPECS)[MediaKind]['keyField'];
export type MediaUrlField = (typeof MEDIA_KIND_SPECS)[MediaKind]['urlField'];
export type MediaColumn = (typeof MEDIA_KIND_SPECS)[MediaKind]['column'];

/** Each kind's row field and column, in MEDIA_KINDS' order. */
export const MEDIA_KEY_FIELDS: readonly MediaKeyField[] = MEDIA_KINDS.map((kind) => MEDIA_KIND_SPECS[kind].keyField);
export const MEDIA_COLUMNS: readonly MediaColumn[] = MEDIA_KINDS.map((kind) => MEDIA_KIND_SPECS[kind].column);

/** The kind whose file a stored key names (`stories/<id>/<kind>.<extension>`), or null (a thumbnail). */
export function mediaKindOfFileName(base: string): MediaKind | null {
  return (MEDIA_KINDS as readonly string[]).includes(base) ? (base as MediaKind) : null;
}

/** The kind a multipart field carries, or null for a field that is no media kind's. */
export function mediaKindOfFormField(field: string): MediaKind | null {
  return MEDIA_KINDS.find((kind) => MEDIA_KIND_SPECS[kind].formField === field) ?? null;
}

/** The timed media (audio, video) a story of this type carries, or null (text, image, TikTok, anything else). */
export function timedMediaOf(type: string): TimedMedia | null {
  if (!(STORY_TYPES as readonly string[]).includes(type)) return null;
  const kind = STORY_TYPE_UPLOAD[type as StoryType];
  return kind ? MEDIA_KIND_SPECS[kind].timed : null;
}

/** Whether a story of this type is timed media: played, with a duration, listens or plays and quartile events. */
export const isTimedStory = (type: string): boolean => timedMediaOf(type) !== null;

/** One value per kind's URL field (the export: each signed URL, or null). */
export function eachMediaUrl<T>(value: (kind: MediaKind) => T): Record<MediaUrlField, T> {
  return Object.fromEntries(MEDIA_KINDS.map((kind) => [MEDIA_KIND_SPECS[kind].urlField, value(kind)])) as Record<
    MediaUrlField,
    T
  >;
}

/** The URL fields of the kinds a story has a file of, each its key made into a URL (the others left out). */
export function presentMediaUrls(
  keyOf: (kind: MediaKind) => string | null,
  url: (key: string) => string,
): Partial<Record<MediaUrlField, string>> {
  const urls: Partial<Record<MediaUrlField, string>> = {};
  for (const kind of MEDIA_KINDS) {
    const key = keyOf(kind);
    if (key) urls[MEDIA_KIND_SPECS[kind].urlField] = url(key);
  }
  return urls;
}
