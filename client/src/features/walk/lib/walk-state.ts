/** Walk mode's state, shared by the page's hook (../hooks/use-walk-mode.ts) and the engine (walk-engine.ts). */
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';

export interface WalkState {
  active: boolean;
  /** The story on the bottom card: the one within reach, once the server has unlocked it. */
  current: Story | null;
  /** The other stories within reach that the card has not shown yet ("2 more whispers here"). */
  queue: Story[];
  /** Every story this walk found, in the order found ("Found on this walk"). */
  found: Story[];
  /** The walker's latest position and the last answer (for the compass line). */
  position: Point | null;
  /**
   * The last position sent to the server, and its accuracy: at most one every 5 s, 10 m apart. The home screen's
   * own reads follow it while walking, and share this very answer (the same query key).
   */
  sent: { at: Point; accuracy: number | null } | null;
  stories: Story[];
  /**
   * The latest position waiting to be sent: the browser is offline (or the last read was lost). It goes when the
   * signal returns; only the server unlocks (docs/decisions/053-walk-mode-offline.md).
   */
  waiting: Point | null;
  /** A line about the screen wake lock (unsupported), or why the walk ended. */
  notice: string | null;
}

export const IDLE_WALK: WalkState = {
  active: false,
  current: null,
  queue: [],
  found: [],
  position: null,
  sent: null,
  stories: [],
  waiting: null,
  notice: null,
};
