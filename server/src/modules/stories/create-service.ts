/**
 * Creating a story (docs/design.md, parts 5 and 7): validate the fields with the shared schema, check and process the
 * file the story type needs, then write files and row together or not at all (docs/design.md "Bad input and
 * failure"): files first, then the row; when anything fails after a file was written, the files are removed.
 */
import crypto from 'node:crypto';
import { MEDIA } from '#common/constants';
import { createStoryFieldsSchema, type CreateStoryData } from '#common/schemas';
import { STORY_TYPE_UPLOAD, UPLOAD_MESSAGES, type MediaKind } from '#common/story-types';
import { MEDIA_KIND_SPECS, type MediaKeyField } from '#common/media-kinds';
import { MEDIA_KINDS } from '#common/enums';
import { countWords } from '#common/text';
import { badRequest, HttpError, parseOrThrow, payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors';
import { UnreadableMediaError, UnverifiableMediaError, type AvTools } from '../../media/av';
import { ImageTooLargeError, UnreadableImageError } from '../../media/images';
import type { MediaStore } from '../../media/media-store';
import { prepareMedia, UnsupportedMediaError, type PreparedMedia, type UploadedFile } from '../../media/pipeline';
import { MediaTooLargeError, UnsupportedCodecError, type MediaLimits } from '../../media/probe';
import { MediaQueueFullError, type MediaWorkQueue } from '../../media/work-queue';
import type { StoryRepository } from './story-repository';
import type { StoryRow } from './story-view';
import type { Point } from '#common/geo';
import { pickLockValues } from '#common/lock-kinds';

const IMAGE_TOO_LARGE_MESSAGE = `The image is too large (at most ${MEDIA.imageMaxPixels / 1_000_000} megapixels).`;

export interface CreateStoryDeps {
  repository: Pick<StoryRepository, 'insert'>;
  store: MediaStore;
  avTools: AvTools;
  /** The process's audio/video work queue (absent: no queue, e.g. service-level tests). */
  mediaWork?: MediaWorkQueue;
  /** Checked on an audio/video file's headers before it is decoded (default: media/probe.ts). */
  mediaLimits?: MediaLimits;
  /**
   * Checks the story's point as the author's position claim (location-guard.ts `checkPlacement`) before any
   * file is processed; throws a 400 to refuse it.
   */
  checkPlacement?: (authorId: string, point: Point) => Promise<void>;
  /** Told of each new story once its row is in (a draft transcript: docs/decisions/057-transcribe-command.md). */
  afterCreate?: (row: StoryRow) => void;
  /** Called after the files are stored and before the row is inserted (tests inject failures here). */
  beforeInsert?: (storyId: string) => Promise<void> | void;
}

export interface CreateStoryRequest {
  /** Multipart text fields as received (unknown ones are ignored by the schema). */
  fields: Record<string, unknown>;
  files: Partial<Record<MediaKind, UploadedFile>>;
  /** A private scratch directory for this request (removed by the caller). */
  workDir: string;
}

/** Every audio/video slot is taken and the waiting line is full (media/work-queue.ts). */
const MEDIA_BUSY_MESSAGE = 'The server is busy processing other recordings and videos. Please try again in a moment.';
const MEDIA_BUSY_RETRY_SECONDS = 10;

/** sharp's prebuilt libvips reads AVIF but not HEVC-coded HEIC (iPhone photos); say so plainly. */
const HEIC_MESSAGE = 'HEIC images cannot be read on this server. Please choose a JPEG or PNG image.';

/** The file the story type needs, checked for presence with the spec's message for each type. */
function requiredUpload(data: CreateStoryData, files: CreateStoryRequest['files']): [MediaKind, UploadedFile] | null {
  // Text and TikTok stories carry no file (common/story-types.ts); a file sent along anyway is ignored.
  const kind = STORY_TYPE_UPLOAD[data.type];
  if (kind === null) return null;
  const upload = files[kind];
  if (!upload) throw badRequest(UPLOAD_MESSAGES[kind].missing);
  if (upload.size === 0) throw badRequest(UPLOAD_MESSAGES[kind].empty);
  return [kind, upload];
}

async function processUpload(
  kind: MediaKind,
  upload: UploadedFile,
  data: CreateStoryData,
  request: CreateStoryRequest,
  deps: CreateStoryDeps,
): Promise<PreparedMedia> {
  const prepare = () =>
    prepareMedia(kind, upload, {
      workDir: request.workDir,
      avTools: deps.avTools,
      formDuration: data.duration,
      limits: deps.mediaLimits,
    });
  const { messages, timed } = MEDIA_KIND_SPECS[kind];
  try {
    // Timed media (ffprobe, ffmpeg) waits for a slot in the process's queue; images have sharp's own bounds.
    return await (timed && deps.mediaWork ? deps.mediaWork.run(prepare) : prepare());
  } catch (error) {
    if (error instanceof MediaQueueFullError) {
      throw new HttpError(503, MEDIA_BUSY_MESSAGE, { 'retry-after': String(MEDIA_BUSY_RETRY_SECONDS) });
    }
    if (error instanceof MediaTooLargeError) throw payloadTooLarge(error.message);
    if (error instanceof UnsupportedCodecError && timed) throw unsupportedMediaType(timed.unsupportedCodec);
    if (error instanceof UnsupportedMediaError) throw unsupportedMediaType(messages.unsupported);
    if (error instanceof ImageTooLargeError) throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE);
    if (error instanceof UnreadableImageError && error.container === 'heic') throw unsupportedMediaType(HEIC_MESSAGE);
    if (error instanceof UnverifiableMediaError && timed) throw unsupportedMediaType(timed.unverifiable);
    // Audio or video that does not decode in full is not the format it claims to be (a damaged file, or a
    // polyglot: media with something else around it).
    if (error instanceof UnreadableMediaError) throw unsupportedMediaType(messages.unsupported);
    if (error instanceof UnreadableImageError) throw badRequest(messages.unreadable);
    throw error;
  }
}

/** Each media kind's key field: the key of its stored file, or null. */
function mediaKeys(keys: Partial<Record<MediaKind, string>>): Record<MediaKeyField, string | null> {
  return Object.fromEntries(MEDIA_KINDS.map((kind) => [MEDIA_KIND_SPECS[kind].keyField, keys[kind] ?? null])) as Record<
    MediaKeyField,
    string | null
  >;
}

export type StoryCreateService = ReturnType<typeof createStoryCreateService>;

export function createStoryCreateService(deps: CreateStoryDeps) {
  return {
    async create(authorId: string, request: CreateStoryRequest): Promise<StoryRow> {
      const row = await createStory(deps, authorId, request);
      deps.afterCreate?.(row);
      return row;
    },
  };
}

async function createStory(deps: CreateStoryDeps, authorId: string, request: CreateStoryRequest): Promise<StoryRow> {
  const data = parseOrThrow(createStoryFieldsSchema, request.fields);
  await deps.checkPlacement?.(authorId, { latitude: data.latitude, longitude: data.longitude });
  const upload = requiredUpload(data, request.files);
  const media = upload ? await processUpload(upload[0], upload[1], data, request, deps) : null;

  const id = crypto.randomUUID();
  const keys: Partial<Record<MediaKind | 'thumbnail', string>> = {};
  const written: string[] = [];
  try {
    for (const file of media?.files ?? []) {
      const key = `stories/${id}/${file.name}`;
      if ('path' in file.source) await deps.store.putFile(key, file.source.path);
      else await deps.store.putBuffer(key, file.source.data);
      written.push(key);
      keys[file.role] = key;
    }
    await deps.beforeInsert?.(id);
    return await deps.repository.insert({
      id,
      title: data.title,
      description: data.description,
      content: data.content,
      ...mediaKeys(keys),
      thumbnailKey: keys.thumbnail ?? null,
      tiktokUrl: data.tiktokUrl,
      tiktokVideoId: data.tiktokVideoId,
      duration: media?.duration ?? null,
      wordCount: data.content === null ? null : countWords(data.content),
      latitude: data.latitude,
      longitude: data.longitude,
      category: data.category,
      type: data.type,
      authorId,
      isPublic: data.isPublic,
      timeRestriction: data.timeRestriction,
      ...pickLockValues(data),
      language: data.language,
    });
  } catch (error) {
    // No row without its files and no files without their row.
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    throw error;
  }
}
