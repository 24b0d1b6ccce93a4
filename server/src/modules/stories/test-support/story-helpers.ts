/**
 * Test helpers for the story write API: multipart bodies for app.inject, and a look at what the media store
 * and upload scratch space hold (to prove nothing is left behind after a failure).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CENTER } from '#common/constants';

export interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by the platform's own FormData encoder. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.data)], { type: file.contentType ?? 'application/octet-stream' }),
      file.filename ?? name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** The fields every valid story needs (text story at the default centre). */
export const baseStoryFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'The lamplighter',
  description: 'Heard on the square',
  category: 'History',
  type: 'text',
  latitude: String(DEFAULT_CENTER.latitude),
  longitude: String(DEFAULT_CENTER.longitude),
  isPublic: 'true',
  timeRestriction: 'none',
  content: 'Every night at dusk he lit the lamps one by one.',
  ...overrides,
});

export async function postStory(
  app: FastifyInstance,
  cookie: string | undefined,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  const { payload, headers } = await multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/stories',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Every file under a directory (relative paths), or [] when it does not exist. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
