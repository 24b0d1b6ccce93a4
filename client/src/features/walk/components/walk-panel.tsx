/**
 * Walk mode's status lines (compass line, tour stop, wake lock, why the walk ended, "Found on this walk") and the
 * card of the story within reach, with the others within reach behind it. Loaded when a walk starts
 * (app/lazy-walk-panel.tsx); the toggle is walk-toggle.tsx.
 */
import { ArrowUp, Headphones, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { categoryName } from '#client/lib/i18n/category-words';
import { useT } from '#client/lib/i18n/use-t';
import { moreHereText, nextLine, offlineLine, turnDegrees } from '../lib/walk-rules';
import { bearingDegrees } from '#common/geo';
import type { Walk } from '../hooks/use-walk-mode';

/**
 * Status lines under the toggle. `target`: where to point (a tour's next stop); otherwise the nearest story the
 * last answer still shows locked. `heading`: the device's compass heading (degrees from north) when it has one:
 * the line then says "ahead on your right" and an arrow turns towards the target; else compass points.
 */
export function WalkStatus({
  walk,
  target,
  extra,
  heading = null,
  onOpen,
  offerEnd = false,
}: {
  walk: Walk;
  target?: { label: string; point: Point } | null;
  extra?: string | null;
  heading?: number | null;
  /** Opens a story of "Found on this walk". */
  onOpen: (story: Story) => void;
  /** The walk is done (a tour complete): offer to end it. */
  offerEnd?: boolean;
}) {
  const t = useT();
  const here = walk.position;
  const nearestLocked = walk.stories
    .filter((story) => story.isLocked && story.distance !== null)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))[0];
  // A tour passes its next stop (null once complete); elsewhere the compass points at the nearest locked story.
  const pointTo =
    target !== undefined ? target : nearestLocked ? { label: t('walk.nextWhisper'), point: nearestLocked } : null;
  // Offline: a line saying the position waits, and that the stop reached unlocks once the server has it.
  const offline = offlineLine(
    walk.active && walk.waiting !== null,
    here,
    pointTo?.point ?? null,
    target !== undefined ? 'stop' : 'whisper',
  );
  if (!walk.active && !walk.notice && walk.found.length === 0) return null;
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-1 rounded-xl border border-glow-500/40 bg-glow-500/10 px-3 py-2 text-sm text-mist-100"
    >
      {walk.active && <p className="font-medium">{t('walk.on')}</p>}
      {walk.active && extra && <p className="font-semibold text-glow-200">{extra}</p>}
      {walk.active && here && pointTo && (
        <p className="flex items-center gap-2">
          {heading !== null && (
            <ArrowUp
              aria-hidden
              data-testid="walk-arrow"
              className="h-5 w-5 shrink-0 text-glow-200 transition-transform"
              style={{
                transform: `rotate(${Math.round(turnDegrees(bearingDegrees(here, pointTo.point), heading))}deg)`,
              }}
            />
          )}
          <span data-testid="walk-compass">{nextLine(here, pointTo.point, pointTo.label, heading)}</span>
        </p>
      )}
      {offline && (
        <p data-testid="walk-offline" className="font-medium text-ember-400">
          {offline}
        </p>
      )}
      {walk.active && offerEnd && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 flex-1 text-mist-200">{t('walk.tourDoneOffer')}</p>
          <Button type="button" size="sm" variant="secondary" onClick={() => walk.stop(t('walk.tourDoneEnded'))}>
            {t('walk.endWalk')}
          </Button>
        </div>
      )}
      {walk.notice && <p className="text-mist-300">{walk.notice}</p>}
      {walk.found.length > 0 && (
        <details className="group">
          <summary className="cursor-pointer rounded-md py-1 font-medium text-glow-200">
            {t('walk.foundCount', { count: walk.found.length })}
          </summary>
          <ol className="mt-1 grid gap-1" aria-label={t('walk.found')}>
            {walk.found.map((story, index) => (
              <li key={story.id}>
                <button
                  type="button"
                  onClick={() => onOpen(story)}
                  className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 text-start hover:bg-night-800"
                >
                  <span aria-hidden className="w-5 shrink-0 text-end text-mist-300">
                    {index + 1}.
                  </span>
                  <span className="min-w-0 flex-1 break-words text-mist-100">{story.title}</span>
                  <span className="shrink-0 text-xs text-mist-300">{categoryName(t, story.category)}</span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

/**
 * The card of the story within reach, fixed to the bottom of the screen while walking. `stopOf`: on a tour, the
 * story's "Stop k of n".
 */
export function WalkCard({
  walk,
  onOpen,
  stopOf,
}: {
  walk: Walk;
  onOpen: (story: Story) => void;
  stopOf?: (story: Story) => string | null;
}) {
  const t = useT();
  const cardRef = useRef<HTMLElement>(null);
  const story = walk.current;
  const shown = story !== null;
  // The card covers the bottom of the screen. While it is there, the page's scroll padding keeps what the keyboard
  // focuses scrolled clear above it (WCAG 2.4.11, Focus Not Obscured), and a spacer as tall as the card gives the
  // page the room to scroll its last controls (a tour's last stops) out from under it.
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!shown || !card) return;
    const root = document.documentElement;
    const measure = () => {
      const covered = Math.max(0, Math.ceil(window.innerHeight - card.getBoundingClientRect().top));
      root.style.scrollPaddingBottom = `${covered + 8}px`;
      setRoom(card.offsetHeight + 8);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(card);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);
  if (!story) return null;
  const stop = stopOf?.(story) ?? null;
  // The keyboard's place is kept when the button it is on goes: "Next" on the last queued story hands the focus to
  // "Open" (the card stays, with that story); dismissing the last story (the card goes) hands it to the walk toggle.
  const focusInCard = () => cardRef.current?.contains(document.activeElement) === true;
  const next = () => {
    if (walk.queue.length === 1 && focusInCard())
      cardRef.current?.querySelector<HTMLElement>('[data-walk-open]')?.focus();
    walk.next();
  };
  const dismiss = () => {
    if (walk.queue.length === 0 && focusInCard()) document.querySelector<HTMLElement>('[data-walk-toggle]')?.focus();
    walk.dismiss();
  };
  return (
    <>
      <div aria-hidden style={{ height: room }} />
      <section
        ref={cardRef}
        aria-label={t('walk.whisperFound')}
        aria-live="polite"
        className="fixed inset-x-3 bottom-24 z-40 mx-auto grid max-w-md gap-2 rounded-2xl border border-glow-500/50 bg-night-900/95 p-4 shadow-2xl shadow-black/60 sm:bottom-6"
      >
        <div className="flex items-start gap-3">
          <span aria-hidden className="mt-0.5 rounded-full bg-glow-600/30 p-2 text-glow-200">
            <Headphones className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wide text-glow-300">
              {t('walk.whisperFound')}
              {stop && <span data-testid="walk-card-stop"> · {stop}</span>}
            </p>
            <h2 className="break-words font-display text-lg font-semibold text-mist-100">{story.title}</h2>
            <p className="text-sm text-mist-300">
              {t('walk.cardByline', {
                category: categoryName(t, story.category),
                author: story.author.displayName ?? t('walk.anonymous'),
              })}
              {story.type === 'audio' ? t('walk.playing') : story.type === 'video' ? t('walk.tapOpenVideo') : ''}
            </p>
          </div>
          <button
            type="button"
            aria-label={t('walk.dismiss')}
            onClick={dismiss}
            className="rounded-md p-1 text-mist-300 hover:bg-night-800 hover:text-mist-100"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button data-walk-open="" type="button" size="sm" onClick={() => onOpen(story)}>
            {t('walk.open')}
          </Button>
          {walk.queue.length > 0 && (
            <>
              <span className="text-sm text-mist-200">{moreHereText(walk.queue.length)}</span>
              <Button type="button" size="sm" variant="secondary" onClick={next}>
                {t('walk.next')}
              </Button>
            </>
          )}
        </div>
      </section>
    </>
  );
}
