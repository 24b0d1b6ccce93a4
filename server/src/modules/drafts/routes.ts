/**
 * Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md), signed in only, each its
 * author's alone:
 * - POST   /api/drafts (multipart, the creation form; latitude/longitude = the planned place) → 201 the draft
 * - GET    /api/drafts → the author's drafts; PATCH /api/drafts/:id { fields } → 200; DELETE → 204 (with its file)
 * - POST   /api/drafts/:id/pin { latitude, longitude } → 201 the story ("Pin here": the claim rules, within 200 m)
 * - POST   /api/drafts/import { fileName, text, title? } → 201 the planned tour (400 unreadable, 413 too large)
 * - GET    /api/drafts/tours → planned tours; POST /api/drafts/tours/:id/publish → 201 the tour (≥ 2 stops pinned)
 * - DELETE /api/drafts/tours/:id → 204 (the planned tour with its stops not pinned yet)
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStoryMultipartSchema } from '#common/route-schemas';
import { apiRoute } from '../../lib/api-route';
import { unsupportedMediaType } from '../../lib/http-errors';
import { routeLimit } from '../../lib/route-limit';
import { currentUser } from '../../plugins/access';
import { streamedBody } from '../../plugins/route-contract';
import { readStoryForm, toStoryView } from '../stories';
import { ROUTE_IMPORT_MAX_BYTES } from './route-import';

const WRITE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** The JSON body around a route file: its text escaped, so up to twice the file's limit; the parser checks the bytes. */
const IMPORT_BODY_LIMIT = 2 * ROUTE_IMPORT_MAX_BYTES + 64 * 1024;

export const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.drafts;
  const { maxUploadBytes } = app.config;
  await app.register(multipart, {
    limits: { fileSize: Math.max(...Object.values(maxUploadBytes)) + 1, files: 4, fields: 40, fieldSize: 256 * 1024 },
  });
  const scratchDir = path.join(app.config.dataDir, 'tmp', 'drafts');
  await fsp.mkdir(scratchDir, { recursive: true });
  const writeConfig = { access: 'user', goodStanding: true, rateLimit: routeLimit(app, WRITE_RATE_LIMIT) } as const;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'createDraft', {
      summary: 'Plan a story: the creation form with a planned place anywhere, kept for you alone until pinned',
      consumes: ['multipart/form-data'],
      body: streamedBody(createStoryMultipartSchema),
    }),
    config: writeConfig,
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw unsupportedMediaType('Stories must be sent as multipart/form-data.');
      const workDir = await fsp.mkdtemp(path.join(scratchDir, 'req-'));
      try {
        const form = await readStoryForm(request, workDir, maxUploadBytes);
        const draft = await service.create(user.id, form);
        reply.code(201);
        return draft;
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
  });

  app.route({
    ...apiRoute(app, 'myDrafts', { summary: 'Your planned stories (drafts), newest first' }),
    config: { access: 'user' },
    handler: async (request) => ({ drafts: await service.list(currentUser(request).id) }),
  });

  app.route({
    ...apiRoute(app, 'editDraft', { summary: 'Change a draft’s text fields or planned place' }),
    config: writeConfig,
    handler: async (request) => service.edit(currentUser(request).id, request.params.id, request.body.fields),
  });

  app.route({
    ...apiRoute(app, 'deleteDraft', { summary: 'Delete a draft and its file' }),
    config: writeConfig,
    handler: async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...apiRoute(app, 'pinDraft', {
      summary: 'Pin here: publish a draft where you stand (an accepted position within 200 m of its planned place)',
    }),
    config: writeConfig,
    handler: async (request, reply) => {
      const user = currentUser(request);
      const row = await service.pin(user.id, request.params.id, request.body, scratchDir);
      reply.code(201);
      // The author stands where the story was placed and sees their own story unlocked (as after creating).
      return toStoryView(row, user.displayName, {
        viewerId: user.id,
        reader: { latitude: row.latitude, longitude: row.longitude },
        now: new Date(),
        signer: app.mediaSigner,
      });
    },
  });

  app.route({
    ...apiRoute(app, 'importRoute', {
      summary: 'Import a GPX, KML or GeoJSON route: a planned tour with one text draft per stop (all or nothing)',
    }),
    bodyLimit: IMPORT_BODY_LIMIT,
    config: writeConfig,
    handler: async (request, reply) => {
      const tour = await service.importRoute(currentUser(request).id, request.body);
      reply.code(201);
      return tour;
    },
  });

  app.route({
    ...apiRoute(app, 'myPlannedTours', { summary: 'Your planned tours, with the stops still to pin' }),
    config: { access: 'user' },
    handler: async (request) => ({ tours: await service.plannedTours(currentUser(request).id) }),
  });

  app.route({
    ...apiRoute(app, 'publishPlannedTour', {
      summary: 'Publish a planned tour as a walking tour of its pinned stops, in order (at least two)',
    }),
    config: writeConfig,
    handler: async (request, reply) => {
      const tour = await service.publishPlannedTour(currentUser(request).id, request.params.id);
      reply.code(201);
      return tour;
    },
  });

  app.route({
    ...apiRoute(app, 'deletePlannedTour', {
      summary: 'Give up a planned tour: it goes with the drafts of its stops not pinned yet',
    }),
    config: writeConfig,
    handler: async (request, reply) => {
      await service.deletePlannedTour(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });
};
