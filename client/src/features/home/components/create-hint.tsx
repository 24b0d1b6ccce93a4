import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '#client/lib/i18n/use-t';

const STORAGE_KEY = 'whispers.createHintDone';

function hintDone(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked (private mode): show the hint for this visit
  }
}

function rememberHintDone() {
  try {
    window.localStorage.setItem(STORAGE_KEY, '1');
  } catch {
    // storage blocked: the hint simply shows again next visit
  }
}

/**
 * The phone hint "Tap + to Create Story", in the page's flow at the top of home (beside the Walk button), not in
 * the + button's opaque bar, where it lay over whatever scrolled behind it — at first paint the "Nearby Whispers"
 * heading (docs/decisions/058-stack-titles-and-hint-room.md). Shown until the button is first used (`used`) or
 * the hint is dismissed — remembered in localStorage.
 */
export function CreateHint({ used }: { used: boolean }) {
  const t = useT();
  const [dismissed, setDismissed] = useState(hintDone);
  useEffect(() => {
    if (used) rememberHintDone();
  }, [used]);
  if (used || dismissed) return null;
  return (
    <span
      data-create-hint
      className="ms-auto flex items-center gap-1 rounded-full border border-night-600 bg-night-800 py-1 ps-3 pe-1 text-xs text-mist-100 shadow-lg sm:hidden"
    >
      {t('home.createHint')}
      <button
        type="button"
        aria-label={t('home.dismissHint')}
        onClick={() => {
          rememberHintDone();
          setDismissed(true);
        }}
        className="rounded-full p-1 text-mist-300 hover:bg-night-700 hover:text-white"
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </span>
  );
}
