/**
 * The status line of one story, as of `now`: docs/design.md, part 4 through the shared `discoveryStatus`, with time
 * windows read on the story's own clock (its time zone from its coordinates, as the server reads them).
 */
import { discoveryStatus, type DiscoveryStatus } from '#common/discovery-status';
import { localTimeParts } from '#common/locks';
import type { Story } from '#common/schemas';

/** tz-lookup's signature: the IANA zone at a point. */
export type ZoneOf = (latitude: number, longitude: number) => string;

function storyLocalMinutes(story: Pick<Story, 'latitude' | 'longitude'>, now: Date, zoneOf: ZoneOf): number | null {
  try {
    return localTimeParts(now, zoneOf(story.latitude, story.longitude)).minutes;
  } catch {
    // tz-lookup throws only for coordinates out of range, which the server never sends.
    return null;
  }
}

/** `zoneOf` is null until the zone table has loaded: a time window is then judged by the server's verdict alone. */
export function storyStatus(story: Story, now: Date, zoneOf: ZoneOf | null): DiscoveryStatus {
  // Only time windows need the local clock; skip the zone lookup for everything else.
  const minutes = story.timeRestriction === 'time_of_day' && zoneOf ? storyLocalMinutes(story, now, zoneOf) : null;
  return discoveryStatus(story, minutes);
}
