/**
 * Walk mode's "Publish now" (docs/decisions/060-story-drafts-and-routes-in.md): while walking, each of the author's
 * planned stories within 200 m of the walker's position offers to be pinned there (the same call as "Pin here").
 */
import { useState } from 'react';
import { MapPinned } from 'lucide-react';
import type { Point } from '#common/geo';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useDrafts } from '../api/get-drafts';
import { usePinDraft } from '../api/pin-draft';
import { draftsInReach, notReadyToPin } from '../lib/planned';
import { pinnedMessage } from './draft-item';
import { useT } from '#client/lib/i18n/use-t';

export function PublishNow({ position }: { position: Point | null }) {
  const t = useT();
  const drafts = useDrafts(true);
  const pin = usePinDraft();
  const [problem, setProblem] = useState<string | null>(null);
  const inReach = draftsInReach(drafts.data ?? [], position);
  if (!position || inReach.length === 0) return null;
  return (
    <section
      aria-label={t('planned.plannedHere')}
      className="grid gap-2 rounded-xl border border-ember-500/40 bg-night-900/90 px-3 py-2 text-sm text-mist-100"
    >
      <p className="font-medium text-ember-400">{t('planned.youPlannedHere', { count: inReach.length })}</p>
      <ul className="grid gap-1.5">
        {inReach.map((draft) => (
          <li key={draft.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 break-words">{draft.title}</span>
            {notReadyToPin(draft) ? (
              <span className="text-xs text-ember-400">{t('planned.finishInMyStories')}</span>
            ) : (
              <Button
                size="sm"
                disabled={pin.isPending}
                aria-label={t('planned.publishNowLabel', { title: draft.title })}
                onClick={() => {
                  setProblem(null);
                  pin.mutate(
                    { id: draft.id, at: position },
                    {
                      onSuccess: () => messageToast(pinnedMessage(), 'success'),
                      onError: (error) => setProblem(errorMessage(error, t('planned.publishFailed'))),
                    },
                  );
                }}
              >
                <MapPinned aria-hidden />
                {t('planned.publishNow')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="text-red-200">
          {problem}
        </p>
      )}
    </section>
  );
}
