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
import { CREATE_FAILED_FALLBACK, UPLOAD_CANCELLED, isCancelledUpload } from '../api/create-story';
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

const PLANNED_MESSAGE = 'Story planned! Pin it when you stand within 200 m of its place.';

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
      setProblem({ text: 'Choose the planned place: tap the map or type its coordinates.', kind: 'error' });
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
          messageToast(PLANNED_MESSAGE, 'success');
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          setProgress(null);
          setProblem(
            isCancelledUpload(error)
              ? { text: UPLOAD_CANCELLED, kind: 'note' }
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
        title="Plan a story"
        description="Write it at home, choose its place on the map, and pin it when you stand there."
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
                ? `Planned for ${formatCoordinate(place.latitude)}, ${formatCoordinate(place.longitude)}. Only you see it until you pin it there.`
                : 'Choose the planned place above. Only you see the story until you pin it there.'
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
                {cancellable ? 'Cancel upload' : 'Cancel'}
              </Button>
              <Button type="submit" disabled={pending || !draft.title || !draft.category}>
                <CalendarClock aria-hidden /> {pending ? 'Saving...' : 'Save plan'}
              </Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
