/**
 * Uploads are recognised by content (common/media-sniff.ts, shared with the create dialog); the Content-Type a
 * stored file is served with follows its name.
 */
import { MEDIA_KIND_SPECS, mediaKindOfFileName, type AcceptedFormat } from '#common/media-kinds';

export type { MediaKind } from '#common/enums';
export type { Container } from '#common/media-kinds';
export { SNIFF_BYTES, sniffContainer, sniffMedia, type AcceptedMedia } from '#common/media-sniff';

const TRANSCRIPT_TYPES: Record<string, string | undefined> = {
  vtt: 'text/vtt; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/**
 * Content-Type of a stored file. Stored names are `<kind>.<extension>` (`audio.webm`, `video.webm`,
 * `image.jpg`, `thumbnail.webp`), so the same extension maps to the right audio or video type.
 */
export function mimeTypeOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot);
  const extension = name.slice(dot + 1);
  // A transcript's file (docs/decisions/056-transcripts-and-captions.md), made by the server from stored cues.
  const transcript = TRANSCRIPT_TYPES[extension];
  if (base.startsWith('transcript-') && transcript) return transcript;
  // A thumbnail is an image's second file.
  const kind = mediaKindOfFileName(base) ?? 'image';
  const entry = Object.values<AcceptedFormat>(MEDIA_KIND_SPECS[kind].containers).find(
    (format) => format.extension === extension,
  );
  return entry?.mimeType ?? 'application/octet-stream';
}
