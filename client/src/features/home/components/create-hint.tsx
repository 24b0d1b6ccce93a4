import { X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';

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
 * The empty lane at the end of the page that the + button and its hint float over: `ref` goes on a spacer as
 * tall as they are, `clear` is true while that spacer is wholly on screen — nothing but it under them then.
 */
export function useCreateHintLane() {
  const [lane, setLane] = useState<HTMLElement | null>(null);
  const [clear, setClear] = useState(false);
  useEffect(() => {
    if (!lane) return;
    const observer = new IntersectionObserver(([entry]) => setClear(entry !== undefined && entry.intersectionRatio >= 0.99), {
      threshold: [0, 0.99, 1],
    });
    observer.observe(lane);
    return () => observer.disconnect();
  }, [lane]);
  return { ref: useCallback((node: HTMLElement | null) => setLane(node), []), clear };
}

/**
 * The phone hint "Tap + to Create Story" above the + button: shown until the button is first used (`used`) or
 * the hint is dismissed — remembered in localStorage — and only while the page's end lane is on screen
 * (`laneClear`), so it never sits on text.
 */
export function CreateHint({ used, laneClear }: { used: boolean; laneClear: boolean }) {
  const [dismissed, setDismissed] = useState(hintDone);
  useEffect(() => {
    if (used) rememberHintDone();
  }, [used]);
  if (used || dismissed) return null;
  return (
    <span
      className={`flex items-center gap-1 rounded-full border border-night-600 bg-night-800 py-1 pl-3 pr-1 text-xs text-mist-100 shadow-lg transition-opacity sm:hidden ${laneClear ? 'opacity-100' : 'invisible opacity-0'}`}
    >
      Tap + to Create Story
      <button
        type="button"
        aria-label="Dismiss hint"
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
