import { useEffect, useState, type FormEvent } from 'react';
import { MODERATION_LIMITS, MODERATION_MESSAGES, moderatorNoteLine, reasonLabel } from '#common/moderation';
import { appealRequestSchema, type MyDecision } from '#common/moderation-schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/input';
import { errorMessage } from '#client/lib/api-client';
import { messageToast } from '#client/lib/toast-message';
import { useAppeal, useMyDecisions } from '../api/moderation';

const ACTION_WORDS: Record<MyDecision['action'], string> = {
  auto_hide: 'Hidden after reports',
  hide: 'Hidden by a moderator',
  restore: 'Restored',
  remove: 'Removed permanently',
  dismiss: 'Reports dismissed',
  warn: 'Warning',
  suspend: 'Suspension',
  ban: 'Ban',
  unban: 'Ban lifted',
};

/** My Stories' "Moderation decisions" (docs/design.md, rule 18): each decision with its reason, and an appeal once. */
export function MyDecisionsSection({ enabled }: { enabled: boolean }) {
  const decisions = useMyDecisions(enabled);
  const list = decisions.data ?? [];
  if (!enabled || list.length === 0) return null;
  return (
    <section aria-labelledby="moderation-decisions" className="grid gap-3">
      <h2 id="moderation-decisions" className="font-display text-xl font-semibold text-mist-100">
        Moderation decisions
      </h2>
      <ul className="grid gap-3">
        {list.map((d) => (
          <li
            key={d.id}
            id={`decision-${d.id}`}
            className="grid gap-2 rounded-xl border border-night-700 bg-night-900/70 p-4 text-sm"
          >
            <p className="font-medium text-mist-100">
              {ACTION_WORDS[d.action]}
              {d.storyTitle ? ` — “${d.storyTitle}”` : ''}
              {d.suspendDays ? ` (${d.suspendDays} days)` : ''}
            </p>
            <p className="text-mist-300">
              Reason: {reasonLabel(d.reason)}.{' '}
              {d.automatic ? 'Decided automatically after reports.' : 'Decided by a moderator.'}
              {d.reversed ? ' Reversed on appeal.' : ''}
            </p>
            {d.note && <p className="whitespace-pre-line text-mist-100">{moderatorNoteLine(d.note)}</p>}
            {d.appeal ? (
              <p className="text-mist-300">
                Your appeal:{' '}
                {d.appeal.status === 'open'
                  ? 'waiting for another moderator'
                  : d.appeal.status === 'reversed'
                    ? 'accepted'
                    : 'decision upheld'}
                .
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
        Appeal
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Checked by the call's own schema before it is sent (the server checks it again).
    const checked = appealRequestSchema.safeParse({ text });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? MODERATION_MESSAGES.appealRequired);
    appeal.mutate(
      { decisionId: decision.id, text: checked.data.text },
      {
        onSuccess: () => messageToast('Appeal sent: another moderator will review the decision.', 'success'),
        onError: (err) => setError(errorMessage(err, 'Failed to send the appeal.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <FormField id={`appeal-${decision.id}`} label="Why should this decision change?" error={error}>
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
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={appeal.isPending}>
          Send appeal
        </Button>
      </div>
    </form>
  );
}
