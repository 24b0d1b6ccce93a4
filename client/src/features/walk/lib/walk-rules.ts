/**
 * Walk mode's pure rules (docs/decisions/016-walk-mode-and-tours.md, docs/design.md, rule 17 "walk mode plays, it never unlocks"): when a position
 * is worth sending, which stories the server's answer newly unlocked for this walk, and the compass line.
 */
import { UNLOCK_RADIUS_M } from '#common/constants';
import { bearingDegrees, haversineMetres, type Point } from '#common/geo';
import { compassDirection, formatDistance } from '#common/notifications';
import type { Story } from '#common/schemas';
import { currentLocale, translate } from '#client/lib/i18n/i18n';
import { formatDistanceFor } from '#client/lib/i18n/format';
import type { MessageId } from '#client/lib/i18n/message-ids';

export const WALK = {
  /** Positions go to the server at most this often… */
  sendEveryMs: 5_000,
  /** …and only once the walker has moved this far since the last one sent (battery). */
  minMoveM: 10,
  /** Walk mode ends by itself after this long without movement. */
  idleEndMs: 60 * 60_000,
  /** A position waiting for the signal is tried again this often while the browser says it is online. */
  retryMs: 10_000,
} as const;

import { WALK_TEXTS } from './walk-texts';

export { WALK_TEXTS };

/** Whether a new fix should go to the server now: the first always; later ones after 10 m and 5 s. */
export function shouldSend(last: { at: Point; time: number } | null, next: Point, now: number): 'now' | 'later' | 'no' {
  if (!last) return 'now';
  if (haversineMetres(last.at, next) < WALK.minMoveM) return 'no';
  return now - last.time >= WALK.sendEveryMs ? 'now' : 'later';
}

/**
 * The stories within reach of the walker that the server shows unlocked, nearest first: what walk mode presents.
 * A story unlocked earlier but now far away is not within reach; the walker's own stories (always open to their
 * author) never are.
 */
export function withinReach(stories: readonly Story[], me: string | null): Story[] {
  return stories
    .filter(
      (story) =>
        !story.isLocked && story.authorId !== me && story.distance !== null && story.distance <= UNLOCK_RADIUS_M,
    )
    .sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
}

/**
 * The card after an answer. The story on the card stays while it is within reach, with the others within reach
 * that it has not shown queued behind it. Once it is out of reach it steps aside for the nearest story within reach
 * that the card has not shown yet (it stays in "Found on this walk"); with none, it stays where it is.
 * `changed`: the card shows a different story (which then plays).
 */
export function cardAfterAnswer(
  current: Story | null,
  reachable: readonly Story[],
  shown: ReadonlySet<string>,
): { current: Story | null; queue: Story[]; changed: boolean } {
  const stillHere = current ? reachable.find((story) => story.id === current.id) : undefined;
  const unseen = reachable.filter((story) => !shown.has(story.id) && story.id !== current?.id);
  if (stillHere) return { current: stillHere, queue: unseen, changed: false };
  const [nearest, ...rest] = unseen;
  if (nearest) return { current: nearest, queue: rest, changed: true };
  return { current, queue: [], changed: false };
}

/** A tour's auto-end: once it is complete, walk mode ends by itself this long after (the last audio plays on). */
export const TOUR_DONE_END_MS = 2 * 60_000;

/** The turn from the walker's heading to a bearing, in (-180, 180]: positive to the right. */
export function turnDegrees(bearing: number, heading: number): number {
  const turn = (((bearing - heading) % 360) + 360) % 360;
  return turn > 180 ? turn - 360 : turn;
}

/**
 * Where a bearing lies for a walker facing `heading` (degrees from north), in eight sectors of 45°: "straight
 * ahead", "ahead on your right", "on your right", "behind you on the right", "behind you", and the left ones.
 */
export function relativeDirection(bearing: number, heading: number): string {
  const turn = turnDegrees(bearing, heading);
  const right = turn > 0;
  const size = Math.abs(turn);
  if (size <= 22.5) return translate('walk.straightAhead');
  if (size <= 67.5) return translate(right ? 'walk.aheadRight' : 'walk.aheadLeft');
  if (size <= 112.5) return translate(right ? 'walk.onRight' : 'walk.onLeft');
  if (size <= 157.5) return translate(right ? 'walk.behindRight' : 'walk.behindLeft');
  return translate('walk.behind');
}

/**
 * "Next whisper: 230 m north-east" (or "Next stop: …" in a tour). With the device's compass heading the
 * direction is said from where the walker faces: "Next whisper: 230 m ahead on your right".
 */
export function nextLine(
  from: Point,
  target: Point,
  label = translate('walk.nextWhisper'),
  heading: number | null = null,
): string {
  const direction =
    heading === null
      ? translate(`walk.dir.${compassDirection(from, target)}` as MessageId)
      : relativeDirection(bearingDegrees(from, target), heading);
  const metres = haversineMetres(from, target);
  const distance = currentLocale() === 'en' ? formatDistance(metres) : formatDistanceFor(metres);
  return translate('walk.nextLine', { label, distance, direction });
}

/** "2 more whispers here" / "1 more whisper here". */
export const moreHereText = (count: number) => translate('walk.moreHere', { count });

/**
 * The walk's line while a position waits for the signal (docs/decisions/053-walk-mode-offline.md): at the next
 * stop (or whisper) it says that it unlocks once back online — only the server's answer unlocks it, never this
 * line — and elsewhere that the position will be sent then. Null while nothing waits.
 */
export function offlineLine(
  waiting: boolean,
  here: Point | null,
  target: Point | null,
  kind: 'stop' | 'whisper',
): string | null {
  if (!waiting) return null;
  if (here && target && haversineMetres(here, target) <= UNLOCK_RADIUS_M)
    return kind === 'stop' ? WALK_TEXTS.offlineStop : WALK_TEXTS.offlineWhisper;
  return WALK_TEXTS.offlineWaiting;
}
