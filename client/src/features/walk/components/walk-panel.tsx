/**
 * Walk mode's status lines (compass line, tour stop, wake lock, why the walk ended) and the card of the story the
 * server just unlocked, with the queue behind it (issue 25). Loaded when a walk starts (app/lazy-walk-panel.tsx); the
 * toggle is walk-toggle.tsx.
 */
import { ArrowUp, Headphones, X } from 'lucide-react';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { Button } from '#client/components/ui/button';
import { moreHereText, nextLine, turnDegrees, WALK_TEXTS } from '../lib/walk-rules';
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
}: {
  walk: Walk;
  target?: { label: string; point: Point } | null;
  extra?: string | null;
  heading?: number | null;
}) {
  const here = walk.position;
  const nearestLocked = walk.stories
    .filter((story) => story.isLocked && story.distance !== null)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))[0];
  // A tour passes its next stop (null once complete); elsewhere the compass points at the nearest locked story.
  const pointTo = target !== undefined ? target : nearestLocked ? { label: 'Next whisper', point: nearestLocked } : null;
  if (!walk.active && !walk.notice) return null;
  return (
    <div role="status" className="grid gap-1 rounded-xl border border-glow-500/40 bg-glow-500/10 px-3 py-2 text-sm text-mist-100">
      {walk.active && <p className="font-medium">{WALK_TEXTS.on}</p>}
      {walk.active && extra && <p className="font-semibold text-glow-200">{extra}</p>}
      {walk.active && here && pointTo && (
        <p className="flex items-center gap-2">
          {heading !== null && (
            <ArrowUp
              aria-hidden
              data-testid="walk-arrow"
              className="h-5 w-5 shrink-0 text-glow-200 transition-transform"
              style={{ transform: `rotate(${Math.round(turnDegrees(bearingDegrees(here, pointTo.point), heading))}deg)` }}
            />
          )}
          <span data-testid="walk-compass">{nextLine(here, pointTo.point, pointTo.label, heading)}</span>
        </p>
      )}
      {walk.notice && <p className="text-mist-300">{walk.notice}</p>}
    </div>
  );
}

/** The card of the story just unlocked, fixed to the bottom of the screen while walking. */
export function WalkCard({ walk, onOpen }: { walk: Walk; onOpen: (story: Story) => void }) {
  const story = walk.current;
  if (!story) return null;
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
          <p className="text-xs font-medium uppercase tracking-wide text-glow-300">Whisper found</p>
          <h2 className="truncate font-display text-lg font-semibold text-mist-100">{story.title}</h2>
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
