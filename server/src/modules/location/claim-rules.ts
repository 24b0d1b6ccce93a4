/**
 * A reader's position is a claim (docs/design.md, rule 11, docs/security.md, "Location: a position is a claim"). These pure rules decide whether a claim may
 * unlock anything; location-guard.ts applies them with the short-lived ReaderClaimStore. No browser can prove
 * where it is, so the rules make cheating slow, visible and bounded — they are not a proof of presence.
 *
 * Order of the checks (the first that fails names the refusal):
 * 1. no position                        → "location" (an unknown place never unlocks);
 * 2. an impossible jump in the last 15 min → "travel" (every read is refused until it ends);
 * 3. accuracy worse than 100 m           → "accuracy" (protects an honest reader from a bad fix; not a defence,
 *                                           so a poor fix is neither checked for travel nor remembered);
 * 4. farther from the last accepted position than 2 km + 300 km/h × elapsed → "travel", and the 15 minutes start.
 * Only a claim that passes all four becomes the last accepted position.
 */
import { LOCATION_CLAIM } from '#common/constants';
import { haversineMetres, type Point } from '#common/geo';
import { addressKey } from '../../lib/client-address';

export type ClaimRefusal = 'location' | 'travel' | 'accuracy';

export interface Claim {
  position: Point | null;
  /** Metres (the Geolocation fix's accuracy); absent: judged by the other rules alone. */
  accuracy?: number | null;
  /**
   * Another site made the browser send this read (an `<img>`, a link): the position is not the reader's claim.
   * The read is answered, but it is never judged — no travel state, no unlock, no budget use (docs/security.md, "Hardening, third round").
   */
  fromAnotherSite?: boolean;
}

/** The last accepted position and when (epoch ms). */
export interface AcceptedPosition extends Point {
  at: number;
}

export interface ReaderClaimState {
  last: AcceptedPosition | null;
  /** Epoch ms until which every claim is refused for impossible travel, or null. */
  refusedUntil: number | null;
}

export interface ClaimJudgement {
  /** Why nothing may unlock for this claim, or null when it is accepted. */
  refusal: ClaimRefusal | null;
  /** The new last accepted position to store (only when accepted). */
  accepted: AcceptedPosition | null;
  /** A new travel refusal to store (only when this claim made an impossible jump). */
  refuseUntil: number | null;
}

/** The farthest a reader can plausibly have moved in `elapsedMs`: 2 km + 300 km/h × elapsed. */
export function plausibleTravelMetres(elapsedMs: number): number {
  const metresPerMs = (LOCATION_CLAIM.maxSpeedKmh * 1000) / 3_600_000;
  return LOCATION_CLAIM.travelSlackM + metresPerMs * Math.max(0, elapsedMs);
}

export function isImpossibleTravel(from: AcceptedPosition, to: Point, now: number): boolean {
  return haversineMetres(from, to) > plausibleTravelMetres(now - from.at);
}

export function judgeClaim(state: ReaderClaimState, claim: Claim, now: number): ClaimJudgement {
  const refuse = (refusal: ClaimRefusal, refuseUntil: number | null = null): ClaimJudgement => ({
    refusal,
    accepted: null,
    refuseUntil,
  });
  if (!claim.position) return refuse('location');
  if (state.refusedUntil !== null && now < state.refusedUntil) return refuse('travel');
  if (claim.accuracy !== undefined && claim.accuracy !== null && !(claim.accuracy <= LOCATION_CLAIM.maxAccuracyM)) {
    return refuse('accuracy');
  }
  if (state.last && isImpossibleTravel(state.last, claim.position, now)) {
    return refuse('travel', now + LOCATION_CLAIM.travelRefusalMs);
  }
  return { refusal: null, accepted: { ...claim.position, at: now }, refuseUntil: null };
}

export type BudgetVerdict = 'recent' | 'fresh' | 'over';

/**
 * The unlock budget: at most `budget` distinct stories newly unlocked per sliding window. For a story that every
 * other rule would unlock (the reader's own stories are left out by the caller): "recent" when it was already
 * unlocked in the window or earlier in this answer (no new count), "fresh" when the budget still has room (the
 * caller adds it to `fresh`), "over" past the budget.
 */
export function budgetVerdict(
  id: string,
  recent: Pick<ReadonlySet<string>, 'has' | 'size'>,
  fresh: readonly string[],
  budget: number,
): BudgetVerdict {
  if (recent.has(id) || fresh.includes(id)) return 'recent';
  return recent.size + fresh.length < budget ? 'fresh' : 'over';
}

/**
 * Who a claim belongs to: the signed-in user, else the signed-out browser's reader cookie (reader-cookies.ts),
 * else the client address (IPv6 by its /64: lib/client-address.ts, the same rule as every request limit).
 */
export function readerKey(userId: string | null, ip: string, readerId: string | null = null): string {
  if (userId) return `user:${userId}`;
  return readerId ? `reader:${readerId}` : addressKey(ip);
}
