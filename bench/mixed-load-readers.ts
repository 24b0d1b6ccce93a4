/**
 * The signed-in readers of bench/mixed-load.ts and the request mix they send: groups of four at random places of
 * the seeded city, each with one story of its own and its neighbours' stories unlocked for likes.
 */
import { multipartBody } from '../server/src/modules/stories/test-support/story-helpers';
import { randomPoints, type Point } from './support';
import type { RawRequest } from './load-generators';

export const READERS_PER_PLACE = 4;
/** Reads fall this far (at most) from the reader's place: well inside the 100 m unlock reach and the travel rule. */
const READ_JITTER_M = 30;
const ACCURACY_M = 10;

export interface Reader {
  cookie: string;
  place: Point;
  /** Stories of the reader's neighbours, unlocked from its place before the load. */
  likeTargets: string[];
  /** A ready multipart body for a new text story at the reader's place. */
  creation: { payload: Buffer; contentType: string };
}

function jitter(place: Point, metres: number): Point {
  const angle = Math.random() * 2 * Math.PI;
  const distance = Math.sqrt(Math.random()) * metres;
  const dLat = (distance * Math.cos(angle)) / 111_320;
  const dLng = (distance * Math.sin(angle)) / (111_320 * Math.cos((place.latitude * Math.PI) / 180));
  return { latitude: place.latitude + dLat, longitude: place.longitude + dLng };
}

const coordinates = (p: Point) => `${p.latitude.toFixed(6)}/${p.longitude.toFixed(6)}`;

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Every reader reads at its place, creates one story there, then unlocks its neighbours' stories from there. */
export async function prepareReaders(baseUrl: string, cookies: string[]): Promise<Reader[]> {
  const places = randomPoints(Math.ceil(cookies.length / READERS_PER_PLACE));
  const storyIds: string[] = [];
  const readers: Reader[] = [];
  for (const [i, cookie] of cookies.entries()) {
    const place = places[Math.floor(i / READERS_PER_PLACE)]!;
    await expectOk(
      await fetch(`${baseUrl}/api/stories/discoverable/${coordinates(place)}?accuracy=${ACCURACY_M}`, {
        headers: { cookie },
      }),
      'first read',
    );
    const fields = {
      title: `Bench story ${i}`,
      description: 'Told under load',
      category: 'History',
      type: 'text',
      latitude: place.latitude.toFixed(6),
      longitude: place.longitude.toFixed(6),
      isPublic: 'true',
      timeRestriction: 'none',
      content: 'A short story written while the benchmark ran, at the place its author was reading.',
    };
    const { payload, headers } = await multipartBody(fields);
    const created = await expectOk(
      await fetch(`${baseUrl}/api/stories`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: new Uint8Array(payload),
      }),
      'setup creation',
    );
    storyIds.push(((await created.json()) as { id: string }).id);
    readers.push({ cookie, place, likeTargets: [], creation: { payload, contentType: headers['content-type']! } });
  }
  for (const [i, reader] of readers.entries()) {
    const group = Math.floor(i / READERS_PER_PLACE) * READERS_PER_PLACE;
    for (let j = group; j < group + READERS_PER_PLACE; j++) {
      if (j === i) continue;
      const id = storyIds[j]!;
      const read = await expectOk(
        await fetch(
          `${baseUrl}/api/stories/${id}?lat=${reader.place.latitude}&lng=${reader.place.longitude}&accuracy=${ACCURACY_M}`,
          {
            headers: { cookie: reader.cookie },
          },
        ),
        'unlocking read',
      );
      const story = (await read.json()) as { content: string | null };
      if (!story.content) throw new Error(`story ${id} did not unlock for reader ${i}`);
      reader.likeTargets.push(id);
    }
  }
  return readers;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One request at a time of each kind, timed from the client: where the latency comes from, without queueing. */
export async function probeKinds(baseUrl: string, readers: Reader[], perKind = 20) {
  const kinds: Record<string, () => RawRequest> = {
    discoverable: () => nextRequest(readers, 0.1),
    map: () => nextRequest(readers, 0.5),
    like: () => nextRequest(readers, 0.9),
    create: () => nextRequest(readers, 0.99),
  };
  for (const [name, make] of Object.entries(kinds)) {
    const times: number[] = [];
    for (let i = 0; i < perKind; i++) {
      const request = make();
      const started = performance.now();
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
    console.log(`  ${name.padEnd(12)} one at a time: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  }
}

/** One request of the mix, drawn at random: 40 % nearby, 40 % map, 15 % like, 5 % creation. */
export function nextRequest(readers: Reader[], roll = Math.random()): RawRequest {
  const reader = pick(readers);
  if (roll < 0.8) {
    const at = jitter(reader.place, READ_JITTER_M);
    const route = roll < 0.4 ? 'discoverable' : 'map';
    return {
      method: 'GET',
      path: `/api/stories/${route}/${coordinates(at)}?accuracy=${ACCURACY_M}`,
      headers: { cookie: reader.cookie },
    };
  }
  if (roll < 0.95) {
    return {
      method: 'POST',
      path: `/api/stories/${pick(reader.likeTargets)}/like`,
      headers: { cookie: reader.cookie },
    };
  }
  return {
    method: 'POST',
    path: '/api/stories',
    headers: { cookie: reader.cookie, 'content-type': reader.creation.contentType },
    body: reader.creation.payload,
  };
}

/** The mix's kind of a request, for the tail report. */
export function requestKind(request: RawRequest): string {
  if (request.method === 'GET') return request.path.startsWith('/api/stories/map/') ? 'map' : 'discoverable';
  return request.path.endsWith('/like') ? 'like' : 'creation';
}
