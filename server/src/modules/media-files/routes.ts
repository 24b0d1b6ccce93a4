/**
 * GET /api/media/<key>?exp=&sig= — story media, only through the short-lived signed URLs that unlocked story
 * answers carry (docs/design.md, rule 3). Supports HTTP Range so audio and video can seek: 206 with one byte
 * range, 416 for a range the file cannot satisfy. The URL embeds its expiry, so its content never changes:
 * browsers may keep it (privately) until then. A valid signature is not enough: the story owning the key must
 * still be visible to the requester (not hidden by reports, not made private, not deleted; its author, signed in
 * with the session cookie the browser sends along, always sees it), else 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import type { ByteRange } from '../../media/media-store';
import { mimeTypeOfKey } from '../../media/sniff';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Parses a Range header for a file of `size` bytes. Only single `bytes=` ranges are honoured; multiple ranges
 * are answered with the whole file (allowed by RFC 9110), other units are ignored. A byte range that is
 * malformed or starts beyond the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'none' };
  const specs = match[1]!.split(',');
  if (specs.length > 1) return { kind: 'none' };
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'unsatisfiable' };
  if (spec[1] === '') {
    // Suffix range: the last N bytes.
    const length = Number(spec[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.mediaFiles;

  app.route({
    ...apiRoute(app, 'mediaFile', { summary: 'A media file through a signed URL (HTTP Range supported)' }),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const exp = typeof request.query.exp === 'string' ? request.query.exp : undefined;
      const sig = typeof request.query.sig === 'string' ? request.query.sig : undefined;
      const info = await service.open(key, { exp, sig }, request.user?.id ?? null);

      const etag = `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime()).toString(16)}"`;
      const secondsLeft = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', mimeTypeOfKey(key))
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', info.modifiedAt.toUTCString())
        .header('cache-control', `private, max-age=${secondsLeft}, immutable`)
        .header('content-disposition', 'inline');

      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      // If-Range with a different validator means the client's partial copy is stale: send everything.
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, info.size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .type('application/json; charset=utf-8')
          .header('content-range', `bytes */${info.size}`)
          .send({ message: 'Range Not Satisfiable' });
      }
      if (range.kind === 'range') {
        const { start, end } = range.range;
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${info.size}`)
          .header('content-length', end - start + 1);
        return reply.send(service.read(key, range.range));
      }
      reply.header('content-length', info.size);
      // An empty file has nothing to stream (a zero-length read stream would still be fine, but is pointless).
      return reply.send(info.size === 0 ? '' : service.read(key));
    },
  });
};
