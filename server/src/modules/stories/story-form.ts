/**
 * Reads the multipart body of POST /api/stories: text fields into an object, each media kind's file (its
 * `formField`, common/media-kinds.ts) streamed to the request's work directory with their own size limits (config.maxUploadBytes), so a
 * 200 MB video never sits in memory. Other file fields are drained and ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from '../../lib/http-errors';
import { NUL_IN_TEXT } from '../../plugins/route-contract';
import type { UploadedFile } from '../../media/pipeline';
import type { MediaKind } from '#common/enums';
import { MEDIA_KIND_SPECS, mediaKindOfFormField } from '#common/media-kinds';

/** Field names that must never become object keys. */
const UNSAFE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export interface StoryForm {
  fields: Record<string, string>;
  files: Partial<Record<MediaKind, UploadedFile>>;
}

const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function fileTooLargeMessage(kind: MediaKind, maxBytes: number): string {
  return `The ${MEDIA_KIND_SPECS[kind].noun} is too large (maximum ${readableSize(maxBytes)}).`;
}

const MALFORMED_FORM = 'The form could not be read: the multipart body is malformed or incomplete.';

/**
 * What the multipart parser (busboy) throws for a body it cannot parse — no boundary, a boundary over 256
 * characters, a body cut short. They carry no status, so they would otherwise answer 500.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|The needle cannot|Unexpected end of (multipart data|form)|(Part|File|Field) terminated early|Malformed part header|Missing Content-Type|Unsupported Content-Type)/i;

export async function readStoryForm(
  request: FastifyRequest,
  workDir: string,
  maxBytes: Record<MediaKind, number>,
): Promise<StoryForm> {
  try {
    return await readParts(request, workDir, maxBytes);
  } catch (error) {
    if (error instanceof Error && !('statusCode' in error) && MALFORMED_MULTIPART.test(error.message))
      throw badRequest(MALFORMED_FORM);
    throw error;
  }
}

async function readParts(
  request: FastifyRequest,
  workDir: string,
  maxBytes: Record<MediaKind, number>,
): Promise<StoryForm> {
  const fields: Record<string, string> = {};
  const files: StoryForm['files'] = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const kind = mediaKindOfFormField(part.fieldname);
      if (!kind || files[kind]) {
        await pipeline(part.file, discard());
        continue;
      }
      const target = path.join(workDir, `upload-${kind}`);
      const size = await saveWithLimit(part.file, target, maxBytes[kind], fileTooLargeMessage(kind, maxBytes[kind]));
      files[kind] = { path: target, size };
    } else {
      if (UNSAFE_NAMES.has(part.fieldname)) continue;
      if (part.valueTruncated) throw payloadTooLarge(`The ${part.fieldname} field is too long.`);
      if (typeof part.value === 'string' && part.value.includes('\u0000')) throw badRequest(NUL_IN_TEXT);
      // Text fields arrive as strings; anything else is handed on so the schema can refuse it by name.
      fields[part.fieldname] = part.value as string;
    }
  }
  return { fields, files };
}

async function saveWithLimit(
  source: NodeJS.ReadableStream & { truncated?: boolean },
  target: string,
  maxBytes: number,
  message: string,
): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(payloadTooLarge(message));
      else callback(null, chunk);
    },
  });
  await pipeline(source, counter, fs.createWriteStream(target));
  // The multipart parser's own ceiling (the largest of the three limits) stops a stream by truncating it.
  if (source.truncated) throw payloadTooLarge(message);
  return size;
}

function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}
