import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';

/** My Stories' figures: every story of the signed-in author, last 30 days (docs/decisions/018-insights-counts-not-readers.md). */
export function useInsightsSummary(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.insights.summary,
    queryFn: ({ signal }) => callApi('insightsSummary', { signal }),
    enabled,
  });
}

/** One story's daily series, totals and listen-through curve for the last 7, 30 or 90 days. */
export function useStoryInsights(storyId: string, days: number) {
  return useQuery({
    queryKey: queryKeys.insights.story(storyId, days),
    queryFn: ({ signal }) => callApi('storyInsights', { params: { id: storyId }, query: { days }, signal }),
    // The chart keeps the last period on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Counts arrive in batches within a minute: a fresh look each time the page is opened.
    staleTime: 0,
  });
}
