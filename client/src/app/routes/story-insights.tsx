import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { engagedLabel, INSIGHTS, shownCountText, type ShownCount } from '#common/insights';
import { PageShell } from '#client/components/layout/page-shell';
import { Button } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { ApiError, errorMessage } from '#client/lib/api-client';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { useStoryInsights } from '#client/features/insights/api/get-insights';
import { isTimedStory, timedMediaOf } from '#common/media-kinds';

// The chart library loads with the charts only (docs/decisions/018-insights-counts-not-readers.md: the first screen does not grow).
const DailyChart = lazy(() =>
  import('#client/features/insights/components/insight-charts').then((m) => ({ default: m.DailyChart })),
);
const ListenThroughChart = lazy(() =>
  import('#client/features/insights/components/insight-charts').then((m) => ({ default: m.ListenThroughChart })),
);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Authors' insights for one story (docs/decisions/018-insights-counts-not-readers.md): daily charts for 7, 30 or 90 days, totals, listen-through. */
export default function StoryInsightsPage({ params }: { params: { id: string } }) {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const [days, setDays] = useState<number>(30);
  const t = useT();

  return (
    <PageShell>
      <div className="grid grid-cols-1 gap-5">
        <Link
          href={paths.myStories}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-mist-300 hover:text-mist-100"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('app.backToMyStories')}
        </Link>
        {userLoading ? (
          <p role="status" className="py-8 text-center text-mist-300">
            {t('app.loadingInsights')}
          </p>
        ) : !user ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-night-700 bg-night-900/70 p-8 text-center">
            <h1 className="font-display text-2xl font-semibold text-mist-100">{t('app.storyInsights')}</h1>
            <p className="text-mist-300">{t('app.signInForInsights')}</p>
            <Button asChild>
              <Link href={paths.auth}>{t('app.signIn')}</Link>
            </Button>
          </div>
        ) : (
          <Insights storyId={params.id} days={days} onDays={setDays} />
        )}
      </div>
    </PageShell>
  );
}

function Insights({ storyId, days, onDays }: { storyId: string; days: number; onDays: (days: number) => void }) {
  const query = useStoryInsights(storyId, days);
  const t = useT();
  const data = query.data;
  if (query.isError && !data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <>
        <h1 className="font-display text-3xl font-semibold text-mist-100">{t('app.storyInsights')}</h1>
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          {missing ? t('app.notYourStory') : errorMessage(query.error, t('app.insightsFailed'))}
        </p>
      </>
    );
  }
  if (!data)
    return (
      <p role="status" className="py-8 text-center text-mist-300">
        {t('app.loadingInsights')}
      </p>
    );

  const engaged = capitalised(engagedLabel(data.type));
  const plays = isTimedStory(data.type);
  const totals: [string, ShownCount][] = [
    [t('app.unlocks'), data.totals.unlocks],
    [t('app.opens'), data.totals.opens],
    ...(engaged === 'Opens' ? [] : [[engaged, plays ? data.totals.plays : data.totals.reads] as [string, ShownCount]]),
    [t('app.likes'), data.totals.likes],
    [t('app.shares'), data.totals.shares],
    ...(plays ? [[t('app.transcriptOpens'), data.totals.transcripts] as [string, ShownCount]] : []),
  ];
  return (
    <>
      <div className="grid gap-1">
        <p className="text-sm text-mist-400">{t('app.insights')}</p>
        <h1 className="font-display text-3xl font-semibold text-mist-100">{data.title}</h1>
        <p className="text-sm text-mist-300">{t('app.insightsPrivacy')}</p>
        <p className="text-sm text-mist-300">{t('app.insightsTiming')}</p>
      </div>

      <div role="group" aria-label={t('app.period')} className="flex w-fit gap-1 rounded-lg bg-night-800 p-1">
        {INSIGHTS.periods.map((d) => (
          <Button
            key={d}
            type="button"
            size="sm"
            variant={d === days ? 'default' : 'ghost'}
            aria-pressed={d === days}
            onClick={() => onDays(d)}
          >
            {t('app.periodDays', { count: d })}
          </Button>
        ))}
      </div>

      <section aria-labelledby="insight-totals" className="grid gap-2">
        <h2 id="insight-totals" className="font-display text-xl font-semibold text-mist-100">
          {t('app.lastDays', { count: data.days })}
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {totals.map(([label, value]) => (
            <div key={label} className="grid rounded-xl border border-night-700 bg-night-900/70 p-3">
              <dt className="text-xs text-mist-400">{label}</dt>
              <dd
                className={
                  typeof value === 'number'
                    ? 'text-2xl font-semibold tabular-nums text-mist-100'
                    : 'text-base text-mist-100'
                }
              >
                {shownCountText(value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Suspense
        fallback={
          <p role="status" className="py-8 text-center text-mist-300">
            {t('app.loadingCharts')}
          </p>
        }
      >
        <section
          aria-labelledby="insight-daily"
          className="grid gap-2 rounded-2xl border border-night-700 bg-night-900/70 p-4"
        >
          <h2 id="insight-daily" className="font-display text-lg font-semibold text-mist-100">
            {t('app.dayByDay')}
          </h2>
          <DailyChart insights={data} engagedName={engaged} />
        </section>
        {data.listenThrough && (
          <section
            aria-labelledby="insight-listen"
            className="grid gap-2 rounded-2xl border border-night-700 bg-night-900/70 p-4"
          >
            <h2 id="insight-listen" className="font-display text-lg font-semibold text-mist-100">
              {timedMediaOf(data.type)?.through}
            </h2>
            <p className="text-sm text-mist-300">{t('app.listenThroughNote')}</p>
            <ListenThroughChart points={data.listenThrough} />
          </section>
        )}
      </Suspense>
    </>
  );
}
