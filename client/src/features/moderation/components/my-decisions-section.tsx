import { useEffect, useState, type FormEvent } from 'react';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '#common/moderation';
import { appealRequestSchema, type MyDecision } from '#common/moderation-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import { decisionTitle, moderatorNoteText, reasonName } from '#client/lib/i18n/moderation-words';
import { useT } from '#client/lib/i18n/use-t';
import { messageToast } from '#client/lib/toast-message';
import { useAppeal, useMyDecisions } from '../api/moderation';
import { firstRefusal } from '#client/lib/schema-field-errors';

/** My Stories' "Moderation decisions" (docs/design.md, rule 18): each decision with its reason, and an appeal once. */
export function MyDecisionsSection({ enabled }: { enabled: boolean }) {
  const t = useT();
  const decisions = useMyDecisions(enabled);
  const list = decisions.data ?? [];
  if (!enabled || list.length === 0) return null;
  return (
    <section aria-labelledby="moderation-decisions" className="grid gap-3">
      <h2 id="moderation-decisions" className="font-display text-xl font-semibold text-mist-100">
        {t('moderation.decisions')}
      </h2>
      <ul className="grid gap-3">
        {list.map((d) => (
          <li
            key={d.id}
            id={`decision-${d.id}`}
            className="grid gap-2 rounded-xl border border-night-700 bg-night-900/70 p-4 text-sm"
          >
            <p className="font-medium text-mist-100">
              {decisionTitle(t, d.action)}
              {d.storyTitle ? t('moderation.onStory', { title: d.storyTitle }) : ''}
              {d.suspendDays ? t('moderation.forDays', { count: d.suspendDays }) : ''}
            </p>
            <p className="text-mist-300">
              {t('moderation.reasonSentence', { reason: reasonName(t, d.reason) })}{' '}
              {d.automatic ? t('moderation.decidedAutomatically') : t('moderation.decidedByModerator')}
              {d.reversed ? t('moderation.reversedOnAppeal') : ''}
            </p>
            {d.note && <p className="whitespace-pre-line text-mist-100">{moderatorNoteText(t, d.note)}</p>}
            {d.appeal ? (
              <p className="text-mist-300">
                {d.appeal.status === 'open'
                  ? t('moderation.yourAppealOpen')
                  : d.appeal.status === 'reversed'
                    ? t('moderation.yourAppealReversed')
                    : t('moderation.yourAppealUpheld')}
              </p>
            ) : d.appealable ? (
              <AppealForm decision={d} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppealForm({ decision }: { decision: MyDecision }) {
  const t = useT();
  const appeal = useAppeal();
  const [open, setOpen] = useState(false);
  // The story's hidden banner links here (`#decision-<id>`): that decision's form opens at once, in view.
  const anchor = `#decision-${decision.id}`;
  useEffect(() => {
    const openIfNamed = () => {
      if (window.location.hash !== anchor) return;
      setOpen(true);
      document.getElementById(anchor.slice(1))?.scrollIntoView({ block: 'center' });
    };
    openIfNamed();
    window.addEventListener('hashchange', openIfNamed);
    return () => window.removeEventListener('hashchange', openIfNamed);
  }, [anchor]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <Button type="button" size="sm" variant="outline" className="w-fit" onClick={() => setOpen(true)}>
        {t('moderation.appeal')}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Checked by the call's own schema before it is sent (the server checks it again).
    const checked = appealRequestSchema.safeParse({ text });
    if (!checked.success) return setError(firstRefusal(checked.error, MODERATION_MESSAGES.appealRequired));
    appeal.mutate(
      { decisionId: decision.id, text: checked.data.text },
      {
        onSuccess: () => messageToast(t('moderation.appealSent'), 'success'),
        onError: (err) => setError(errorMessage(err, t('moderation.appealFailed'))),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <FormField id={`appeal-${decision.id}`} label={t('moderation.appealWhy')} error={error}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={text}
            maxLength={MODERATION_LIMITS.appealMax}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('moderation.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={appeal.isPending}>
          {t('moderation.sendAppeal')}
        </Button>
      </div>
    </form>
  );
}
