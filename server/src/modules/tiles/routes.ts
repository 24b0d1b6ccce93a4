/**
 * GET /tiles/{z}/{x}/{y}.{png|mvt|pbf}: the map's tiles from the app's own origin (docs/decisions/037-tiles-through-whispers.md).
 * A page asset, not part of the API: no session is read and nothing of the reader goes further. Served tiles are
 * cached by browsers for a week and carry an ETag (304 on If-None-Match); a tile that cannot be had now is 503 with
 * Retry-After, never cached.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { parseTileAddress } from './tile-coordinates';

/** How long a browser (and the service worker) may keep a served tile. */
const TILE_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=604800';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const tileRoutes: FastifyPluginAsync = async (app) => {
  const source = app.tiles.source;
  const refuse = (reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}) =>
    reply
      .code(status)
      .headers({ 'cache-control': 'no-store', ...headers })
      .send({ message });

  app.get<{ Params: { z: string; x: string; file: string } }>(
    '/tiles/:z/:x/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { z, x, y } = parseTileAddress(request.params, source);
      const answer = await source.tile(z, x, y);
      if (answer.kind === 'missing') return refuse(reply, 404, 'No such tile');
      if (answer.kind === 'unavailable') {
        return refuse(reply, 503, 'The map is not available right now', {
          'retry-after': String(answer.retryAfterSeconds),
        });
      }
      const { tile } = answer;
      reply.headers({ etag: tile.etag, 'cache-control': TILE_CACHE_CONTROL, vary: 'accept-encoding' });
      if (matches(request.headers['if-none-match'], tile.etag)) return reply.code(304).send();
      if (tile.contentEncoding) reply.header('content-encoding', tile.contentEncoding);
      return reply.type(tile.contentType).send(tile.bytes);
    },
  );

  // Anything else under /tiles is no page: a clear 404 rather than the app's page.
  app.get('/tiles/*', { config: { access: 'public' }, schema: { hide: true } }, async (request) => {
    throw notFound(`No tile at ${request.url.split('?')[0]}`);
  });
};
