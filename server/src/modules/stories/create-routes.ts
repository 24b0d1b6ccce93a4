/**
 * POST /api/stories (docs/design.md, part 7): multipart fields plus, by type, an `audio`, `image` or `video` file.
 * Signed in only (401), rate limited per user; answers 201 with the story as its author sees it.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STORY_CREATE_RATE_LIMIT } from '#common/constants';
import { createStoryMultipartSchema } from '#common/route-schemas';
import { unsupportedMediaType } from '../../lib/http-errors';
import { apiRoute } from '../../lib/api-route';
import { streamedBody } from '../../plugins/route-contract';
import { currentUser } from '../../plugins/access';
import { readStoryForm } from './story-form';
import { toStoryView } from './story-view';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';

/** Upload scratch directories older than this are leftovers of a crash and are removed at start. */
const STALE_UPLOAD_MS = 60 * 60_000;

export const storyCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { maxUploadBytes } = app.config;
  await app.register(multipart, {
    limits: {
      // The per-field limits are enforced while streaming (story-form.ts); this is the parser's ceiling.
      fileSize: Math.max(...Object.values(maxUploadBytes)) + 1,
      files: 4,
      fields: 40,
      fieldSize: 256 * 1024,
      parts: 50,
    },
  });

  const service = app.stories.create;
  const uploadsDir = path.join(app.config.dataDir, 'tmp', 'uploads');
  await fsp.mkdir(uploadsDir, { recursive: true });
  await removeStaleUploads(uploadsDir);

  const rateLimit = routeLimit(app, {
    max: STORY_CREATE_RATE_LIMIT.max,
    timeWindow: STORY_CREATE_RATE_LIMIT.timeWindowMs,
    keyGenerator: perUserOrAddress,
  });

  app.route({
    ...apiRoute(app, 'createStory', {
      summary: 'Create a story (multipart: the text fields, and the audio, image or video file by type)',
      consumes: ['multipart/form-data'],
      // Read as a stream by the handler (files go to disk, never into memory); checked while reading.
      body: streamedBody(createStoryMultipartSchema),
    }),
    config: { access: 'user', goodStanding: true, rateLimit },
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw unsupportedMediaType('Stories must be sent as multipart/form-data.');
      const workDir = await fsp.mkdtemp(path.join(uploadsDir, 'req-'));
      try {
        const form = await readStoryForm(request, workDir, maxUploadBytes);
        const row = await service.create(user.id, { ...form, workDir });
        const now = new Date();
        reply.code(201);
        // The author stands where the story was placed and always sees their own story unlocked.
        return toStoryView(row, user.displayName, {
          viewerId: user.id,
          reader: { latitude: row.latitude, longitude: row.longitude },
          now,
          signer: app.mediaSigner,
        });
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
  });
};

async function removeStaleUploads(uploadsDir: string): Promise<void> {
  const entries = await fsp.readdir(uploadsDir, { withFileTypes: true });
  const cutoff = Date.now() - STALE_UPLOAD_MS;
  for (const entry of entries) {
    const full = path.join(uploadsDir, entry.name);
    const stats = await fsp.stat(full).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await fsp.rm(full, { recursive: true, force: true });
  }
}
