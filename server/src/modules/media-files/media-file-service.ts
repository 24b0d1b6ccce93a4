/**
 * Which media file a signed link may open: the signature must hold (media/media-urls.ts) and the story owning the
 * key must still be visible to the requester (not hidden, not made private, not deleted; its author always sees
 * it). Checked on every request, Range requests included, so a link handed out before the story was hidden stops
 * working at once; a key no story owns (an orphan) is not served either.
 */
import { forbidden, notFound } from '../../lib/http-errors';
import { isValidMediaKey, type ByteRange, type MediaStore } from '../../media/media-store';
import type { MediaUrlSigner } from '../../media/media-urls';
import type { createMediaAccessRepository } from './media-access-repository';

const MEDIA_LINK_INVALID = 'This media link is invalid or has expired.';
const MEDIA_STORY_UNAVAILABLE = 'This story is no longer available.';

export type MediaFileService = ReturnType<typeof createMediaFileService>;

export function createMediaFileService(deps: {
  access: ReturnType<typeof createMediaAccessRepository>;
  signer: MediaUrlSigner;
  store: MediaStore;
}) {
  return {
    /** The file's size and time, after the checks above (403 for a bad link, 404 for a story gone or a file gone). */
    async open(key: string, link: { exp: string | undefined; sig: string | undefined }, userId: string | null) {
      if (!isValidMediaKey(key) || !deps.signer.verify(key, link.exp, link.sig)) throw forbidden(MEDIA_LINK_INVALID);
      if ((await deps.access.access(key, userId)) !== 'visible') throw notFound(MEDIA_STORY_UNAVAILABLE);
      const info = await deps.store.stat(key);
      if (!info) throw notFound('Media not found');
      return info;
    },
    read: (key: string, range?: ByteRange) => deps.store.read(key, range),
  };
}
