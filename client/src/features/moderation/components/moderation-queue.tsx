import { useState } from 'react';
import {
  MODERATION_LIMITS,
  REPORT_REASONS,
  type ReportReason,
  type StoryAction,
  type UserAction,
} from '#common/moderation';
import {
  appealResolutionRequestSchema,
  storyDecisionRequestSchema,
  userDecisionRequestSchema,
  type QueueItem,
} from '#common/moderation-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input, Textarea } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { errorMessage } from '#client/lib/api-client';
import { formatDate, formatNumber } from '#client/lib/i18n/format';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { decisionWord, reasonName, reportWeightWords } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { QueueList } from './queue-list';
import { ReportGroups } from './report-groups';
import { messageToast } from '#client/lib/toast-message';
import { useDecideOnStory, useDecideOnUser, useModerationQueue, useResolveAppeal } from '../api/moderation';
import { MediaReviews } from '#client/components/stories/media-views';
import { firstRefusal } from '#client/lib/schema-field-errors';

const STORY_ACTION_LABELS: Record<StoryAction, MessageId> = {
  dismiss: 'moderation.storyAction.dismiss',
  hide: 'moderation.storyAction.hide',
  restore: 'moderation.storyAction.restore',
  remove: 'moderation.storyAction.remove',
};
const USER_ACTION_LABELS: Record<UserAction, MessageId> = {
  warn: 'moderation.userAction.warn',
  suspend: 'moderation.userAction.suspend',
  ban: 'moderation.userAction.ban',
};

/** The moderation queue (/moderation, docs/design.md, rule 18): moderators only; the server decides who may see it. */
export function ModerationQueue() {
  const t = useT();
  const queue = useModerationQueue();
  return (
    <QueueList
      query={queue}
      texts={{
        loading: t('moderation.queueLoading'),
        forbidden: t('moderation.queueForbidden'),
        failed: t('moderation.queueFailed'),
        empty: t('moderation.queueEmpty'),
      }}
      keyOf={(item) => item.story?.id ?? item.appeal?.id}
      renderItem={(item) => <QueueCard item={item} />}
    />
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const t = useT();
  const story = item.story;
  const title =
    story?.title ?? item.appeal?.decision.storyTitle ?? t('moderation.accountOf', { name: item.author.displayName });
  const headingId = `queue-${story?.id ?? item.appeal?.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-900/80 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-lg font-semibold text-mist-100">
          {title}
        </h2>
        <span className="text-sm text-mist-300">
          {reportWeightWords(t, {
            open: item.openReports,
            counted: item.weight,
            fromNewAccounts: item.fromNewAccounts,
          })}
          {story?.hidden ? t('moderation.markHidden') : ''}
        </span>
      </header>
      <p className="text-sm text-mist-300">
        {t('moderation.byAuthor', { name: item.author.displayName, username: item.author.username })}
        {item.author.banned
          ? t('moderation.markBanned')
          : item.author.suspendedUntil && new Date(item.author.suspendedUntil) > new Date()
            ? t('moderation.markSuspended')
            : ''}
      </p>
      {story && (
        <div className="grid gap-2 rounded-xl bg-night-800/70 p-3 text-sm text-mist-100">
          {story.description && <p className="text-mist-300">{story.description}</p>}
          {story.content && <p className="whitespace-pre-wrap">{story.content}</p>}
          <MediaReviews story={story} />
          {story.tiktokUrl && (
            <a className="text-glow-300 underline" href={story.tiktokUrl} rel="noreferrer" target="_blank">
              {t('moderation.tiktokVideo')}
            </a>
          )}
        </div>
      )}
      <ReportGroups groups={item.reports} Heading="h3" />
      {item.appeal && <AppealPanel item={item} />}
      {item.history.length > 0 && (
        <details className="text-sm text-mist-300">
          <summary className="cursor-pointer text-mist-100">
            {t('moderation.authorHistory', { count: formatNumber(item.history.length) })}
          </summary>
          <ul className="mt-1 grid gap-1">
            {item.history.map((d) => (
              <li key={d.id}>
                {formatDate(d.createdAt)} · {decisionWord(t, d.action)} · {reasonName(t, d.reason)}
                {d.automatic ? t('moderation.markAutomatic') : ''}
                {d.reversed ? t('moderation.markReversed') : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      <DecisionForm item={item} />
    </article>
  );
}

function AppealPanel({ item }: { item: QueueItem }) {
  const t = useT();
  const appeal = item.appeal!;
  const resolve = useResolveAppeal();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = (outcome: 'uphold' | 'reverse') => {
    // Checked by the call's own schema before it is sent (the server checks it again).
    const checked = appealResolutionRequestSchema.safeParse({ outcome, note: note.trim() || undefined });
    if (!checked.success) return setError(firstRefusal(checked.error));
    resolve.mutate(
      { appealId: appeal.id, outcome, note: checked.data.note ?? undefined },
      {
        onSuccess: () =>
          messageToast(
            outcome === 'reverse' ? t('moderation.appealReversed') : t('moderation.appealUpheld'),
            'success',
          ),
        onError: (failure) => messageToast(errorMessage(failure, t('moderation.appealDecideFailed'))),
      },
    );
  };
  return (
    <section
      aria-label={t('moderation.appeal')}
      className="grid gap-2 rounded-xl border border-glow-600/40 bg-glow-600/10 p-3 text-sm"
    >
      <h3 className="font-medium text-mist-100">
        {t('moderation.appealOf', {
          action: decisionWord(t, appeal.decision.action),
          reason: reasonName(t, appeal.decision.reason),
        })}
      </h3>
      <p className="whitespace-pre-wrap text-mist-100">{appeal.text}</p>
      {appeal.decision.note && (
        <p className="text-mist-300">{t('moderation.decisionNote', { note: appeal.decision.note })}</p>
      )}
      {appeal.decidedByYou ? (
        <p className="text-mist-300">{t('moderation.youDecided')}</p>
      ) : (
        <>
          <FormField id={`appeal-note-${appeal.id}`} label={t('moderation.appealNoteLabel')} error={error}>
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
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => decide('reverse')} disabled={resolve.isPending}>
              {t('moderation.reverseDecision')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => decide('uphold')}
              disabled={resolve.isPending}
            >
              {t('moderation.upholdDecision')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function DecisionForm({ item }: { item: QueueItem }) {
  const t = useT();
  const onStory = useDecideOnStory();
  const onUser = useDecideOnUser();
  const [reason, setReason] = useState<ReportReason>((item.reports[0]?.reason as ReportReason | undefined) ?? 'other');
  const [note, setNote] = useState('');
  const [days, setDays] = useState('7');
  const key = item.story?.id ?? item.appeal?.id ?? item.author.id;
  const pending = onStory.isPending || onUser.isPending;
  const done = (what: MessageId) => ({
    onSuccess: () => messageToast(t('moderation.decisionDone', { what: t(what) }), 'success'),
    onError: (error: unknown) => messageToast(errorMessage(error, t('moderation.decisionFailed'))),
  });
  const [error, setError] = useState<string | undefined>();
  // Each decision is checked by its call's own schema before it is sent (the server checks it again).
  const storyAction = (action: StoryAction) => {
    const checked = storyDecisionRequestSchema.safeParse({ action, reason, note: note.trim() || undefined });
    if (!checked.success) return setError(firstRefusal(checked.error));
    onStory.mutate(
      { storyId: item.story!.id, action, reason, note: checked.data.note ?? undefined },
      done(STORY_ACTION_LABELS[action]),
    );
  };
  const userAction = (action: UserAction) => {
    const body = {
      action,
      reason,
      note: note.trim() || undefined,
      storyId: item.story?.id,
      ...(action === 'suspend' ? { days: Number(days) } : {}),
    };
    const checked = userDecisionRequestSchema.safeParse(body);
    if (!checked.success) return setError(firstRefusal(checked.error));
    onUser.mutate({ userId: item.author.id, ...body }, done(USER_ACTION_LABELS[action]));
  };
  return (
    <section aria-label={t('moderation.decide')} className="grid gap-2 border-t border-night-700 pt-3">
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField id={`reason-${key}`} label={t('moderation.reasonLabel')}>
          {(field) => (
            <Select {...field} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
              {REPORT_REASONS.map((code) => (
                <option key={code} value={code}>
                  {reasonName(t, code)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id={`days-${key}`} label={t('moderation.suspensionDays')}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={MODERATION_LIMITS.suspendDaysMin}
              max={MODERATION_LIMITS.suspendDaysMax}
              value={days}
              onChange={(e) => {
                setDays(e.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
      </div>
      <FormField id={`note-${key}`} label={t('moderation.noteToAuthor')} error={error}>
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
      {item.story && (
        <div className="flex flex-wrap gap-2">
          {(['dismiss', 'hide', 'restore', 'remove'] as const).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === 'remove' ? 'destructive' : action === 'hide' ? 'default' : 'outline'}
              disabled={pending}
              onClick={() => storyAction(action)}
            >
              {t(STORY_ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      )}
      {item.author.role !== 'admin' && (
        <div className="flex flex-wrap gap-2">
          {(['warn', 'suspend', 'ban'] as const).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant="ghost"
              disabled={pending}
              onClick={() => userAction(action)}
            >
              {t(USER_ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
