import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from '#common/push';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { errorMessage } from '#client/lib/api-client';
import {
  pushPermission,
  pushSupport,
  useDevicePush,
  usePushPreferences,
  useSetDevicePush,
  useSetPushPreferences,
} from '../api/push';

const PUSH_TEXTS_UI = {
  title: 'Push notifications',
  unsupported:
    'This browser cannot receive push notifications. Installed on a phone (Add to Home Screen), Whispers can.',
  denied:
    'Notifications are blocked for Whispers in this browser. To turn them on, open the site settings (the icon beside the address) or your phone’s settings for this app, allow notifications, then come back here.',
  off: 'Off on this device. Turn them on to hear about likes and your stories even when Whispers is closed.',
  on: 'On for this device. Stories found nearby stay in the app: they need your position.',
} as const;

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

  const toggle = () =>
    setDevice.mutate(!on, {
      onSettled: () => setPermission(pushPermission()),
      onError: (error) => {
        if (error instanceof Error && (error.message === 'denied' || error.message === 'dismissed')) return;
        toast({
          title: 'Push notifications',
          description: errorMessage(error, 'Could not change push notifications on this device'),
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
          title: 'Push notifications',
          description: errorMessage(error, 'Could not save your choice'),
          variant: 'destructive',
        }),
    });
  };

  const explanation =
    support === 'unsupported'
      ? PUSH_TEXTS_UI.unsupported
      : permission === 'denied'
        ? PUSH_TEXTS_UI.denied
        : on
          ? PUSH_TEXTS_UI.on
          : PUSH_TEXTS_UI.off;

  return (
    <section
      aria-labelledby="push-title"
      className="mt-6 rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="push-title" className="font-display text-xl font-semibold text-mist-100">
            {PUSH_TEXTS_UI.title}
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
            aria-label={PUSH_TEXTS_UI.title}
            aria-describedby="push-state"
            disabled={device.isPending || setDevice.isPending}
            onClick={toggle}
          >
            {on ? <BellOff aria-hidden /> : <Bell aria-hidden />}
            {on ? 'Turn off' : 'Turn on'}
          </Button>
        )}
      </div>
      {support === 'supported' && on && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-mist-100">Send me by push</legend>
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
                {PUSH_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
