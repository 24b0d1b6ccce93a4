import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { PUSH_KINDS, type PushKind } from '#common/push';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { useT } from '#client/lib/i18n/use-t';
import {
  pushPermission,
  pushSupport,
  useDevicePush,
  usePushPreferences,
  useSetDevicePush,
  useSetPushPreferences,
} from '../api/push';

/** Each kind's checkbox label (the English of common/push.ts's PUSH_KIND_LABELS, in the catalogue). */
const PUSH_KIND_MESSAGES: Record<PushKind, MessageId> = {
  story_liked: 'account.kindStoryLiked',
  story_hidden: 'account.kindStoryHidden',
  moderation_decision: 'account.kindModerationDecision',
  report_outcome: 'account.kindReportOutcome',
  trace_left: 'account.kindTraceLeft',
  trace_hidden: 'account.kindTraceHidden',
  follow_digest: 'account.kindFollowDigest',
};

/**
 * "Push notifications" on the profile screen (docs/decisions/015-installable-offline-push.md): on/off for THIS device, with the browser's permission
 * state explained, and which kinds arrive by push (for every device of the account).
 */
export function PushSection() {
  const support = pushSupport();
  const [permission, setPermission] = useState(pushPermission);
  const device = useDevicePush();
  const setDevice = useSetDevicePush();
  const preferences = usePushPreferences();
  const setPreferences = useSetPushPreferences();
  const on = device.data?.subscribed === true;
  const t = useT();

  const toggle = () =>
    setDevice.mutate(!on, {
      onSettled: () => setPermission(pushPermission()),
      onError: (error) => {
        if (error instanceof Error && (error.message === 'denied' || error.message === 'dismissed')) return;
        toast({
          title: translate('account.pushTitle'),
          description: errorMessage(error, translate('account.pushChangeFailed')),
          variant: 'destructive',
        });
      },
    });

  const chooseKind = (kind: PushKind, chosen: boolean) => {
    const current = preferences.data?.kinds ?? [...PUSH_KINDS];
    const kinds = chosen ? [...new Set([...current, kind])] : current.filter((k) => k !== kind);
    setPreferences.mutate(kinds, {
      onError: (error) =>
        toast({
          title: translate('account.pushTitle'),
          description: errorMessage(error, translate('account.choiceNotSaved')),
          variant: 'destructive',
        }),
    });
  };

  const explanation = t(
    support === 'unsupported'
      ? 'account.pushUnsupported'
      : permission === 'denied'
        ? 'account.pushDenied'
        : on
          ? 'account.pushOn'
          : 'account.pushOff',
  );

  return (
    <section
      aria-labelledby="push-title"
      className="mt-6 rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="push-title" className="font-display text-xl font-semibold text-mist-100">
            {t('account.pushTitle')}
          </h2>
          <p id="push-state" className="mt-1 text-sm text-mist-300">
            {explanation}
          </p>
        </div>
        {support === 'supported' && permission !== 'denied' && (
          <Button
            type="button"
            variant={on ? 'outline' : 'default'}
            role="switch"
            aria-checked={on}
            aria-label={t('account.pushTitle')}
            aria-describedby="push-state"
            disabled={device.isPending || setDevice.isPending}
            onClick={toggle}
          >
            {on ? <BellOff aria-hidden /> : <Bell aria-hidden />}
            {on ? t('account.turnOff') : t('account.turnOn')}
          </Button>
        )}
      </div>
      {support === 'supported' && on && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-mist-100">{t('account.sendByPush')}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {PUSH_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-mist-300">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-glow-500"
                  checked={(preferences.data?.kinds ?? PUSH_KINDS).includes(kind)}
                  disabled={preferences.isPending || setPreferences.isPending}
                  onChange={(event) => chooseKind(kind, event.target.checked)}
                />
                {t(PUSH_KIND_MESSAGES[kind])}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
