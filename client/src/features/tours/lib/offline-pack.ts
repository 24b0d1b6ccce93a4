/**
 * A tour saved for offline use (docs/decisions/039-maps-offline.md): its map's tiles (the app's own, listed by the
 * server) in a cache of the tour's own, and its answer with the answers and media of the stops the reader has
 * already found in the saved cache (personal: it goes at sign-out). The service worker answers from both when the
 * network does not (client/src/sw.ts). What was saved, and its real size, is remembered on the device.
 */
import type { Point } from '#common/geo';
import type { TourStop } from '#common/tour-schemas';
import { apiResponse } from '#client/lib/api';
import { SAVED_CACHE, SAVED_TILES_CACHE_PREFIX } from '#client/lib/pwa/cache-names';

export interface SavedPack {
  bytes: number;
  /** Paths kept in the saved cache for this tour (its answer, stops' answers and media). */
  paths: string[];
}

export interface PackProgress {
  done: number;
  total: number;
}

const packKey = (tourId: string) => `whispers-offline-tour:${tourId}`;
const tilesCacheOf = (tourId: string) => `${SAVED_TILES_CACHE_PREFIX}${tourId}`;
/** Tiles fetched at once (the server bounds its own fetches too). */
const PARALLEL = 4;

export function savedPack(tourId: string): SavedPack | null {
  try {
    const value = JSON.parse(localStorage.getItem(packKey(tourId)) ?? 'null') as SavedPack | null;
    return value && typeof value.bytes === 'number' && Array.isArray(value.paths) ? value : null;
  } catch {
    return null;
  }
}

/** Whether this browser can keep a tour for offline use at all. */
export function canSaveOffline(): boolean {
  return typeof caches !== 'undefined' && 'serviceWorker' in navigator;
}

async function keep(cache: Cache, key: string, response: Response): Promise<number> {
  if (!response.ok) throw new Error(`${key}: ${response.status}`);
  const body = await response.arrayBuffer();
  await cache.put(key, new Response(body, { status: 200, headers: response.headers }));
  return body.byteLength;
}

export async function saveTourOffline(args: {
  tourId: string;
  tiles: string[];
  stops: TourStop[];
  position: Point | null;
  signal: AbortSignal;
  onProgress: (progress: PackProgress) => void;
}): Promise<SavedPack> {
  const { tourId, tiles, position, signal } = args;
  const found = args.stops.filter((stop) => stop.unlocked);
  const total = tiles.length + 1 + found.length;
  let done = 0;
  let bytes = 0;
  const step = () => args.onProgress({ done: (done += 1), total });
  const tileCache = await caches.open(tilesCacheOf(tourId));
  const saved = await caches.open(SAVED_CACHE);
  const paths: string[] = [];

  const queue = [...tiles];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        signal.throwIfAborted();
        const cached = await tileCache.match(url);
        bytes += cached
          ? (await cached.arrayBuffer()).byteLength
          : await keep(tileCache, url, await fetch(url, { signal }));
        step();
      }
    }),
  );

  const keepAnswer = async (response: Response) => {
    const path = new URL(response.url).pathname;
    bytes += await keep(saved, path, response.clone());
    paths.push(path);
    return response;
  };
  await keepAnswer(await apiResponse('tour', { params: { id: tourId }, signal }));
  // The map's settings too (which tiles, which renderer): without them the saved map would not draw offline. Shared
  // by every saved tour and personal to no one, so not one of this tour's paths (Remove leaves it).
  const config = await apiResponse('publicConfig', { signal });
  bytes += await keep(saved, new URL(config.url).pathname, config);
  step();
  const where = position ? { lat: String(position.latitude), lng: String(position.longitude) } : undefined;
  for (const stop of found) {
    const answer = await keepAnswer(await apiResponse('story', { params: { id: stop.storyId }, query: where, signal }));
    const story = (await answer.json()) as {
      audioUrl?: string | null;
      imageUrl?: string | null;
      videoUrl?: string | null;
    };
    for (const media of [story.audioUrl, story.imageUrl, story.videoUrl]) {
      if (!media) continue;
      const path = new URL(media, location.origin).pathname;
      bytes += await keep(saved, path, await fetch(media, { signal }));
      paths.push(path);
    }
    step();
  }
  const pack = { bytes, paths };
  localStorage.setItem(packKey(tourId), JSON.stringify(pack));
  return pack;
}

export async function removeTourOffline(tourId: string): Promise<void> {
  const pack = savedPack(tourId);
  localStorage.removeItem(packKey(tourId));
  await caches.delete(tilesCacheOf(tourId));
  if (!pack) return;
  const saved = await caches.open(SAVED_CACHE);
  await Promise.all(pack.paths.map((path) => saved.delete(path)));
}
