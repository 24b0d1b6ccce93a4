/** A queue item's reports, grouped by reason with their notes: the same list for stories and traces. */
import { reasonLabel } from '#common/moderation';

interface ReportGroup {
  reason: string;
  count: number;
  notes: string[];
}

export function ReportGroups({ groups, Heading }: { groups: ReportGroup[]; Heading: 'h3' | 'h4' }) {
  if (groups.length === 0) return null;
  return (
    <section aria-label="Reports" className="grid gap-1 text-sm">
      <Heading className="font-medium text-mist-100">Reports</Heading>
      <ul className="grid gap-1">
        {groups.map((group) => (
          <li key={group.reason} className="text-mist-300">
            <span className="text-mist-100">{reasonLabel(group.reason)}</span> × {group.count}
            {group.notes.length > 0 && (
              <ul className="ml-4 list-disc">
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
