/**
 * Query keys of the stories feature (spec section 7 cache keys). Keys are URL segments: the generic read
 * joins them with "/" into the GET address.
 */
import type { QueryClient } from '@tanstack/react-query';

export const storyKeys = {
  all: ['/api/stories/all'] as const,
  nearby: ['/api/stories/nearby'] as const,
  discoverable: (latitude: number, longitude: number) => ['/api/stories/discoverable', latitude, longitude] as const,
  map: (latitude: number, longitude: number) => ['/api/stories/map', latitude, longitude] as const,
  /** The map's viewport read (bbox); same prefix as `map` so invalidation covers both. */
  mapViewport: (bbox: string, latitude: number, longitude: number) =>
    ['/api/stories/map', 'bbox', bbox, latitude, longitude] as const,
  user: (userId: string) => ['/api/stories/user', userId] as const,
  detail: (id: string) => ['/api/stories', id] as const,
};

/** After a create/like/report: refresh every cached story list (stories, nearby, discoverable, map, user). */
export async function invalidateStoryCaches(queryClient: QueryClient) {
  const prefixes = ['/api/stories', '/api/stories/all', '/api/stories/nearby', '/api/stories/discoverable', '/api/stories/map', '/api/stories/user'];
  await queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && prefixes.includes(query.queryKey[0]),
  });
}
