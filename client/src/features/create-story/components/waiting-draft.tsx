/**
 * Back online with a story kept on the device (docs/decisions/015-installable-offline-push.md): the home screen offers to publish it — never
 * publishes it by itself, since the author may have walked on and the server judges a fresh position.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { DRAFT_CHANGED_EVENT, dropDraft, keptDraft, type KeptDraft } from '#client/lib/pwa/offline-drafts';
import { useOnline } from '#client/lib/pwa/offline-line';
import { waitingDraftText, type OfflineDraft } from '../lib/offline-draft';
import { useT } from '#client/lib/i18n/use-t';

function useKeptDraft(userId: string | null): KeptDraft<OfflineDraft> | null {
  const [kept, setKept] = useState<KeptDraft<OfflineDraft> | null>(null);
  const load = useCallback(() => {
    if (!userId) return setKept(null);
    keptDraft<OfflineDraft>(userId).then(setKept, () => setKept(null));
  }, [userId]);
  useEffect(() => {
    load();
    window.addEventListener(DRAFT_CHANGED_EVENT, load);
    return () => window.removeEventListener(DRAFT_CHANGED_EVENT, load);
  }, [load]);
  return kept;
}

export function WaitingDraft({
  userId,
  onPublish,
}: {
  userId: string | null;
  onPublish: (draft: OfflineDraft) => void;
}) {
  const t = useT();
  const online = useOnline();
  const kept = useKeptDraft(userId);
  if (!kept || !online) return null;
  return (
    <section
      aria-label={t('create.draftWaitingLabel')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-glow-500/40 bg-glow-500/10 px-4 py-3"
    >
      <p className="text-sm font-medium text-mist-100">{waitingDraftText(kept.value.draft.title, kept.savedAt)}</p>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            if (window.confirm(t('create.discardDraftConfirm'))) void dropDraft().catch(() => undefined);
          }}
        >
          {t('create.discardDraft')}
        </Button>
        <Button type="button" size="sm" onClick={() => onPublish(kept.value)}>
          {t('create.publishItNow')}
        </Button>
      </div>
    </section>
  );
}
