/**
 * The discovery list's unlock status line (docs/design.md, part 4), the one place its text and colour are decided.
 *
 * The texts follow the story's time restriction: "Unlocks {start} - {end}" / "Available now ({start} - {end})"
 * (windows may cross midnight), "Unlocks during {weather} weather", "Available in {season}", "Always available".
 * The colour says whether the reader can open the story now, and the server decides that (docs/design.md, rule 3):
 * green only when the server sent the story unlocked, yellow when it is locked (by its time window or because
 * the reader is too far away), blue for a weather lock, orange for a season lock.
 *
 * Time windows are read in the story's local time (as the server evaluates them, docs/design.md, rule 4); the caller
 * passes the minutes since the story's local midnight. When the server evaluated the window (the reader is within
 * unlock reach, or is the author) its verdict wins over the client's clock.
 */
import { isWithinWindow, parseHHMM } from './locks';
import type { Story } from './schemas';
import { ALWAYS_AVAILABLE, availableNowText, timeLockText, timeWindowText } from './time-lock-text';
import { LOCK_KINDS, type LockField, type LockStatus } from './lock-kinds';

type DiscoveryStatusKind = 'unlocked' | 'locked' | LockStatus['kind'] | 'available';
export type DiscoveryColour = 'green' | 'yellow' | LockStatus['colour'];

export interface DiscoveryStatus {
  kind: DiscoveryStatusKind;
  text: string;
  colour: DiscoveryColour;
  /** True only when the server sent the story unlocked for this reader. */
  open: boolean;
}

export type DiscoveryStatusStory = Pick<Story, 'timeRestriction' | LockField | 'isLocked' | 'lockReason'>;

/** The four colours with what each means, for the legend. */
export const DISCOVERY_STATUS_LEGEND: readonly { colour: DiscoveryColour; label: string }[] = [
  { colour: 'green', label: 'Unlocked: available to you now' },
  { colour: 'yellow', label: 'Locked: outside its time window, or travel required' },
  { colour: 'blue', label: 'Weather lock: unlocks in certain weather' },
  { colour: 'orange', label: 'Season lock: available in one season' },
];

/**
 * @param localMinutes minutes since midnight in the story's local time zone, or null when unknown (the window is
 *   then judged by the server's verdict alone).
 */
export function discoveryStatus(story: DiscoveryStatusStory, localMinutes: number | null): DiscoveryStatus {
  const open = !story.isLocked;
  // A locked story is never green, whatever its time rule says: the server's verdict decides the colour.
  const greenIfOpen: DiscoveryColour = open ? 'green' : 'yellow';

  // The sentences themselves are written once, in time-lock-text.ts.
  const lockText = timeLockText(story);
  const window = timeWindowText(story);
  if (story.timeRestriction === 'time_of_day' && window && lockText) {
    const start = parseHHMM(story.unlockStartTime);
    const end = parseHHMM(story.unlockEndTime);
    if (start !== null && end !== null) {
      const windowOpen = windowIsOpen(story, start, end, localMinutes);
      return windowOpen
        ? { kind: 'unlocked', text: availableNowText(window), colour: greenIfOpen, open }
        : { kind: 'locked', text: lockText, colour: 'yellow', open };
    }
  }
  // Any other kind's line and colour are its entry's (common/lock-kinds.ts): blue for weather, orange for season.
  const status = LOCK_KINDS[story.timeRestriction].status;
  if (status && lockText) return { kind: status.kind, text: lockText, colour: status.colour, open };
  return { kind: 'available', text: ALWAYS_AVAILABLE, colour: greenIfOpen, open };
}

/**
 * Is the time window open? The server's answer when it gave one: a story it sent unlocked is open (the reader is
 * close, or its author), one it locked for its time window is closed. Otherwise (locked by distance) the window
 * is checked against the story's local clock, as the server will check it once the reader arrives.
 */
function windowIsOpen(story: DiscoveryStatusStory, start: number, end: number, localMinutes: number | null): boolean {
  if (!story.isLocked) return true;
  if (story.lockReason === 'time_of_day') return false;
  if (localMinutes === null) return false;
  return isWithinWindow(localMinutes, start, end);
}
