/**
 * "Plan a story" (docs/decisions/060-story-drafts-and-routes-in.md, docs/design.md rule 25): the create form with a
 * planned place chosen on a map, anywhere, saved as a draft for its author alone (POST /api/drafts). It becomes a
 * whisper only when the author stands within 200 m of that place and pins it (My Stories, or walk mode).
 * Lazy-loaded by plan-story-launcher.tsx.
 */
import { useCallback, useRef, useState } from 'react';
import { CalendarClock } from 'lucide-react';
import type { StoryType } from '#common/schemas';
import type { Point } from '#common/geo';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { PlannedPlaceField } from '#client/components/map/planned-place-field';
import { messageToast } from '#client/lib/toast-message';
import { CREATE_FAILED_FALLBACK, isCancelledUpload, uploadCancelledText } from '../api/create-story';
import { useCreateDraft } from '../api/create-draft';
import {
  EMPTY_DRAFT,
  buildStoryFormData,
  formatCoordinate,
  switchType,
  validateDraft,
  type StoryDraft,
} from '../lib/draft';
import { StoryForm } from './story-form';
import { UploadProgress } from './upload-progress';
import { PublishProblem } from './publish-problem';
import { keepFocusedFieldInView } from '#client/components/ui/keep-field-in-view';
import { useT } from '#client/lib/i18n/use-t';

export default function PlanStoryDialog({
  open,
  onOpenChange,
  center,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the map opens: the reader's position when known, else the default centre. */
  center: Point;
}) {
  const t = useT();
  const [draft, setDraft] = useState<StoryDraft>(EMPTY_DRAFT);
  const [place, setPlace] = useState<Point | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ text: string; kind: 'error' | 'note' } | null>(null);
  const createDraft = useCreateDraft(setProgress);
  const abort = useRef<AbortController | null>(null);
  const pending = createDraft.isPending;
  const cancellable = pending && progress !== null && progress < 100;

  const patch = useCallback((change: Partial<StoryDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setProblem(null);
  }, []);
  const changeType = useCallback((type: StoryType) => {
    setDraft((d) => switchType(d, type));
    setProblem(null);
  }, []);
  const choosePlace = useCallback((point: Point) => {
    setPlace(point);
    setProblem(null);
  }, []);

  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setPlace(null);
    setProgress(null);
    setProblem(null);
    createDraft.reset();
  };

  const save = () => {
    if (pending) return;
    if (!place) {
      setProblem({ text: t('create.choosePlannedPlace'), kind: 'error' });
      return;
    }
    const broken = validateDraft(draft, place);
    if (broken) {
      setProblem({ text: broken, kind: 'error' });
      return;
    }
    setProblem(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    createDraft.mutate(
      { form: buildStoryFormData(draft, place), signal: controller.signal },
      {
        onSuccess: () => {
          messageToast(t('create.planned'), 'success');
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          setProgress(null);
          setProblem(
            isCancelledUpload(error)
              ? { text: uploadCancelledText(), kind: 'note' }
              : { text: error.message || CREATE_FAILED_FALLBACK, kind: 'error' },
          );
        },
      },
    );
  };

  const cancel = () => {
    if (cancellable) {
      abort.current?.abort();
      return;
    }
    reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent
        title={t('create.planTitle')}
        description={t('create.planDescription')}
        className="scroll-pb-28"
        onInteractOutside={(event) => event.preventDefault()}
      >
        <form
          className="grid gap-4"
          onFocus={keepFocusedFieldInView}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <PlannedPlaceField idPrefix="plan" center={center} value={place} onChange={choosePlace} disabled={pending} />
          <StoryForm
            draft={draft}
            location={place}
            disabled={pending}
            onChange={patch}
            onTypeChange={changeType}
            placeNote={
              place
                ? t('create.plannedFor', {
                    latitude: formatCoordinate(place.latitude),
                    longitude: formatCoordinate(place.longitude),
                  })
                : t('create.choosePlaceAbove')
            }
          />
          <div
            data-dialog-footer
            className="sticky -bottom-5 z-10 -mx-5 -mb-5 grid gap-2 border-t border-night-700 bg-night-900 px-3 py-3 sm:px-5"
          >
            {progress !== null && <UploadProgress percent={progress} done={false} />}
            {problem && <PublishProblem {...problem} onDismiss={() => setProblem(null)} />}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={cancel} disabled={pending && !cancellable}>
                {cancellable ? t('create.cancelUpload') : t('create.cancel')}
              </Button>
              <Button type="submit" disabled={pending || !draft.title || !draft.category}>
                <CalendarClock aria-hidden /> {pending ? t('create.saving') : t('create.savePlan')}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
