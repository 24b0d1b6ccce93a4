/** A queue item's reports, grouped by reason with their notes: the same list for stories and traces. */
import { reasonName } from '#client/lib/i18n/moderation-words';
import { formatNumber } from '#client/lib/i18n/format';
import { useT } from '#client/lib/i18n/use-t';

interface ReportGroup {
  reason: string;
  count: number;
  notes: string[];
}

export function ReportGroups({ groups, Heading }: { groups: ReportGroup[]; Heading: 'h3' | 'h4' }) {
  const t = useT();
  if (groups.length === 0) return null;
  return (
    <section aria-label={t('moderation.reports')} className="grid gap-1 text-sm">
      <Heading className="font-medium text-mist-100">{t('moderation.reports')}</Heading>
      <ul className="grid gap-1">
        {groups.map((group) => (
          <li key={group.reason} className="text-mist-300">
            <span className="text-mist-100">{reasonName(t, group.reason)}</span>{' '}
            {t('moderation.reportsTimes', { count: formatNumber(group.count) })}
            {group.notes.length > 0 && (
              <ul className="ms-4 list-disc">
                {group.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
