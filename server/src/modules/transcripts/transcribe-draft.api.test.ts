/**
 * Draft transcripts from TRANSCRIBE_COMMAND (docs/decisions/057-transcribe-command.md), with a stand-in command
 * (a small node script written here) that records what it was given and writes a known WebVTT: the draft is made
 * on upload, cleaned like an author's file, shown to the author only, and published when the author saves it.
 * Without the setting nothing is run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { authorTranscriptSchema } from '#common/transcript-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { liveWebmAudio } from '../../media/test-support/test-media';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

const STAND_IN = `
const fs = require('node:fs');
const file = process.argv[process.argv.length - 1];
fs.writeFileSync(process.env.MARKER_FILE || ${JSON.stringify(path.join(os.tmpdir(), 'unused'))}, JSON.stringify({ args: process.argv.slice(2), size: fs.statSync(file).size }));
process.stdout.write('WEBVTT\\n\\n00:00.000 --> 00:01.200\\n<v Engine>Draft words</v> <b>here</b>\\n\\n00:01.200 --> 00:02.800\\nand more\\n');
`;

describe('TRANSCRIBE_COMMAND drafts', () => {
  let dir: string;
  let script: string;
  let marker: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whispers-stand-in-'));
    script = path.join(dir, 'transcribe.cjs');
    marker = path.join(dir, 'called.json');
    fs.writeFileSync(script, STAND_IN.replace('process.env.MARKER_FILE', JSON.stringify(marker)));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const upload = async (t: TestApp, author: TestUser) => {
    const res = await postStory(t.app, author.cookie, baseStoryFields({ type: 'audio', content: '' }), {
      audio: { data: liveWebmAudio(3), filename: 'story.webm', contentType: 'audio/webm' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const transcriptOf = async (t: TestApp, id: string, author: TestUser) =>
    authorTranscriptSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/stories/${id}/transcript`, headers: { cookie: author.cookie } })
      ).json(),
    );

  describe('with a command', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', TRANSCRIBE_COMMAND: `${process.execPath} ${script}` });
    });
    afterAll(async () => t.close());

    it('makes a draft on upload that only the author sees, and publishes it when the author saves it', async () => {
      const author = await createTestUser(t.database, { displayName: 'Author' });
      const reader = await createTestUser(t.database, { displayName: 'Reader' });
      const id = await upload(t, author);

      const draft = await vi.waitFor(
        async () => {
          const got = (await transcriptOf(t, id, author)).draft;
          if (!got) throw new Error('no draft yet');
          return got;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(draft).toEqual({
        timed: true,
        cueCount: 2,
        text: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.200\nDraft words here\n\n00:00:01.200 --> 00:00:02.800\nand more\n',
      });
      // The command got the stored recording's path as its last argument (a copy in its own scratch folder).
      const called = JSON.parse(fs.readFileSync(marker, 'utf8')) as { args: string[]; size: number };
      expect(called.args.at(-1)).toMatch(/whispers-transcribe-.+audio\.webm$/);
      expect(called.size).toBeGreaterThan(0);
      // …and its scratch folder goes once the command is done.
      await vi.waitFor(() => expect(fs.existsSync(called.args.at(-1)!)).toBe(false));

      // A draft is never shown to readers.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/stories/${id}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
        headers: { cookie: reader.cookie },
      });
      expect(read.json()).toMatchObject({ id, isLocked: false });
      expect(read.body).not.toMatch(/transcript|Draft words/i);

      // The author corrects it and publishes.
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/stories/${id}/transcript`,
        headers: { cookie: author.cookie },
        payload: { text: draft.text.replace('Draft words here', 'Corrected words') },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ published: { timed: true, cueCount: 2 }, draft: null });
      const readAgain = await t.app.inject({
        method: 'GET',
        url: `/api/stories/${id}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
        headers: { cookie: reader.cookie },
      });
      const file = await t.app.inject({ method: 'GET', url: readAgain.json().transcriptUrl });
      expect(file.body).toContain('Corrected words');
    });
  });

  describe('without a command', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    });
    afterAll(async () => t.close());

    it('runs nothing and makes no draft', async () => {
      fs.rmSync(marker, { force: true });
      const author = await createTestUser(t.database, { displayName: 'Author' });
      const id = await upload(t, author);
      const row = { id, type: 'audio', duration: 3, audioKey: `stories/${id}/audio.webm`, videoKey: null };
      expect(t.app.transcripts.transcriber.afterUpload(row)).toBeNull();
      expect(t.app.mediaWork.active + t.app.mediaWork.waiting).toBe(0);
      expect((await transcriptOf(t, id, author)).draft).toBeNull();
      expect(fs.existsSync(marker)).toBe(false);
    });
  });
});
