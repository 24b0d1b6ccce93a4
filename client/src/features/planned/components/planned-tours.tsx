/** The author's planned tours: "n of m pinned", each stop pinned or still to pin, and "Publish tour" from two. */
import { CheckCircle2, Circle, Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import type { PlannedTour } from '#common/draft-schemas';
import { DRAFT_MESSAGES } from '#common/drafts';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useDeletePlannedTour } from '../api/delete-planned-tour';
import { usePublishPlannedTour } from '../api/publish-planned-tour';
import { tourProgress } from '../lib/planned';
import { useT } from '#client/lib/i18n/use-t';

function PlannedTourCard({ tour }: { tour: PlannedTour }) {
  const t = useT();
  const publish = usePublishPlannedTour();
  const giveUp = useDeletePlannedTour();
  const [problem, setProblem] = useState<string | null>(null);
  const { line, canPublish } = tourProgress(tour);
  const titleId = `planned-tour-${tour.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className="grid content-start gap-2 rounded-2xl border border-dashed border-glow-500/50 bg-night-900/70 p-4"
    >
      <div className="flex items-start gap-2">
        <RouteIcon className="mt-1 h-4 w-4 shrink-0 text-glow-300" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="break-words font-display text-lg font-semibold text-mist-100">
            {tour.title}
          </h3>
          <p className="text-sm text-mist-300" data-testid="planned-tour-progress">
            {line}
          </p>
        </div>
      </div>
      <ol className="grid gap-1 text-sm" aria-label={t('planned.stopsOf', { title: tour.title })}>
        {tour.stops.map((stop, index) => (
          <li key={stop.draftId} className="flex items-start gap-2">
            {stop.pinned ? (
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-300" aria-hidden />
            ) : (
              <Circle className="mt-0.5 h-4 w-4 shrink-0 text-mist-400" aria-hidden />
            )}
            <span className="min-w-0 flex-1 break-words text-mist-100">
              {index + 1}. {stop.title}
            </span>
            <span className={stop.pinned ? 'shrink-0 text-emerald-300' : 'shrink-0 text-mist-300'}>
              {stop.pinned ? t('planned.stopPinned') : t('planned.stillToPin')}
            </span>
          </li>
        ))}
      </ol>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-500/50 bg-red-500/15 px-3 py-2 text-sm text-red-100">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-start gap-2">
        <Button
          size="sm"
          disabled={!canPublish || publish.isPending}
          aria-describedby={titleId}
          onClick={() => {
            setProblem(null);
            publish.mutate(tour.id, {
              onSuccess: () => messageToast(t('planned.tourPublished'), 'success'),
              onError: (error) => setProblem(errorMessage(error, t('planned.tourPublishFailed'))),
            });
          }}
        >
          {publish.isPending ? t('planned.publishing') : t('planned.publishTour')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={giveUp.isPending}
          aria-describedby={titleId}
          onClick={() => {
            const question = t('planned.deleteTourConfirm', { title: tour.title });
            if (!window.confirm(question)) return;
            setProblem(null);
            giveUp.mutate(tour.id, {
              onError: (error) => setProblem(errorMessage(error, t('planned.deleteTourFailed'))),
            });
          }}
        >
          {giveUp.isPending ? t('planned.deleting') : t('planned.deletePlan')}
        </Button>
        {!canPublish && <p className="basis-full text-xs text-mist-400">{DRAFT_MESSAGES.tourTooFewPinned}</p>}
      </div>
    </li>
  );
}

export function PlannedTours({ tours }: { tours: readonly PlannedTour[] }) {
  const t = useT();
  if (tours.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="font-display text-lg font-semibold text-mist-100">{t('planned.plannedTours')}</h3>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tours.map((tour) => (
          <PlannedTourCard key={tour.id} tour={tour} />
        ))}
      </ul>
    </div>
  );
}
