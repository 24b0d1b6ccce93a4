/**
 * The Create Story dialog (docs/design.md, parts 2, 4, 5): edit → preview (Preview Story) → publish, and back (Edit
 * Story). Lazy-loaded by the home screen, so nothing here is in the initial bundle.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { initialStoryLanguage } from '#common/story-language';
import { Eye, Pencil, Send } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { dismissToast, toast } from '#client/components/ui/use-toast';
import { CREATE_DIALOG } from '#common/constants';
import type { StoryType } from '#common/schemas';
import type { Point } from '#common/geo';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { dropDraft, keepDraft } from '#client/lib/pwa/offline-drafts';
import {
  CREATE_FAILED_FALLBACK,
  isCancelledUpload,
  isNetworkFailure,
  uploadCancelledText,
  useCreateStory,
} from '../api/create-story';
import {
  EMPTY_DRAFT,
  buildStoryFormData,
  isPreviewDisabled,
  switchType,
  validateDraft,
  type StoryDraft,
} from '../lib/draft';
import {
  OFFLINE_DRAFT_MAX_BYTES,
  draftMediaBytes,
  farFromDraftText,
  resumedPin,
  type OfflineDraft,
} from '../lib/offline-draft';
import { messageToast } from '#client/lib/toast-message';
import { StoryForm } from './story-form';
import { StoryPreview } from './story-preview';
import { UploadProgress } from './upload-progress';
import { PublishProblem } from './publish-problem';
import { keepFocusedFieldInView } from '#client/components/ui/keep-field-in-view';
import { useT } from '#client/lib/i18n/use-t';

// Leaflet for the pin map loads only when the preview is shown.
const PinPicker = lazy(() => import('./pin-picker'));

interface CreateStoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location: Point | null;
  /** A draft kept on the device to publish now (docs/decisions/015-installable-offline-push.md): opens on its preview, judged from `location`. */
  resume?: OfflineDraft | null;
}

export default function CreateStoryDialog({ open, onOpenChange, location, resume = null }: CreateStoryDialogProps) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const [editedDraft, setDraft] = useState<StoryDraft>(EMPTY_DRAFT);
  // Until the author picks one, the story's language is theirs, else the browser's (docs/decisions/061-stories-carry-their-language.md).
  const startLanguage = initialStoryLanguage(user?.language, navigator.language);
  const draft = useMemo(
    () => (editedDraft.language ? editedDraft : { ...editedDraft, language: startLanguage }),
    [editedDraft, startLanguage],
  );
  // Where the story goes: the author's fix, or the pin they moved (≤ 200 m) on the preview's map.
  const [movedPin, setMovedPin] = useState<Point | null>(null);
  const placed = movedPin ?? location;
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [progress, setProgress] = useState<number | null>(null);
  const [published, setPublished] = useState(false);
  /** Kept on the device for want of a network: the dialog says so and only closes. */
  const [savedOffline, setSavedOffline] = useState(false);
  /** The draft being published came from the device (it is deleted there once published). */
  const [resumed, setResumed] = useState<OfflineDraft | null>(null);
  const createStory = useCreateStory(setProgress);
  const isPending = createStory.isPending || published;
  /**
   * The server's refusal, or "Upload cancelled": shown in the dialog until dismissed or the draft changes (a toast
   * would close by itself, and the author needs the words while fixing the story).
   */
  const [problem, setProblem] = useState<{ text: string; kind: 'error' | 'note' } | null>(null);
  /** Stops the upload while its bytes are still being sent (after that the server has it all: no cancelling). */
  const uploadAbort = useRef<AbortController | null>(null);
  const cancellable = createStory.isPending && !published && progress !== null && progress < 100;
  /** Guards against a second submission while one is under way (docs/design.md, part 4). */
  const pendingRef = useRef(false);

  // Timers (close after success) die with the dialog.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };

  // Keyboard focus follows the step onto its submit button: Publish Story, or Preview Story after Edit Story.
  const formRef = useRef<HTMLFormElement>(null);
  const stepChanged = useRef(false);
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [step]);
  const goTo = (next: 'edit' | 'preview') => {
    stepChanged.current = true;
    setStep(next);
  };

  const patch = useCallback((change: Partial<StoryDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setProblem(null);
  }, []);
  const changeType = useCallback((type: StoryType) => {
    setDraft((d) => switchType(d, type));
    setProblem(null);
  }, []);

  // A rule's toast ("Invalid TikTok URL: …") goes as soon as the draft no longer breaks that rule.
  const ruleToast = useRef<{ id: string; message: string } | null>(null);
  useEffect(() => {
    const shown = ruleToast.current;
    if (shown && validateDraft(draft, location) !== shown.message) {
      dismissToast(shown.id);
      ruleToast.current = null;
    }
  }, [draft, location]);

  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setMovedPin(null);
    setStep('edit');
    setProgress(null);
    setPublished(false);
    setSavedOffline(false);
    setResumed(null);
    setProblem(null);
    createStory.reset();
  };

  // A kept draft opens on its preview with a fresh position: the pin stays where it was saved only when that is
  // still within reach (200 m); the server judges the rest when it is published.
  const appliedResume = useRef<OfflineDraft | null>(null);
  useEffect(() => {
    if (!open || !resume || appliedResume.current === resume || !location) return;
    appliedResume.current = resume;
    setDraft(resume.draft);
    setMovedPin(resumedPin(resume.pin, location));
    setResumed(resume);
    setSavedOffline(false);
    setProgress(null);
    setPublished(false);
    setStep('preview');
  }, [open, resume, location]);

  /** No network: keep the story on this device (IndexedDB), media included, to publish later. */
  const keepOffline = async () => {
    if (!user || !location) return;
    if (draftMediaBytes(draft) > OFFLINE_DRAFT_MAX_BYTES) {
      toast({ title: t('create.errorTitle'), description: t('create.draftTooLarge'), variant: 'destructive' });
      return;
    }
    try {
      await keepDraft<OfflineDraft>({
        userId: user.id,
        savedAt: Date.now(),
        value: { draft, pin: placed ?? location },
      });
      setSavedOffline(true);
    } catch {
      toast({ title: t('create.errorTitle'), description: CREATE_FAILED_FALLBACK, variant: 'destructive' });
    }
  };

  /** Runs the section 5 rules; shows the first broken one as a toast. */
  const check = (): boolean => {
    const broken = validateDraft(draft, location);
    if (broken) ruleToast.current = { id: messageToast(broken).id, message: broken };
    return broken === null;
  };

  const showPreview = () => {
    if (check()) goTo('preview');
  };

  const publish = () => {
    if (pendingRef.current || !location || !check()) return; // a submission is already under way
    // Known offline: no attempt, the story is kept on the device straight away.
    if (!navigator.onLine) {
      void keepOffline();
      return;
    }
    pendingRef.current = true;
    setProgress(0);
    setProblem(null);
    const abort = new AbortController();
    uploadAbort.current = abort;
    createStory.mutate(
      { form: buildStoryFormData(draft, placed ?? location), signal: abort.signal },
      {
        onSuccess: () => {
          setPublished(true);
          if (resumed) void dropDraft().catch(() => undefined);
          messageToast(t('create.created'), 'success');
          // The form resets as the dialog closes, so the finished preview stays in view for that second.
          later(CREATE_DIALOG.closeAfterSuccessMs, () => {
            pendingRef.current = false;
            reset();
            onOpenChange(false);
          });
        },
        onError: (error) => {
          pendingRef.current = false;
          uploadAbort.current = null;
          setProgress(null);
          if (isCancelledUpload(error)) {
            setProblem({ text: uploadCancelledText(), kind: 'note' });
            return;
          }
          // The upload never reached the server (the signal dropped on the way): kept on the device instead.
          if (isNetworkFailure(error)) {
            void keepOffline();
            return;
          }
          setProblem({ text: error.message || CREATE_FAILED_FALLBACK, kind: 'error' });
        },
      },
    );
  };

  /** Closing with the X keeps the draft (a recording is precious) but reopens on the edit step. */
  const handleOpenChange = (next: boolean) => {
    if (!next && savedOffline) reset();
    else if (!next && !pendingRef.current) setStep('edit');
    onOpenChange(next);
  };

  const cancel = () => {
    // During the upload Cancel stops it; the draft stays for another try.
    if (cancellable) {
      uploadAbort.current?.abort();
      return;
    }
    reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        title={step === 'edit' ? t('create.createTitle') : t('create.previewTitle')}
        description={step === 'edit' ? t('create.createDescription') : t('create.previewDescription')}
        // Fields scrolled into view (focus, the recorder) stop above the sticky footer, not under it.
        className="scroll-pb-28"
        // Only Cancel and the X close the dialog: a stray tap outside must not throw away a recording.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <form
          ref={formRef}
          className="grid gap-4"
          onFocus={keepFocusedFieldInView}
          onSubmit={(event) => {
            event.preventDefault();
            if (step === 'edit') {
              if (!isPreviewDisabled(draft, location, isPending)) showPreview();
            } else publish();
          }}
        >
          {/* First, so it is in view whatever the dialog's scroll. */}
          {savedOffline && (
            <p
              ref={(el) => el?.scrollIntoView({ block: 'nearest' })}
              role="status"
              className="rounded-lg border border-glow-500/40 bg-glow-500/10 px-3 py-2 text-sm font-medium text-mist-100"
            >
              {t('create.savedAsDraft')}
            </p>
          )}
          {step === 'edit' ? (
            <StoryForm
              draft={draft}
              location={location}
              disabled={isPending}
              onChange={patch}
              onTypeChange={changeType}
            />
          ) : (
            <>
              {resumed && location && !movedPin && resumedPin(resumed.pin, location) === null && (
                <p
                  role="note"
                  className="rounded-lg border border-ember-500/40 bg-ember-500/10 px-3 py-2 text-sm text-ember-400"
                >
                  {farFromDraftText(resumed.pin, location)}
                </p>
              )}
              <StoryPreview draft={draft} location={placed} />
              {location && placed && (
                <Suspense fallback={null}>
                  <PinPicker fix={location} value={placed} onChange={setMovedPin} />
                </Suspense>
              )}
            </>
          )}

          {/* Opaque and in one row even at 320 px (docs/decisions/014-phone-round-2.md): the upload progress and the actions stay
              on screen while the form scrolls beneath, and nothing of the form shows through. */}
          <div
            data-dialog-footer
            className="sticky -bottom-5 z-10 -mx-5 -mb-5 grid gap-2 border-t border-night-700 bg-night-900 px-3 py-3 sm:px-5"
          >
            {progress !== null && <UploadProgress percent={progress} done={published} />}
            {problem && <PublishProblem {...problem} onDismiss={() => setProblem(null)} />}
            <div className="flex justify-end gap-2 max-sm:[&>button]:h-auto max-sm:[&>button]:min-h-10 max-sm:[&>button]:min-w-0 max-sm:[&>button]:flex-1 max-sm:[&>button]:whitespace-normal max-sm:[&>button]:px-2 max-sm:[&>button]:leading-tight">
              {savedOffline ? (
                <Button type="button" onClick={cancel}>
                  {t('create.done')}
                </Button>
              ) : (
                <Button type="button" variant="ghost" onClick={cancel} disabled={isPending && !cancellable}>
                  {cancellable ? t('create.cancelUpload') : isPending ? t('create.pleaseWait') : t('create.cancel')}
                </Button>
              )}
              {savedOffline ? null : step === 'edit' ? (
                <Button type="submit" disabled={isPreviewDisabled(draft, location, isPending)}>
                  <Eye aria-hidden /> {t('create.previewStory')}
                </Button>
              ) : (
                <>
                  <Button type="button" variant="outline" onClick={() => goTo('edit')} disabled={isPending}>
                    <Pencil aria-hidden className="max-[379px]:hidden" /> {t('create.editStory')}
                  </Button>
                  <Button type="submit" disabled={isPending}>
                    <Send aria-hidden className="max-[379px]:hidden" />{' '}
                    {published ? t('create.published') : isPending ? t('create.publishing') : t('create.publishStory')}
                  </Button>
                </>
              )}
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
