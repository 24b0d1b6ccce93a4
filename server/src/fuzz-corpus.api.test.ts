/**
 * The fuzz corpus (docs/security.md, "Threat model"): requests that once answered 5xx, kept in
 * test-support/fuzz-corpus.json and replayed on every run, whatever seed the random fuzz (fuzz-routes.api.test.ts)
 * draws. Each must answer below 500, a refusal as JSON `{ message }`, and with its recorded status when it has
 * one. DEVELOPERS.md, "Fuzz corpus", says how to add a request the fuzz or anyone else found.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { useTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from './modules/stories/test-support/story-fixtures';
import { isJsonMessage } from './test-support/fuzz-requests';
import { nestedText } from './test-support/hostile-values';

const entrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** What the request broke, in a sentence: the corpus is also the record of what went wrong. */
  broke: z.string().min(10),
  /** The commit that fixed it. */
  fixed: z.string().regex(/^[0-9a-f]{7,40}$/),
  caller: z.enum(['signed out', 'signed in']),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  url: z.string().startsWith('/'),
  json: z.unknown().optional(),
  raw: z
    .strictObject({
      contentType: z.string(),
      text: z.string().optional(),
      nested: z.strictObject({ kind: z.enum(['array', 'object']), depth: z.number().int().positive() }).optional(),
    })
    .optional(),
  headers: z.record(z.string(), z.string()).optional(),
  status: z.number().int().min(100).max(499).optional(),
});
type Entry = z.infer<typeof entrySchema>;

const corpusPath = path.join(import.meta.dirname, 'test-support', 'fuzz-corpus.json');
const corpus = z
  .strictObject({ about: z.string(), entries: z.array(entrySchema).min(1) })
  .parse(JSON.parse(fs.readFileSync(corpusPath, 'utf8')));

/** What the placeholders stand for: the caller's own stories and tour, made fresh for each entry. */
async function placeholdersFor(t: TestApp, caller: TestUser): Promise<Record<string, string>> {
  const first = await insertStory(t.database, { authorId: caller.id, ...DEFAULT_CENTER, title: 'Corpus one' });
  const second = await insertStory(t.database, {
    authorId: caller.id,
    ...offsetNorth(DEFAULT_CENTER, 300),
    title: 'Corpus two',
  });
  const tour = await t.app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: { cookie: caller.cookie },
    payload: { title: 'Corpus walk', storyIds: [first.id, second.id] },
  });
  if (tour.statusCode !== 201) throw new Error(`corpus tour: ${tour.statusCode} ${tour.body}`);
  return {
    // Longest names first, so $STORY_1_UPPER is not read as $STORY_1 + "_UPPER".
    $STORY_1_UPPER: first.id.toUpperCase(),
    $STORY_2_UPPER: second.id.toUpperCase(),
    $STORY_1: first.id,
    $STORY_2: second.id,
    $TOUR: tour.json<{ id: string }>().id,
    $UUID: crypto.randomUUID(),
  };
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [name, value]) => out.replaceAll(name, value), text);

function requestOf(entry: Entry, values: Record<string, string>, cookie: string | undefined): InjectOptions {
  const headers: Record<string, string> = { ...entry.headers, ...(cookie ? { cookie } : {}) };
  let payload: string | undefined;
  if (entry.json !== undefined) {
    payload = fill(JSON.stringify(entry.json), values);
    headers['content-type'] = 'application/json';
  } else if (entry.raw) {
    payload = entry.raw.nested ? nestedText(entry.raw.nested.depth, entry.raw.nested.kind) : (entry.raw.text ?? '');
    headers['content-type'] = entry.raw.contentType;
  }
  return { method: entry.method, url: fill(entry.url, values), headers, ...(payload === undefined ? {} : { payload }) };
}

describe('the fuzz corpus: past 5xx requests, replayed on every run', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  it('has one entry per id', () => {
    const ids = corpus.entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const entry of corpus.entries) {
    it(`${entry.id} (fixed in ${entry.fixed}): answers ${entry.status ?? 'below 500'}, never a 5xx, a refusal as { message }`, async () => {
      const caller = await createTestUser(t.current.database);
      const values = await placeholdersFor(t.current, caller);
      const res = await t.current.app.inject(
        requestOf(entry, values, entry.caller === 'signed in' ? caller.cookie : undefined),
      );
      const seen = `${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, seen).toBeLessThan(500);
      if (res.statusCode >= 400) expect(isJsonMessage(res), seen).toBe(true);
      if (entry.status !== undefined) expect(res.statusCode, seen).toBe(entry.status);
    });
  }
});
