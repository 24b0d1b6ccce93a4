/**
 * The status line of one story, as of `now`: spec section 4 through the shared `discoveryStatus`, with time
 * windows read on the story's own clock (its time zone from its coordinates, as the server reads them).
 */
import tzLookup from 'tz-lookup';
import { discoveryStatus, type DiscoveryStatus } from '#common/discovery-status';
import { localTimeParts } from '#common/locks';
import type { Story } from '#common/schemas';

function storyLocalMinutes(story: Pick<Story, 'latitude' | 'longitude'>, now: Date): number | null {
  try {
    return localTimeParts(now, tzLookup(story.latitude, story.longitude)).minutes;
  } catch {
    // tz-lookup throws only for coordinates out of range, which the server never sends.
    return null;
  }
}

export function storyStatus(story: Story, now: Date): DiscoveryStatus {
  // Only time windows need the local clock; skip the zone lookup for everything else.
  const minutes = story.timeRestriction === 'time_of_day' ? storyLocalMinutes(story, now) : null;
  return discoveryStatus(story, minutes);
}
