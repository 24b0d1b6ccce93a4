/**
 * Bytes of a map answer (bench/README.md goal 4: a map pan on a phone costs ≤ 30 KB compressed with 1,000 markers in view).
 *
 *   npx tsx bench/map-payload.ts [--n 1500] [--rounds 20]
 *
 * Seeds `--n` stories (PGlite, a fresh temporary directory) within about 2 km of a point, with titles,
 * descriptions and contents of ordinary lengths drawn from word lists (deterministic PRNG), mixed types, every
 * twentieth time-locked; then asks the real app (buildApp as production: compression on) for the viewport around
 * that point, as the home map does (`GET /api/stories/map?bbox=…&lat&lng&accuracy`), as markers (the default,
 * decision 024, as columns since decision 025) and as full stories (`view=full`), signed in, and prints the stories in the answer, the raw JSON
 * bytes and what the app sent with `Accept-Encoding: gzip` and `br` (the encodings browsers offer), plus the
 * in-process time per answer (median of `--rounds`, markers and full interleaved). The load average is printed
 * beside the figures: times mean little on a loaded machine; byte counts do not depend on it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fromMarkerColumns, type MapMarkerColumns } from '#common/map-markers';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { createBenchAuthor, createBenchReaders, prng } from './support';

const { values: args } = parseArgs({
  options: { n: { type: 'string', default: '1500' }, rounds: { type: 'string', default: '20' } },
});
const COUNT = Number(args.n);
const ROUNDS = Number(args.rounds);
const CENTRE = { latitude: 32.0835, longitude: -81.0998 };
const SPREAD_DEG = 0.02; // ≈ 2 km: the viewport below holds every seeded story; the answer is capped at 1,000.
const GOAL_BYTES = 30 * 1024;

const WORDS =
  'old lighthouse keeper secret river garden whisper market bridge night song stone window letter mother city rain ' +
  'first kiss ghost tower square bench oak summer winter harbour bells lantern shadow promise journey street ' +
  'corner bakery music festival memory lost found quiet morning evening train station painter story of the under';
const vocabulary = WORDS.split(' ');
const CATEGORIES = [
  'Mystery',
  'Adventure',
  'History',
  'Fantasy',
  'Personal',
  'Romance',
  'Horror',
  'Nature',
  'Science Fiction',
];

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(vocabulary[Math.floor(random() * vocabulary.length)]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function seed(database: Awaited<ReturnType<typeof openDatabase>>, authorId: string) {
  const random = prng(28);
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const type = i % 5 === 0 ? 'audio' : i % 7 === 0 ? 'image' : 'text';
    return {
      title: sentence(random, 3 + Math.floor(random() * 4)),
      description: sentence(random, 8 + Math.floor(random() * 12)),
      content: type === 'text' ? sentence(random, 60 + Math.floor(random() * 140)) : null,
      category: CATEGORIES[i % CATEGORIES.length]!,
      type,
      latitude: CENTRE.latitude + (random() * 2 - 1) * SPREAD_DEG,
      longitude: CENTRE.longitude + (random() * 2 - 1) * SPREAD_DEG,
      audioKey: type === 'audio' ? `seed/${i}.webm` : null,
      imageKey: type === 'image' ? `seed/${i}.webp` : null,
      duration: type === 'audio' ? 30 + (i % 90) : null,
      timeRestriction: i % 20 === 0 ? 'time_of_day' : 'none',
      start: i % 20 === 0 ? '18:00' : null,
      end: i % 20 === 0 ? '20:00' : null,
    };
  });
  for (let offset = 0; offset < rows.length; offset += 500) {
    const batch = rows.slice(offset, offset + 500);
    await database.query(sql`
      INSERT INTO stories (title, description, content, category, type, latitude, longitude, author_id, word_count,
                           duration, audio_key, image_key, time_restriction, unlock_start_time, unlock_end_time)
      SELECT r.title, r.description, r.content, r.category, r.type::story_type, r.latitude, r.longitude,
             ${authorId}::uuid, CASE WHEN r.content IS NULL THEN NULL ELSE array_length(regexp_split_to_array(r.content, ' '), 1) END,
             r.duration, r.audio_key, r.image_key, r.time_restriction::time_restriction, r.start, r."end"
      FROM json_to_recordset(${JSON.stringify(
        batch.map((r) => ({ ...r, audio_key: r.audioKey, image_key: r.imageKey, time_restriction: r.timeRestriction })),
      )}::json) AS r(title text, description text, content text, category text, type text, latitude float8,
                     longitude float8, duration int, audio_key text, image_key text, time_restriction text, start text, "end" text)
    `);
  }
  await database.query(sql`ANALYZE stories`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-map-payload-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  const authorId = await createBenchAuthor(database);
  await seed(database, authorId);
  const [cookie] = await createBenchReaders(database, 1);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_DISABLED: 'true',
    DATABASE_URL: '',
    DATA_DIR: dir,
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  // The index serves the read once it has loaded; until then the SQL answers the same rows.
  for (let i = 0; i < 100 && app.storyIndex && app.storyIndex.state !== 'ready'; i++)
    await new Promise((r) => setTimeout(r, 100));

  const half = SPREAD_DEG * 1.2;
  const bbox = [CENTRE.longitude - half, CENTRE.latitude - half, CENTRE.longitude + half, CENTRE.latitude + half]
    .map((v) => v.toFixed(3))
    .join(',');
  const url = (view: string) =>
    `/api/stories/map?bbox=${bbox}&lat=${CENTRE.latitude}&lng=${CENTRE.longitude}&accuracy=10${view === 'markers' ? '' : `&view=${view}`}`;
  const ask = async (view: string, encoding?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: url(view),
      headers: { cookie: cookie!, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
    if (res.statusCode !== 200) throw new Error(`${view}: ${res.statusCode} ${res.body}`);
    return res;
  };

  console.log(
    `${COUNT} stories seeded within ~2 km (PGlite); story index: ${app.storyIndex?.state ?? 'off'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const times: Record<string, number[]> = { markers: [], full: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const view of ['markers', 'full']) {
      const started = performance.now();
      await ask(view, 'gzip');
      times[view]!.push(performance.now() - started);
    }
  }
  let markersGzip = 0;
  for (const view of ['markers', 'full']) {
    const plain = await ask(view);
    const gzip = await ask(view, 'gzip');
    const br = await ask(view, 'br');
    // Markers come as columns (decision 025): one array per field.
    const body = plain.json<unknown[] | MapMarkerColumns>();
    const count = Array.isArray(body) ? body.length : fromMarkerColumns(body).length;
    if (gzip.headers['content-encoding'] !== 'gzip' || br.headers['content-encoding'] !== 'br')
      throw new Error('the app did not compress');
    if (view === 'markers') markersGzip = gzip.rawPayload.length;
    if (process.env.PEEK) console.log(plain.body.slice(0, 400));
    console.log(
      `${view.padEnd(8)} ${count} stories: JSON ${kb(plain.rawPayload.length)}, gzip ${kb(gzip.rawPayload.length)}, br ${kb(br.rawPayload.length)}; ` +
        `${(gzip.rawPayload.length / count).toFixed(1)} B per story gzip; in-process ${median(times[view]!).toFixed(1)} ms median (gzip, ${ROUNDS} rounds)`,
    );
  }
  console.log(
    `goal: ≤ ${kb(GOAL_BYTES)} compressed for 1,000 markers → ${markersGzip <= GOAL_BYTES ? 'met' : 'not met'} (gzip ${kb(markersGzip)}); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await app.close();
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
}

await main();
