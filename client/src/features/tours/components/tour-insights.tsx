/**
 * The author's view of how their tour is walked (docs/decisions/018-insights-counts-not-readers.md): starts, stops reached and completions over 7,
 * 30 or 90 days. Counts only, per UTC day on the server; 1 and 2 arrive as "fewer than 3" and stay words here.
 */
import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INSIGHTS, shownCountText, type ShownCount } from '#common/insights';
import { callApi } from '#client/lib/api';
import { queryKeys } from '#client/lib/query-keys';
import { useT } from '#client/lib/i18n/use-t';

function useTourInsights(tourId: string, days: number) {
  return useQuery({
    queryKey: [...queryKeys.insights.tour(tourId), days],
    queryFn: ({ signal }) => callApi('tourInsights', { params: { id: tourId }, query: { days }, signal }),
    placeholderData: keepPreviousData,
    // Counts arrive in batches within a minute: a fresh look each time the page is opened.
    staleTime: 0,
  });
}

export function TourInsightsPanel({ tourId }: { tourId: string }) {
  const [days, setDays] = useState<number>(INSIGHTS.summaryDays);
  const insights = useTourInsights(tourId, days);
  const t = useT();
  const totals = insights.data?.totals;
  return (
    <section
      aria-labelledby="tour-insights"
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-900/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="tour-insights"
          className="inline-flex items-center gap-2 font-display text-lg font-semibold text-mist-100"
        >
          <BarChart3 className="h-5 w-5 text-glow-300" aria-hidden />
          {t('tours.insightsTitle')}
        </h2>
        <div role="group" aria-label={t('tours.period')} className="flex gap-1">
          {INSIGHTS.periods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={`rounded-md px-2.5 py-1 text-sm ${days === period ? 'bg-glow-600 text-white' : 'text-mist-200 hover:bg-night-800'}`}
            >
              {t('tours.periodDays', { count: period })}
            </button>
          ))}
        </div>
      </div>
      {insights.error ? (
        <p role="alert" className="text-sm text-red-200">
          {t('tours.insightsFailed')}
        </p>
      ) : !totals ? (
        <p role="status" className="text-sm text-mist-300">
          {t('tours.insightsLoading')}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3" data-testid="tour-insights-figures">
          <Figure label={t('tours.startsCount')} value={totals.starts} />
          <Figure label={t('tours.stopsReached')} value={totals.stops} />
          <Figure label={t('tours.completions')} value={totals.completions} />
        </dl>
      )}
      <p className="text-xs text-mist-400">{t('tours.insightsNote')}</p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: ShownCount }) {
  return (
    <div className="grid">
      <dt className="text-xs text-mist-300">{label}</dt>
      <dd
        className={
          typeof value === 'number' ? 'text-xl font-semibold tabular-nums text-mist-100' : 'text-sm text-mist-100'
        }
      >
        {shownCountText(value)}
      </dd>
    </div>
  );
}
