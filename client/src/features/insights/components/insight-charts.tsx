/**
 * The insights page's charts (docs/decisions/018-insights-counts-not-readers.md), with recharts — loaded only with this page (React.lazy), so neither
 * the first screen nor My Stories carries the library. Each chart has its numbers beside it as a table, the way
 * a screen reader (and anyone who wants the exact words, "fewer than 3") reads them.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { shownCountText, type ShownCount } from '#common/insights';
import type { StoryInsights } from '#common/insights-schemas';
import { formatDate } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';
import { plotted } from './story-insight-figures';
import { isTextStory } from '#common/story-types';
import { isTimedStory } from '#common/media-kinds';

const COLOURS = {
  unlocks: '#c4b5fd',
  opens: '#a3abcb',
  engaged: '#fbbf24',
  likes: '#f472b6',
  shares: '#34d399',
} as const;
const AXIS = { stroke: '#a3abcb', fontSize: 12 } as const;
const TOOLTIP = {
  contentStyle: { background: '#121a31', border: '1px solid #2a3764', borderRadius: 8, color: '#eef1fb' },
  labelStyle: { color: '#eef1fb' },
} as const;

type SeriesKey = keyof typeof COLOURS;

export interface DailyChartProps {
  insights: StoryInsights;
  engagedName: string;
}

/** Day label: "Nov 25" (a calendar day as counted, in the story's time zone: no conversion). */
const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function DailyChart({ insights, engagedName }: DailyChartProps) {
  const t = useT();
  const engagedOf = (d: StoryInsights['series'][number]): ShownCount =>
    isTimedStory(insights.type) ? d.plays : isTextStory(insights.type) ? d.reads : d.opens;
  const names: Record<SeriesKey, string> = {
    unlocks: t('insights.unlocks'),
    opens: t('insights.engagedOpens'),
    engaged: engagedName,
    likes: t('insights.likes'),
    shares: t('insights.shares'),
  };
  const keys = (Object.keys(names) as SeriesKey[]).filter((k) => !(k === 'engaged' && engagedName === 'Opens'));
  const rows = insights.series.map((d) => {
    const shown: Record<SeriesKey, ShownCount> = {
      unlocks: d.unlocks,
      opens: d.opens,
      engaged: engagedOf(d),
      likes: d.likes,
      shares: d.shares,
    };
    return { day: dayLabel(d.day), shown, ...Object.fromEntries(keys.map((k) => [k, plotted(shown[k])])) };
  });
  return (
    <figure className="grid gap-2">
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#1c2647" vertical={false} />
            <XAxis dataKey="day" tick={AXIS} tickLine={false} axisLine={{ stroke: '#2a3764' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
            <Tooltip
              {...TOOLTIP}
              formatter={(_v, name, item) => [
                shownCountText((item.payload as (typeof rows)[number]).shown[item.dataKey as SeriesKey]),
                name,
              ]}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: '#c5cbe3' }} />
            {keys.map((k) => (
              <Line
                key={k}
                type="monotone"
                dataKey={k}
                name={names[k]}
                stroke={COLOURS[k]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-mist-400">{t('insights.dailyCaption')}</figcaption>
      <details className="text-sm text-mist-300">
        <summary className="cursor-pointer rounded-md text-glow-300">{t('insights.showDaily')}</summary>
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={t('insights.dailyNumbers')}>
          <table className="w-full text-start text-xs tabular-nums">
            <caption className="sr-only">{t('insights.readersPerDay')}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pe-2">
                  {t('insights.day')}
                </th>
                {keys.map((k) => (
                  <th key={k} scope="col" className="py-1 pe-2">
                    {names[k]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.day} className="border-t border-night-700">
                  <th scope="row" className="py-1 pe-2 font-normal">
                    {r.day}
                  </th>
                  {keys.map((k) => (
                    <td key={k} className="py-1 pe-2">
                      {shownCountText(r.shown[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Readers who started and who reached 25, 50, 75 and 100 %. */
export function ListenThroughChart({ points }: { points: NonNullable<StoryInsights['listenThrough']> }) {
  const t = useT();
  const rows = points.map((p) => ({
    label: p.percent === 0 ? t('insights.started') : t('insights.percent', { percent: p.percent }),
    shown: p.readers,
    readers: plotted(p.readers),
  }));
  return (
    <figure className="grid gap-2">
      <div className="h-52 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#1c2647" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: '#2a3764' }} />
            <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
            <Tooltip
              {...TOOLTIP}
              cursor={{ fill: '#1c2647' }}
              formatter={(_v, _n, item) => [
                shownCountText((item.payload as (typeof rows)[number]).shown),
                t('insights.readers'),
              ]}
            />
            <Bar
              dataKey="readers"
              name={t('insights.readers')}
              fill="#8b5cf6"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <dl
        aria-label={t('insights.readersPerQuartile')}
        className="grid grid-cols-5 gap-1 text-center text-sm tabular-nums"
      >
        {rows.map((r) => (
          <div key={r.label} className="grid rounded-lg bg-night-800/70 p-2">
            <dt className="text-xs text-mist-400">{r.label}</dt>
            <dd className="text-mist-100">{shownCountText(r.shown)}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
