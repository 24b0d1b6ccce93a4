/**
 * QR codes, posters and embeddable cards of shared stories and tours (docs/decisions/055-qr-posters-and-embeds.md):
 * - GET /api/stories/:id/qr.svg|.png, /api/tours/:id/qr.svg|.png → a code that opens the share page
 * - GET /posters/stories/:id?size=a4|a6, /posters/tours/:id → the printable poster
 * - GET /embed/stories/:id, /embed/tours/:id → the card for an `<iframe>`; its CSP `frame-ancestors` adds the
 *   sites of EMBED_ORIGINS to 'self' (every other page keeps today's 'self' and X-Frame-Options)
 * Each reads its card as the share page does (share-cards.ts): 404 alike for missing, private, hidden, or blocked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storyIdParamsSchema } from '#common/route-schemas';
import { apiRoute } from '../../lib/api-route';
import { HttpError, notFound } from '../../lib/http-errors';
import { routeLimit } from '../../lib/route-limit';
import { embedPage, posterPage } from './card-pages';
import { linkOrigin } from './link-origin';
import { qrPng, qrSvgCard, qrSvgElement } from './qr';
import { POSTER_LINES, type ShareCard } from './share-cards';

const CARD_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
const NOT_FOUND = { story: 'Story not found', tour: 'Tour not found' } as const;
const idSchema = z.uuid();
const posterQuerySchema = z.object({ size: z.enum(['a4', 'a6']).catch('a4') });

type Kind = ShareCard['kind'];

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = app.share.service;
  const rateLimit = routeLimit(app, CARD_RATE_LIMIT);

  const cardOf = async (kind: Kind, request: FastifyRequest, id: string) => {
    const viewerId = request.user?.id ?? null;
    if (!idSchema.safeParse(id).success) return undefined;
    return kind === 'story' ? cards.story(id, viewerId) : cards.tour(id, viewerId);
  };

  /** The share page's absolute URL; without a trusted origin a code could only point at a guessed one. */
  const shareUrl = (request: FastifyRequest, card: ShareCard) => {
    const origin = linkOrigin(request, app.config.publicUrl);
    if (!origin) throw new HttpError(421, 'QR codes need the public address of this server (PUBLIC_URL).');
    return `${origin}${card.path}`;
  };

  const qrRoutes = [
    ['story', 'storyQrSvg', 'storyQrPng'],
    ['tour', 'tourQrSvg', 'tourQrPng'],
  ] as const;
  for (const [kind, svgName, pngName] of qrRoutes) {
    app.route({
      ...apiRoute(app, svgName, {
        summary: `The ${kind}'s QR code (SVG) with its title and "${POSTER_LINES[kind]}" beneath; it opens the share page`,
      }),
      config: { access: 'public', rateLimit },
      handler: async (request, reply) => {
        const card = await cardOf(kind, request, request.params.id);
        if (!card) throw notFound(NOT_FOUND[kind]);
        const svg = await qrSvgCard(shareUrl(request, card), card.title, POSTER_LINES[kind]);
        return reply.header('cache-control', 'private, no-cache').type('image/svg+xml; charset=utf-8').send(svg);
      },
    });
    app.route({
      ...apiRoute(app, pngName, { summary: `The ${kind}'s QR code (PNG, the code alone); it opens the share page` }),
      config: { access: 'public', rateLimit },
      handler: async (request, reply) => {
        const card = await cardOf(kind, request, request.params.id);
        if (!card) throw notFound(NOT_FOUND[kind]);
        const png = await qrPng(shareUrl(request, card));
        return reply.header('cache-control', 'private, no-cache').type('image/png').send(png);
      },
    });
  }

  const htmlPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const missingPage = (reply: FastifyReply) =>
    htmlPage(reply)
      .code(404)
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Not found — Whispers</title></head>' +
          '<body><p>This whisper cannot be shown here.</p></body></html>',
      );

  const frameAncestors = ["'self'", ...app.config.embedOrigins].join(' ');
  const pageSchema = { hide: true, params: storyIdParamsSchema };

  for (const [kind, segment] of [
    ['story', 'stories'],
    ['tour', 'tours'],
  ] as const) {
    app.get(
      `/embed/${segment}/:id`,
      { config: { access: 'public', rateLimit }, schema: pageSchema },
      async (request, reply) => {
        const card = await cardOf(kind, request, request.params.id);
        if (!card) return missingPage(reply);
        // The app-wide policy (security-headers.ts) with this page's own frame-ancestors.
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        reply.header(
          'content-security-policy',
          policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${frameAncestors}`),
        );
        // X-Frame-Options knows no list of sites; the CSP above decides (browsers prefer it when both are sent).
        if (app.config.embedOrigins.length > 0) reply.removeHeader('x-frame-options');
        const origin = linkOrigin(request, app.config.publicUrl);
        return htmlPage(reply).send(embedPage(card, `${origin ?? ''}${card.path}`));
      },
    );

    app.get(
      `/posters/${segment}/:id`,
      { config: { access: 'public', rateLimit }, schema: { ...pageSchema, querystring: posterQuerySchema } },
      async (request, reply) => {
        const card = await cardOf(kind, request, request.params.id);
        if (!card) return missingPage(reply);
        const url = shareUrl(request, card);
        const qrSvg = await qrSvgElement(url, `QR code that opens ${card.title}`);
        const basePath = `/posters/${segment}/${encodeURIComponent(card.id)}`;
        return htmlPage(reply).send(posterPage(card, { qrSvg, shareUrl: url, size: request.query.size, basePath }));
      },
    );
  }
};
