/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md): the author adds, edits and removes
 * them; only the author may; readers the story is unlocked for get the signed file, made again from the cleaned
 * cues; a locked reader's RAW answer carries nothing of it and the file's route refuses without the signed link or
 * once the story is no longer visible; "transcript opened" is counted like other reads.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { authorTranscriptSchema } from '#common/transcript-schemas';
import { TRANSCRIPT_LIMITS, TRANSCRIPT_MESSAGES } from '#common/vtt';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { liveWebmAudio } from '../../media/test-support/test-media';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { insertStory } from '../stories/test-support/story-fixtures';
import { TRANSCRIPT_SERVICE_MESSAGES } from './transcript-service';

const SECRET_LINE = 'The key is under the third stone';
const VTT = `WEBVTT

00:00.000 --> 00:01.500
<v Narrator>${SECRET_LINE}</v> <script>alert(1)</script>

00:01.500 --> 00:03.000
<c.evil>by the mill</c> &lt;b&gt;`;

describe('transcripts and captions', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;
  const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    reader = await createTestUser(t.database, { displayName: 'Reader' });
    other = await createTestUser(t.database, { displayName: 'Other' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const save = (id: string, text: string, user = author) =>
    call('PUT', `/api/stories/${id}/transcript`, user, { text });
  const read = (id: string, user?: TestUser, where = at) => call('GET', `/api/stories/${id}?${where}`, user);
  const audioStory = async () => {
    const res = await postStory(t.app, author.cookie, baseStoryFields({ type: 'audio', content: '' }), {
      audio: { data: liveWebmAudio(3), filename: 'story.webm', contentType: 'audio/webm' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const videoStory = async () =>
    (
      await insertStory(t.database, {
        authorId: author.id,
        latitude: DEFAULT_CENTER.latitude,
        longitude: DEFAULT_CENTER.longitude,
        type: 'video',
        content: null,
        wordCount: null,
        duration: 10,
        videoKey: 'stories/00000000-0000-4000-8000-000000000000/video.webm',
      })
    ).id;

  it('lets the author add a transcript to an audio story, edit it and remove it; readers get it once unlocked', async () => {
    const id = await audioStory();
    expect(authorTranscriptSchema.parse((await call('GET', `/api/stories/${id}/transcript`, author)).json())).toEqual({
      storyId: id,
      kind: 'transcript',
      duration: 3,
      published: null,
      draft: null,
    });
    expect((await read(id, reader)).json().transcriptUrl).toBeUndefined();

    // Typed plain text first: served as plain paragraphs.
    const typed = await save(id, 'We met at the mill.\n\nIt was raining.');
    expect(typed.statusCode).toBe(200);
    expect(typed.json().published).toEqual({
      timed: false,
      cueCount: 2,
      text: 'We met at the mill.\n\nIt was raining.',
    });
    const plainUrl = (await read(id, reader)).json().transcriptUrl as string;
    expect(plainUrl).toMatch(/^\/api\/media\/stories\/[0-9a-f-]+\/transcript-[0-9a-f]+\.txt\?exp=\d+&sig=/);
    const plain = await call('GET', plainUrl, reader);
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.body).toBe('We met at the mill.\n\nIt was raining.\n');

    // Then a WebVTT file's text: the file readers get is made from the cleaned cues, never the upload.
    const edited = await save(id, VTT);
    expect(edited.json().published).toMatchObject({ timed: true, cueCount: 2 });
    const story = (await read(id, reader)).json();
    expect(story.transcriptUrl).toMatch(/transcript-[0-9a-f]+\.vtt\?/);
    const file = await call('GET', story.transcriptUrl, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(
      `WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n${SECRET_LINE} alert(1)\n\n00:00:01.500 --> 00:00:03.000\nby the mill &lt;b&gt;\n`,
    );
    // The replaced file is gone.
    expect((await call('GET', plainUrl, reader)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/stories/${id}/transcript`, author)).statusCode).toBe(204);
    expect((await read(id, reader)).json().transcriptUrl).toBeUndefined();
    expect((await call('GET', story.transcriptUrl, reader)).statusCode).toBe(404);
    expect((await call('GET', `/api/stories/${id}/transcript`, author)).json().published).toBeNull();
  });

  it('puts captions on a video story, served as WebVTT', async () => {
    const id = await videoStory();
    const res = await save(id, 'WEBVTT\n\n00:01.000 --> 00:09.500\nWaves on the pier\n');
    expect(res.json()).toMatchObject({ kind: 'captions', duration: 10, published: { timed: true, cueCount: 1 } });
    const file = await call('GET', (await read(id, reader)).json().transcriptUrl, reader);
    expect(file.body).toContain('00:00:01.000 --> 00:00:09.500\nWaves on the pier');
  });

  it('refuses what is not a well-formed transcript within the recording with a clear 400, and changes nothing', async () => {
    const id = await audioStory();
    const refusals: [string, string][] = [
      ['WEBVTT\n\n00:00.000 --> 00:09.000\nToo long for a 3 s recording\n', TRANSCRIPT_MESSAGES.pastEnd(3, 3)],
      ['00:00.000 --> 00:01.000\nNo header\n', TRANSCRIPT_MESSAGES.header],
      ['WEBVTT\n\n00:02.000 --> 00:01.000\nBackwards\n', TRANSCRIPT_MESSAGES.startAfterEnd(3)],
      ['  \n\n', TRANSCRIPT_MESSAGES.empty],
      ['x'.repeat(TRANSCRIPT_LIMITS.maxBytes + 1), TRANSCRIPT_MESSAGES.tooLarge],
    ];
    for (const [text, message] of refusals) {
      const res = await save(id, text);
      expect(res.statusCode, text.slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await call('GET', `/api/stories/${id}/transcript`, author)).json().published).toBeNull();

    // A text story has neither transcript nor captions.
    const text = (await postStory(t.app, author.cookie, baseStoryFields())).json().id as string;
    expect((await save(text, 'Words')).json()).toEqual({ message: TRANSCRIPT_SERVICE_MESSAGES.notTimed });
  });

  it('lets only the author read or change it: 403 to another user, 404 on a private story, 401 signed out', async () => {
    const id = await audioStory();
    expect((await save(id, 'Mine')).statusCode).toBe(200);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/api/stories/${id}/transcript`, other, { text: 'Not yours' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Mine');
      expect((await call(method, `/api/stories/${id}/transcript`, undefined, { text: 'x' })).statusCode).toBe(401);
    }
    await t.database.query(sql`UPDATE stories SET is_public = false WHERE id = ${id}::uuid`);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await call(method, `/api/stories/${id}/transcript`, other, { text: 'x' })).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/stories/${id}/transcript`, author)).json().published.text).toBe('Mine');
  });

  it('withholds it from a locked reader like the content: nothing in the raw answer, and the file route refuses', async () => {
    const id = await videoStory();
    expect((await save(id, `WEBVTT\n\n00:00.000 --> 00:02.000\n${SECRET_LINE}\n`)).statusCode).toBe(200);
    const { transcriptKey } = (
      await t.database.query<{ transcriptKey: string }>(
        sql`SELECT transcript_key AS "transcriptKey" FROM stories WHERE id = ${id}::uuid`,
      )
    )[0]!;

    // Far from the story (and with no position at all): locked, and the raw body says nothing of the transcript.
    for (const where of ['lat=0&lng=0', '']) {
      const res = await read(id, other, where);
      expect(res.json()).toMatchObject({ id, isLocked: true });
      expect(res.body).not.toMatch(/transcript|\.vtt|third stone/i);
    }
    for (const url of [`/api/stories/around/0/0`, `/api/stories/discoverable/0/0`]) {
      expect((await call('GET', url, other)).body).not.toMatch(/transcript|\.vtt/i);
    }
    // Without the signed link the file is refused; a forged signature too.
    expect((await call('GET', `/api/media/${transcriptKey}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/media/${transcriptKey}?exp=9999999999&sig=forged`, other)).statusCode).toBe(403);

    // A reader it was unlocked for keeps a link only while the story stays visible to them.
    const link = (await read(id, reader)).json().transcriptUrl as string;
    expect((await call('GET', link, reader)).body).toContain(SECRET_LINE);
    await t.database.query(sql`UPDATE stories SET hidden_at = now() WHERE id = ${id}::uuid`);
    const refused = await call('GET', link, reader);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(SECRET_LINE);
    // Its author still reads it.
    expect((await call('GET', link, author)).body).toContain(SECRET_LINE);
  });

  it('counts "transcript opened" for readers it is unlocked for, and refuses it on a text story', async () => {
    const id = await audioStory();
    // A second reader who has been nowhere else (the travel rule would hold one who read far away).
    const second = await createTestUser(t.database, { displayName: 'Second Reader' });
    const event = (storyId: string, user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/insights/events',
        payload: { storyId, kind: 'transcript' },
        headers: { cookie: user.cookie },
      });
    expect((await event(id, reader)).statusCode).toBe(403);
    await read(id, reader);
    expect((await event(id, reader)).statusCode).toBe(204);
    expect((await event(id, reader)).statusCode).toBe(204);
    await read(id, second);
    expect((await event(id, second)).statusCode).toBe(204);
    await t.app.insights.service.flush();
    const rows = await t.database.query<{ count: number }>(
      sql`SELECT sum(count)::int AS count FROM story_insights WHERE story_id = ${id}::uuid AND kind = 'transcript'`,
    );
    // Once per reader and day.
    expect(rows[0]!.count).toBe(2);

    const text = (await postStory(t.app, author.cookie, baseStoryFields())).json().id as string;
    await read(text, reader);
    expect((await event(text, reader)).statusCode).toBe(400);
  });
});
