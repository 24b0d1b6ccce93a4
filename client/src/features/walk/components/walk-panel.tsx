/**
 * Walk mode's status lines (compass line, tour stop, wake lock, why the walk ended, "Found on this walk") and the
 * card of the story within reach, with the others within reach behind it. Loaded when a walk starts
 * (app/lazy-walk-panel.tsx); the toggle is walk-toggle.tsx.
 */
import { ArrowUp, Headphones, X } from 'lucide-react';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { moreHereText, nextLine, offlineLine, turnDegrees, WALK_TEXTS } from '../lib/walk-rules';
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
  const here = walk.position;
  const nearestLocked = walk.stories
    .filter((story) => story.isLocked && story.distance !== null)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))[0];
  // A tour passes its next stop (null once complete); elsewhere the compass points at the nearest locked story.
  const pointTo =
    target !== undefined ? target : nearestLocked ? { label: 'Next whisper', point: nearestLocked } : null;
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
      {walk.active && <p className="font-medium">{WALK_TEXTS.on}</p>}
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
          <p className="min-w-0 flex-1 text-mist-200">{WALK_TEXTS.tourDoneOffer}</p>
          <Button type="button" size="sm" variant="secondary" onClick={() => walk.stop(WALK_TEXTS.tourDoneEnded)}>
            {WALK_TEXTS.endWalk}
          </Button>
        </div>
      )}
      {walk.notice && <p className="text-mist-300">{walk.notice}</p>}
      {walk.found.length > 0 && (
        <details className="group">
          <summary className="cursor-pointer rounded-md py-1 font-medium text-glow-200">
            {WALK_TEXTS.found} ({walk.found.length})
          </summary>
          <ol className="mt-1 grid gap-1" aria-label={WALK_TEXTS.found}>
            {walk.found.map((story, index) => (
              <li key={story.id}>
                <button
                  type="button"
                  onClick={() => onOpen(story)}
                  className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-night-800"
                >
                  <span aria-hidden className="w-5 shrink-0 text-right text-mist-300">
                    {index + 1}.
                  </span>
                  <span className="min-w-0 flex-1 break-words text-mist-100">{story.title}</span>
                  <span className="shrink-0 text-xs text-mist-300">{story.category}</span>
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
  const story = walk.current;
  if (!story) return null;
  const stop = stopOf?.(story) ?? null;
  return (
    <section
      aria-label="Whisper found"
      aria-live="polite"
      className="fixed inset-x-3 bottom-24 z-40 mx-auto grid max-w-md gap-2 rounded-2xl border border-glow-500/50 bg-night-900/95 p-4 shadow-2xl shadow-black/60 sm:bottom-6"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden className="mt-0.5 rounded-full bg-glow-600/30 p-2 text-glow-200">
          <Headphones className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium uppercase tracking-wide text-glow-300">
            Whisper found{stop && <span data-testid="walk-card-stop"> · {stop}</span>}
          </p>
          <h2 className="break-words font-display text-lg font-semibold text-mist-100">{story.title}</h2>
          <p className="text-sm text-mist-300">
            {story.category} · by {story.author.displayName ?? 'Anonymous'}
            {story.type === 'audio' ? ' · playing' : story.type === 'video' ? ' · tap Open to play the video' : ''}
          </p>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={walk.dismiss}
          className="rounded-md p-1 text-mist-300 hover:bg-night-800 hover:text-mist-100"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" onClick={() => onOpen(story)}>
          Open
        </Button>
        {walk.queue.length > 0 && (
          <>
            <span className="text-sm text-mist-200">{moreHereText(walk.queue.length)}</span>
            <Button type="button" size="sm" variant="secondary" onClick={walk.next}>
              Next
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
