import { queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_SUGGESTIONS } from '#common/constants';
import { timeOfDayFor, type TimeOfDay } from '#common/notifications';
import type { SmartNotification } from '#common/notification-schemas';
import type { Point as Location } from '#common/geo';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** The reader's time of day as the spec maps hours (before 6 night, 12 morning, 18 afternoon, else evening). */
function timeOfDay(date: Date = new Date()): TimeOfDay {
  return timeOfDayFor(date.getHours());
}

/**
 * Smart suggestions for the reader's place and time (docs/design.md, part 9: fresh 5 minutes, refetched every 10).
 * A failure yields an empty list (docs/design.md, part 7): the block then shows nothing. The answer is trusted as the
 * contract types it (the server serialises it through smartSuggestionsSchema), so zod stays off the first screen.
 */
function smartSuggestionsQuery(location: Location, when: TimeOfDay) {
  return queryOptions({
    queryKey: queryKeys.notifications.smart(location, when),
    queryFn: async ({ signal }): Promise<SmartNotification[]> => {
      try {
        const params = { lat: location.latitude, lng: location.longitude };
        const list = await callApi('smartSuggestions', { params, query: { timeOfDay: when }, signal });
        return Array.isArray(list) ? list : [];
      } catch {
        return [];
      }
    },
    staleTime: SMART_SUGGESTIONS.staleMs,
    refetchInterval: SMART_SUGGESTIONS.refetchMs,
    // Nothing keeps these offline: the poll waits for the network (lib/query-client.ts).
    networkMode: 'online',
  });
}

export function useSmartSuggestions(location: Location, enabled: boolean) {
  return useQuery({ ...smartSuggestionsQuery(location, timeOfDay()), enabled });
}
