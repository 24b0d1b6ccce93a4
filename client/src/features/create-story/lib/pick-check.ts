/**
 * A picked file is checked at once, by content, with the server's own rule and words (common/media-sniff.ts,
 * common/media-kinds.ts): a picture picked as a video is refused at the pick, not accepted into a broken player.
 */
import type { MediaKind } from '#common/enums';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { SNIFF_BYTES, sniffMedia } from '#common/media-sniff';

/** The server's message for this file in this kind's field, or null when it is a container the kind takes. */
export async function pickedFileProblem(kind: MediaKind, file: Blob): Promise<string | null> {
  const { messages } = MEDIA_KIND_SPECS[kind];
  if (file.size === 0) return messages.empty;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffMedia(kind, head) ? null : messages.unsupported;
}

/** Whole seconds a picked audio or video file lasts, from its metadata; null when the browser cannot tell. */
export function mediaSeconds(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement('audio');
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      media.removeAttribute('src');
      resolve(seconds);
    };
    media.preload = 'metadata';
    media.addEventListener('loadedmetadata', () =>
      done(Number.isFinite(media.duration) ? Math.max(1, Math.round(media.duration)) : null),
    );
    media.addEventListener('error', () => done(null));
    media.src = url;
  });
}
