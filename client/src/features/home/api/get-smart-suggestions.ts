import { queryOptions, useQuery } from '@tanstack/react-query';
import { SMART_SUGGESTIONS } from '#common/constants';
import type { Location, SmartNotification } from '#common/schemas';
import { apiGet } from '#client/lib/api-client';
import { queryKeys } from '#client/lib/query-keys';

type TimeOfDay = 'night' | 'morning' | 'afternoon' | 'evening';

export function timeOfDay(date: Date = new Date()): TimeOfDay {
  const hour = date.getHours();
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return hour < 22 ? 'evening' : 'night';
}

/**
 * Smart suggestions for the reader's place and time (spec section 9: fresh 5 minutes, refetched every 10).
 * Any failure (including an endpoint that does not exist yet) yields an empty list: the block shows nothing.
 */
function smartSuggestionsQuery(location: Location, when: TimeOfDay) {
  return queryOptions({
    queryKey: queryKeys.notifications.smart(location, when),
    queryFn: async ({ signal }): Promise<SmartNotification[]> => {
      try {
        const list = await apiGet<SmartNotification[] | null>(
          `/api/notifications/smart/${location.latitude}/${location.longitude}?timeOfDay=${when}`,
          { signal },
        );
        return Array.isArray(list) ? list : [];
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
