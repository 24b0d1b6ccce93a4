/**
 * Traces in the story dialog (docs/decisions/045-traces-read-where-left.md): to a reader the story is unlocked
 * for (and its author), the traces newest first with the writer's name and the day, and the form to leave one;
 * to everyone else the server's count only ("12 traces — walk here to read them").
 */
import { useState, type FormEvent } from 'react';
import type { Trace } from '#common/trace-schemas';
import { TRACE_LIMITS, TRACE_MESSAGES, hasUnsafeTraceCharacters } from '#common/traces';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input, Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useT } from '#client/lib/i18n/use-t';
import { lockedTraces, traceCount } from '#client/lib/i18n/story-words';
import { useLeaveTrace, useStoryTraces, useTraceAction } from '#client/features/stories/api/traces';

export function StoryTraces({ storyId, locked }: { storyId: string; locked: boolean }) {
  const t = useT();
  const traces = useStoryTraces(storyId, locked);
  if (!traces.data) return null;
  const { count, readable, canLeave } = traces.data;
  return (
    <section
      aria-labelledby={`traces-${storyId}`}
      className="grid gap-3 rounded-xl border border-night-700 bg-night-900/50 p-3"
    >
      <h3 id={`traces-${storyId}`} className="font-semibold text-mist-100">
        {t('story.traces')}
        {readable && count > 0 && <span className="font-normal text-mist-300"> · {traceCount(t, count)}</span>}
      </h3>
      {!readable ? (
        <p className="text-sm text-mist-300">{lockedTraces(t, count)}</p>
      ) : (
        <>
          {canLeave && <LeaveTraceForm storyId={storyId} />}
          {traces.data.traces.length === 0 ? (
            <p className="text-sm text-mist-300">{t('story.noTraces')}</p>
          ) : (
            <ul className="grid gap-2">
              {traces.data.traces.map((trace) => (
                <TraceItem key={trace.id} trace={trace} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function LeaveTraceForm({ storyId }: { storyId: string }) {
  const t = useT();
  const leave = useLeaveTrace(storyId);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(TRACE_MESSAGES.textRequired);
    if (hasUnsafeTraceCharacters(trimmed)) return setError(TRACE_MESSAGES.unsafeText);
    leave.mutate(
      { text: trimmed, photo },
      {
        onSuccess: () => {
          setText('');
          setPhoto(null);
          messageToast(t('story.traceLeft'), 'success');
        },
        onError: (err) => setError(errorMessage(err, t('story.traceFailed'))),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate>
      <FormField id={`trace-text-${storyId}`} label={t('story.leaveTraceLabel')} error={error}>
        {(field) => (
          <Textarea
            {...field}
            value={text}
            rows={2}
            maxLength={TRACE_LIMITS.textMax}
            placeholder={t('story.tracePlaceholder')}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="text-xs text-mist-300">
          <span className="me-2">{t('story.photoOptional')}</span>
          <Input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="inline-block w-auto text-xs"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </label>
        <span className="text-xs text-mist-400">
          {text.length}/{TRACE_LIMITS.textMax}
        </span>
        <Button type="submit" size="sm" disabled={leave.isPending}>
          {t('story.leaveTrace')}
        </Button>
      </div>
    </form>
  );
}

function TraceItem({ trace }: { trace: Trace }) {
  const t = useT();
  const action = useTraceAction(trace.storyId);
  const [asking, setAsking] = useState<'hide' | 'appeal' | null>(null);
  const [words, setWords] = useState('');
  const run = (kind: 'delete' | 'hide' | 'appeal') => {
    const done = {
      onError: (err: unknown) => messageToast(errorMessage(err, t('story.actionFailed'))),
      onSuccess: () => setAsking(null),
    };
    if (kind === 'delete') action.mutate({ kind, id: trace.id }, done);
    if (kind === 'hide') action.mutate({ kind, id: trace.id, reason: words.trim() }, done);
    if (kind === 'appeal') action.mutate({ kind, id: trace.id, text: words.trim() }, done);
  };
  return (
    <li
      className="grid gap-1 rounded-lg bg-night-800/70 p-2 text-sm"
      aria-label={t('story.traceBy', { name: trace.writer.displayName })}
    >
      <div className="flex items-center justify-between gap-2 text-xs text-mist-400">
        <span className="font-semibold text-mist-200">{trace.writer.displayName}</span>
        <span>{trace.day}</span>
      </div>
      <p
        className={
          trace.hidden ? 'whitespace-pre-line text-mist-400 line-through' : 'whitespace-pre-line text-mist-100'
        }
      >
        {trace.text}
      </p>
      {trace.photoUrl && (
        <img
          src={trace.photoUrl}
          alt={t('story.photoLeftBy', { name: trace.writer.displayName })}
          className="max-h-48 rounded-md object-cover"
          loading="lazy"
        />
      )}
      {trace.hidden && (
        <p className="text-xs text-ember-400">
          {trace.hiddenReason
            ? t('story.hiddenByAuthorReason', { reason: trace.hiddenReason })
            : t('story.hiddenByAuthor')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {trace.mine && (
          <Button type="button" size="sm" variant="ghost" onClick={() => run('delete')} disabled={action.isPending}>
            {t('story.deleteTrace')}
          </Button>
        )}
        {trace.canHide && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setAsking('hide')}>
            {t('story.hideTrace')}
          </Button>
        )}
        {trace.canAppeal && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setAsking('appeal')}>
            {t('story.appeal')}
          </Button>
        )}
      </div>
      {asking && (
        <div className="grid gap-2">
          <FormField
            id={`trace-${asking}-${trace.id}`}
            label={asking === 'hide' ? t('story.whyHide') : t('story.whyShowAgain')}
          >
            {(field) => (
              <Input
                {...field}
                value={words}
                maxLength={TRACE_LIMITS.hideReasonMax}
                onChange={(e) => setWords(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(null)}>
              {t('story.cancel')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={!words.trim() || action.isPending}
              onClick={() => run(asking)}
            >
              {asking === 'hide' ? t('story.hide') : t('story.sendAppeal')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
