import { BarChart3 } from 'lucide-react';
import { Link } from 'wouter';
import { shownCountText, type EngagedLabel, type ShownCount } from '#common/insights';
import type { InsightsSummary } from '#common/insights-schemas';
import { paths } from '#client/config/paths';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useT } from '#client/lib/i18n/use-t';

type StorySummary = InsightsSummary[number];

/** The engaged figure's heading, by what the story's type counts. */
const ENGAGED_MESSAGES: Record<EngagedLabel, MessageId> = {
  listens: 'insights.engagedListens',
  plays: 'insights.engagedPlays',
  reads: 'insights.engagedReads',
  opens: 'insights.engagedOpens',
};

/** A small count drawn in a sparkline: "fewer than 3" sits between 1 and 2 (its real value never left the server). */
export const plotted = (count: ShownCount): number => (typeof count === 'number' ? count : 1.5);

/**
 * My Stories' insight line under a card (docs/decisions/018-insights-counts-not-readers.md): unlocks and listens or
 * reads of the last 30 days, a sparkline of daily opens, and the way to the story's insights page. Likes are
 * public and the card above says their count once (docs/decisions/051-walker-stumbles-fourth-round.md).
 */
export function StoryInsightFigures({
  storyId,
  title,
  summary,
}: {
  storyId: string;
  title: string;
  summary: StorySummary | undefined;
}) {
  const t = useT();
  return (
    <div className="grid gap-2 rounded-xl border border-night-700 bg-night-900/60 px-3 py-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-mist-400">{t('insights.last30Days')}</p>
        <Link
          href={paths.storyInsights(storyId)}
          className="inline-flex items-center gap-1 rounded-md text-sm text-glow-300 underline-offset-4 hover:underline"
          aria-label={t('insights.insightsFor', { title })}
        >
          <BarChart3 className="h-4 w-4" aria-hidden />
          {t('insights.insights')}
        </Link>
      </div>
      {summary ? (
        <div className="flex items-end justify-between gap-3">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Figure label={t('insights.unlocks')} value={summary.unlocks} />
            <Figure label={t(ENGAGED_MESSAGES[summary.engagedLabel])} value={summary.engaged} />
          </dl>
          <Sparkline values={summary.sparkline} label={t('insights.sparklineLabel', { title })} />
        </div>
      ) : (
        <p className="text-sm text-mist-400">{t('insights.noFigures')}</p>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: ShownCount }) {
  return (
    <div className="grid">
      <dt className="text-xs text-mist-400">{label}</dt>
      <dd className={typeof value === 'number' ? 'font-semibold tabular-nums text-mist-100' : 'text-xs text-mist-100'}>
        {shownCountText(value)}
      </dd>
    </div>
  );
}

/** An inline SVG sparkline (no chart library on this screen). */
function Sparkline({ values, label }: { values: ShownCount[]; label: string }) {
  const width = 96;
  const height = 28;
  const numbers = values.map(plotted);
  const max = Math.max(3, ...numbers);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = numbers
    .map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="shrink-0 text-glow-300"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
