/** One planned story in My Stories: title, type, how far its place is, and Pin here / Edit / Delete. */
import { useState } from 'react';
import { MapPinned, Pencil, Trash2 } from 'lucide-react';
import type { Draft } from '#common/draft-schemas';
import type { Point } from '#common/geo';
import { STORY_TYPE_LABEL } from '#common/story-type-specs';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/api-client';
import { requestPosition } from '#client/lib/geolocation';
import { messageToast } from '#client/lib/toast-message';
import { useDeleteDraft } from '../api/delete-draft';
import { usePinDraft } from '../api/pin-draft';
import { notReadyToPin, plannedDistanceText } from '../lib/planned';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';

export const PLANNED_HEADING_ID = 'planned-heading';
export const pinnedMessage = () => translate('planned.pinned');

/** The item goes once pinned or deleted: keyboard focus lands on the section's heading, not on the page's body. */
function focusPlannedHeading() {
  document.getElementById(PLANNED_HEADING_ID)?.focus();
}

export function DraftItem({
  draft,
  reader,
  tourTitle,
  onEdit,
}: {
  draft: Draft;
  /** The reader's known position (the geolocation hook's), or null. */
  reader: Point | null;
  /** The planned tour this draft is a stop of. */
  tourTitle: string | null;
  onEdit: (draft: Draft) => void;
}) {
  const t = useT();
  const pin = usePinDraft();
  const remove = useDeleteDraft();
  const [problem, setProblem] = useState<string | null>(null);
  const distance = plannedDistanceText(reader, draft);
  const unfinished = notReadyToPin(draft);
  const titleId = `draft-${draft.id}-title`;

  const pinHere = async () => {
    setProblem(null);
    let at = reader;
    if (!at) {
      try {
        at = await requestPosition();
      } catch {
        setProblem(t('planned.noPosition'));
        return;
      }
    }
    pin.mutate(
      { id: draft.id, at },
      {
        onSuccess: () => {
          messageToast(pinnedMessage(), 'success');
          focusPlannedHeading();
        },
        onError: (error) => setProblem(errorMessage(error, t('planned.pinFailed'))),
      },
    );
  };

  const deleteDraft = () => {
    if (!window.confirm(t('planned.deleteDraftConfirm', { title: draft.title }))) return;
    setProblem(null);
    remove.mutate(draft.id, {
      onSuccess: focusPlannedHeading,
      onError: (error) => setProblem(errorMessage(error, t('planned.deleteFailed'))),
    });
  };

  const busy = pin.isPending || remove.isPending;
  return (
    <li
      aria-labelledby={titleId}
      className="grid content-start gap-2 rounded-2xl border border-dashed border-ember-500/50 bg-night-900/70 p-4"
    >
      <div className="grid gap-0.5">
        <h3 id={titleId} className="break-words font-display text-lg font-semibold text-mist-100">
          {draft.title}
        </h3>
        <p className="text-sm text-mist-300">
          {STORY_TYPE_LABEL[draft.type]}
          {draft.hasMedia ? ` · ${t('planned.fileUploaded')}` : ''}
          {distance ? ` · ${distance}` : ''}
        </p>
        {tourTitle && <p className="text-xs text-ember-400">{t('planned.stopOfTour', { title: tourTitle })}</p>}
      </div>
      {unfinished && (
        <p id={`draft-${draft.id}-unfinished`} className="text-sm text-ember-400">
          {unfinished}
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-500/50 bg-red-500/15 px-3 py-2 text-sm text-red-100">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => void pinHere()}
          disabled={busy || unfinished !== null}
          aria-describedby={unfinished ? `${titleId} draft-${draft.id}-unfinished` : titleId}
        >
          <MapPinned aria-hidden />
          {pin.isPending ? t('planned.pinning') : t('planned.pinHere')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onEdit(draft)} disabled={busy} aria-describedby={titleId}>
          <Pencil aria-hidden />
          {t('planned.edit')}
        </Button>
        <Button size="sm" variant="ghost" onClick={deleteDraft} disabled={busy} aria-describedby={titleId}>
          <Trash2 aria-hidden />
          {t('planned.delete')}
        </Button>
      </div>
    </li>
  );
}
