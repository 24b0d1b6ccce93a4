/**
 * My Stories' "Planned — pin it on site" (docs/decisions/060-story-drafts-and-routes-in.md): the author's drafts,
 * each pinned where the author stands (within 200 m of its planned place), and the planned tours with their
 * progress. "Plan a story" (the page's, from create-story) and "Import a route" sit at its head.
 */
import { useState, type ReactNode } from 'react';
import type { Draft } from '#common/draft-schemas';
import type { Point } from '#common/geo';
import { useDrafts } from '../api/get-drafts';
import { usePlannedTours } from '../api/get-planned-tours';
import { DraftItem, PLANNED_HEADING_ID } from './draft-item';
import { EditDraftDialog } from './edit-draft-dialog';
import { ImportRouteButton } from './import-route-button';
import { PlannedTours } from './planned-tours';
import { draftsInListOrder } from '../lib/planned';
import { useT } from '#client/lib/i18n/use-t';

export function PlannedSection({ reader, planButton }: { reader: Point | null; planButton: ReactNode }) {
  const t = useT();
  const drafts = useDrafts(true);
  const tours = usePlannedTours(true);
  const [editing, setEditing] = useState<Draft | null>(null);
  const tourList = tours.data ?? [];
  const list = draftsInListOrder(drafts.data ?? [], tourList);
  const tourTitle = (id: string | null) => (id ? (tourList.find((t) => t.id === id)?.title ?? null) : null);
  const empty = !drafts.isLoading && !tours.isLoading && list.length === 0 && tourList.length === 0;

  return (
    <section aria-labelledby={PLANNED_HEADING_ID} className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id={PLANNED_HEADING_ID}
          tabIndex={-1}
          className="flex items-center gap-2 font-display text-xl font-semibold text-mist-100 outline-none"
        >
          {t('planned.heading')}
          {list.length > 0 && (
            <span className="rounded-full bg-ember-500/20 px-2.5 py-0.5 text-sm font-medium text-ember-400">
              {list.length}
            </span>
          )}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          {planButton}
          <ImportRouteButton />
        </div>
      </div>
      {drafts.error && (
        <p role="alert" className="text-sm text-red-200">
          {t('planned.loadFailed')}
        </p>
      )}
      {empty && <p className="text-sm text-mist-300">{t('planned.empty')}</p>}
      {list.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('planned.plannedStories')}>
          {list.map((draft) => (
            <DraftItem
              key={draft.id}
              draft={draft}
              reader={reader}
              tourTitle={tourTitle(draft.tourDraftId)}
              onEdit={setEditing}
            />
          ))}
        </ul>
      )}
      <PlannedTours tours={tourList} />
      <EditDraftDialog draft={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
