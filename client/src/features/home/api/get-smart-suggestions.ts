import { queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_SUGGESTIONS } from '#common/constants';
import { smartSuggestionsSchema, timeOfDayFor, type SmartNotification, type TimeOfDay } from '#common/notifications';
import type { Point as Location } from '#common/geo';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** The reader's time of day as the spec maps hours (before 6 night, 12 morning, 18 afternoon, else evening). */
export function timeOfDay(date: Date = new Date()): TimeOfDay {
  return timeOfDayFor(date.getHours());
}

/**
 * Smart suggestions for the reader's place and time (spec section 9: fresh 5 minutes, refetched every 10).
 * A failure yields an empty list (spec section 7): the block then shows nothing.
 */
function smartSuggestionsQuery(location: Location, when: TimeOfDay) {
  return queryOptions({
    queryKey: queryKeys.notifications.smart(location, when),
    queryFn: async ({ signal }): Promise<SmartNotification[]> => {
      try {
        const params = { lat: location.latitude, lng: location.longitude };
        const list: unknown = await callApi('smartSuggestions', { params, query: { timeOfDay: when }, signal });
        const parsed = smartSuggestionsSchema.safeParse(list);
        return parsed.success ? parsed.data : [];
      } catch {
        return [];
      }
    },
    staleTime: SMART_SUGGESTIONS.staleMs,
    refetchInterval: SMART_SUGGESTIONS.refetchMs,
  });
}

export function useSmartSuggestions(location: Location, enabled: boolean) {
  return useQuery({ ...smartSuggestionsQuery(location, timeOfDay()), enabled });
}
