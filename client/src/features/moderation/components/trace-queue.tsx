/**
 * The trace queue on /moderation (docs/decisions/045-traces-read-where-left.md): reported traces and hidings under
 * appeal, each with its text (and photo), the story it is on, its reports' reasons and weight in words, and the
 * moderator's actions; an appeal is decided with an optional note to the writer.
 */
import { useState } from 'react';
import { MODERATION_LIMITS } from '#common/moderation';
import { traceModerationRequestSchema, type TraceQueueItem } from '#common/trace-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { traceReportWeightWords } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { QueueList } from './queue-list';
import { ReportGroups } from './report-groups';
import { messageToast } from '#client/lib/toast-message';
import { useModerateTrace, useTraceQueue } from '../api/trace-queue';
import { firstRefusal } from '#client/lib/schema-field-errors';

type TraceAction = 'hide' | 'restore' | 'dismiss';
const ACTION_LABELS: Record<TraceAction, MessageId> = {
  hide: 'moderation.traceAction.hide',
  restore: 'moderation.traceAction.restore',
  dismiss: 'moderation.traceAction.dismiss',
};
const DONE: Record<TraceAction, MessageId> = {
  hide: 'moderation.traceDone.hide',
  restore: 'moderation.traceDone.restore',
  dismiss: 'moderation.traceDone.dismiss',
};

export function TraceQueue() {
  const t = useT();
  const queue = useTraceQueue();
  return (
    <section aria-labelledby="trace-queue-heading" className="grid gap-3">
      <h2 id="trace-queue-heading" className="font-display text-2xl font-semibold text-mist-100">
        {t('moderation.traces')}
      </h2>
      <TraceQueueBody queue={queue} />
    </section>
  );
}

function TraceQueueBody({ queue }: { queue: ReturnType<typeof useTraceQueue> }) {
  const t = useT();
  return (
    <QueueList
      query={queue}
      texts={{
        loading: t('moderation.tracesLoading'),
        forbidden: t('moderation.tracesForbidden'),
        failed: t('moderation.tracesFailed'),
        empty: t('moderation.tracesEmpty'),
      }}
      keyOf={(item) => item.traceId}
      renderItem={(item) => <TraceCard item={item} />}
    />
  );
}

/** Reports grouped by reason, with their notes. */
function groupReports(reports: TraceQueueItem['reports']) {
  const groups = new Map<string, string[]>();
  for (const report of reports) {
    const notes = groups.get(report.reason) ?? [];
    if (report.note) notes.push(report.note);
    groups.set(report.reason, notes);
  }
  return [...groups.entries()].map(([reason, notes]) => ({
    reason,
    count: reports.filter((r) => r.reason === reason).length,
    notes,
  }));
}

function TraceCard({ item }: { item: TraceQueueItem }) {
  const t = useT();
  const headingId = `trace-queue-${item.traceId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-900/80 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-display text-lg font-semibold text-mist-100">
          {t('moderation.traceOn', { title: item.storyTitle })}
        </h3>
        <span className="text-sm text-mist-300">
          {traceReportWeightWords(t, {
            open: item.reports.length,
            counted: item.counted,
            fromNewAccounts: item.fromNewAccounts,
          })}
          {item.hidden ? t('moderation.markHidden') : ''}
        </span>
      </header>
      <p className="text-sm text-mist-300">{t('moderation.byWriter', { name: item.writer.displayName })}</p>
      <div className="grid gap-2 rounded-xl bg-night-800/70 p-3 text-sm text-mist-100">
        <p className="whitespace-pre-wrap">{item.text}</p>
        {item.photoUrl && (
          <img
            src={item.photoUrl}
            alt={t('moderation.tracePhotoBy', { name: item.writer.displayName })}
            loading="lazy"
            className="max-h-64 w-auto rounded-lg object-contain"
          />
        )}
        {item.hidden && item.hiddenReason && (
          <p className="text-mist-300">{t('moderation.hiddenByStoryAuthor', { reason: item.hiddenReason })}</p>
        )}
      </div>
      <ReportGroups groups={groupReports(item.reports)} Heading="h4" />
      <TraceDecision item={item} />
    </article>
  );
}

function TraceDecision({ item }: { item: TraceQueueItem }) {
  const t = useT();
  const moderate = useModerateTrace();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = (action: TraceAction) => {
    // Checked by the call's own schema before it is sent (the server checks it again).
    const checked = traceModerationRequestSchema.safeParse({ action, note: note.trim() || undefined });
    if (!checked.success) return setError(firstRefusal(checked.error));
    moderate.mutate(
      { traceId: item.traceId, ...checked.data },
      {
        onSuccess: () => messageToast(t(DONE[action]), 'success'),
        onError: (failure) => messageToast(errorMessage(failure, t('moderation.decisionFailed'))),
      },
    );
  };
  const actions: TraceAction[] = item.appeal
    ? ['restore', 'hide']
    : item.hidden
      ? ['dismiss', 'restore']
      : ['hide', 'dismiss'];
  return (
    <section
      aria-label={item.appeal ? t('moderation.appeal') : t('moderation.decide')}
      className={
        item.appeal
          ? 'grid gap-2 rounded-xl border border-glow-600/40 bg-glow-600/10 p-3 text-sm'
          : 'grid gap-2 border-t border-night-700 pt-3'
      }
    >
      {item.appeal && (
        <>
          <h4 className="font-medium text-mist-100">{t('moderation.writerAppeal')}</h4>
          <p className="whitespace-pre-wrap text-mist-100">{item.appeal}</p>
          <FormField id={`trace-note-${item.traceId}`} label={t('moderation.noteToWriter')} error={error}>
            {(field) => (
              <Textarea
                {...field}
                rows={2}
                value={note}
                maxLength={MODERATION_LIMITS.decisionNoteMax}
                onChange={(e) => {
                  setNote(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            type="button"
            size="sm"
            variant={action === 'hide' ? 'default' : 'outline'}
            disabled={moderate.isPending}
            onClick={() => decide(action)}
          >
            {item.appeal
              ? action === 'restore'
                ? t('moderation.acceptAppealRestore')
                : t('moderation.upholdKeepHidden')
              : t(ACTION_LABELS[action])}
          </Button>
        ))}
      </div>
    </section>
  );
}
