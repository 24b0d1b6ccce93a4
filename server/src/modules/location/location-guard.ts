/**
 * Applies the claim rules (claim-rules.ts) to story reads and story creation with the short-lived
 * ReaderClaimStore. A read asks for a gate once, runs every story's ordinary lock through `gate.decide` BEFORE
 * any content is attached (story-view.ts), then `gate.commit()` records what was newly unlocked: in the budget
 * window and, for a signed-in reader, in the persistent `unlocks` table that likes and reports require.
 *
 * Usage (read-service.ts):
 *   const gate = await guard.gate({ userId, ip }, { position, accuracy });
 *   const views = records.map((r) => toStoryView(r, …, { …, gate }));
 *   await gate.commit();
 */
import { LOCATION_CLAIM } from '#common/constants';
import { haversineMetres, type Point } from '#common/geo';
import type { LockState } from '#common/locks';
import { badRequest } from '../../lib/http-errors';
import { addressKey } from '../../lib/client-address';
import {
  budgetVerdict,
  judgeClaim,
  readerKey,
  type Claim,
  type ClaimJudgement,
  type ClaimRefusal,
} from './claim-rules';
import { CLAIM_STATE_TTL_MS, type ReaderClaimStore } from './reader-claim-store';

const LOCATION_MESSAGES = {
  PIN_TOO_FAR: `A story can be placed at most ${LOCATION_CLAIM.pinMoveM} m from where you are. Move the pin closer and try again.`,
  TRAVEL:
    'Your location changed faster than anyone can travel. Creating and unlocking stories is paused for 15 minutes.',
} as const;

export interface ReaderIdentity {
  userId: string | null;
  /** The client address (request.ip); used for visitors only. */
  ip: string;
  /** A signed-out browser's own reader id (its reader cookie, reader-cookies.ts); null: the address's state. */
  readerId?: string | null;
}

export interface UnlockGate {
  /** Why nothing unlocks for this read, or null when the claim was accepted. */
  readonly refusal: ClaimRefusal | null;
  /** The story's final lock for this reader: its ordinary lock, then the claim and the unlock budget. */
  decide(story: { id: string; authorId: string }, lock: LockState): LockState;
  /** Records the stories this read newly unlocked (budget window, and `unlocks` for a signed-in reader). */
  commit(): Promise<void>;
}

/** Writes the persistent record of what a user has unlocked (unlock-repository.ts). */
export interface UnlockRecorder {
  record(userId: string, storyIds: readonly string[]): Promise<void>;
}

export interface LocationGuardDeps {
  store: ReaderClaimStore;
  budgets: { visitor: number; user: number };
  unlocks?: UnlockRecorder;
  /** Clock in epoch ms (tests inject one). */
  now?: () => number;
}

export type LocationGuard = ReturnType<typeof createLocationGuard>;

export function createLocationGuard(deps: LocationGuardDeps) {
  const now = deps.now ?? Date.now;

  /** Judges the claim and stores the outcome: an accepted position, or a new travel refusal. */
  async function judge(key: string, claim: Claim, at: number) {
    const state = await deps.store.getState(key);
    const judgement = judgeClaim(state, claim, at);
    if (judgement.accepted) {
      await deps.store.setState(key, { last: judgement.accepted, refusedUntil: null }, CLAIM_STATE_TTL_MS);
    } else if (judgement.refuseUntil !== null) {
      // The refused claim does not replace the last accepted position; the refusal outlives it if need be.
      const ttl = Math.max(CLAIM_STATE_TTL_MS, judgement.refuseUntil - at);
      await deps.store.setState(key, { last: state.last, refusedUntil: judgement.refuseUntil }, ttl);
    }
    return { state, judgement };
  }

  /**
   * A cookie reader's outcome is mirrored onto its address's state, which only requests WITHOUT a reader cookie
   * are judged by: dropping the cookie then meets the reader's last position and any travel refusal it earned
   * (docs/design.md, rule 15). The address's own refusal is kept; its last position is only ever an accepted one.
   */
  async function mirrorToAddress(ip: string, judgement: ClaimJudgement) {
    if (!judgement.accepted && judgement.refuseUntil === null) return;
    const key = addressKey(ip);
    const state = await deps.store.getState(key);
    const refusedUntil = Math.max(state.refusedUntil ?? 0, judgement.refuseUntil ?? 0) || null;
    const ttl = Math.max(CLAIM_STATE_TTL_MS, (refusedUntil ?? 0) - now());
    await deps.store.setState(key, { last: judgement.accepted ?? state.last, refusedUntil }, ttl);
  }

  return {
    async gate(identity: ReaderIdentity, claim: Claim): Promise<UnlockGate> {
      if (claim.fromAnotherSite) return notAClaim(identity);
      const readerId = identity.userId ? null : (identity.readerId ?? null);
      const key = readerKey(identity.userId, identity.ip, readerId);
      const at = now();
      const { judgement } = await judge(key, claim, at);
      if (readerId) await mirrorToAddress(identity.ip, judgement);
      const refusal = judgement.refusal;
      const budget = identity.userId ? deps.budgets.user : deps.budgets.visitor;
      const recent = refusal ? new Set<string>() : await deps.store.recentUnlocks(key, LOCATION_CLAIM.budgetWindowMs);
      const fresh: string[] = [];

      return {
        refusal,
        decide(story, lock) {
          // The author always sees their own story (docs/design.md, rule 3); it never counts against the budget.
          if (identity.userId !== null && story.authorId === identity.userId) return lock;
          if (refusal) return { isLocked: true, lockReason: refusal };
          if (lock.isLocked) return lock;
          const verdict = budgetVerdict(story.id, recent, fresh, budget);
          if (verdict === 'over') return { isLocked: true, lockReason: 'budget' };
          if (verdict === 'fresh') fresh.push(story.id);
          return lock;
        },
        async commit() {
          if (fresh.length === 0) return;
          await deps.store.addUnlocks(key, fresh, LOCATION_CLAIM.budgetWindowMs);
          if (identity.userId && deps.unlocks) await deps.unlocks.record(identity.userId, fresh);
        },
      };
    },

    /**
     * Whether the story was unlocked for this reader within the unlock-budget window: a signed-out reader's only
     * record of an unlock (signed-in readers have the `unlocks` table). Used by the insights events (docs/decisions/018-insights-counts-not-readers.md).
     */
    async recentlyUnlocked(identity: ReaderIdentity, storyId: string): Promise<boolean> {
      const recent = await deps.store.recentUnlocks(
        readerKey(identity.userId, identity.ip, identity.userId ? null : (identity.readerId ?? null)),
        LOCATION_CLAIM.budgetWindowMs,
      );
      return recent.has(storyId);
    },

    /**
     * A new reader (a reader cookie just issued) starts with its address's running travel refusal, so a refused
     * reader cannot shed the refusal by throwing its cookie away and taking a new one. Not the address's last
     * position: a stranger's read elsewhere behind the same address must not lock a newcomer (docs/design.md, rule 15).
     */
    async startReader(readerId: string, ip: string): Promise<void> {
      const state = await deps.store.getState(addressKey(ip));
      const at = now();
      if (state.refusedUntil === null || at >= state.refusedUntil) return;
      const ttl = Math.max(CLAIM_STATE_TTL_MS, state.refusedUntil - at);
      await deps.store.setState(readerKey(null, ip, readerId), { last: null, refusedUntil: state.refusedUntil }, ttl);
    },

    /**
     * The signed-in user's last accepted position while the claim store still keeps it (an hour at most), else
     * null. Read, never written: the follow digest rounds a distance from it (docs/decisions/046-follows-daily-digest.md).
     */
    async lastAcceptedPosition(userId: string): Promise<Point | null> {
      const state = await deps.store.getState(readerKey(userId, ''));
      return state.last ? { latitude: state.last.latitude, longitude: state.last.longitude } : null;
    },

    /**
     * A new story's point is the author's position claim. With an accepted position from the last 10 minutes
     * the point may lie up to 200 m from it (the author moved the pin); otherwise the point itself is judged
     * (travel rule) and, when plausible, becomes the last accepted position. Refusals are 400s.
     */
    async checkPlacement(userId: string, point: Point): Promise<void> {
      const key = readerKey(userId, '');
      const at = now();
      const state = await deps.store.getState(key);
      if (state.refusedUntil !== null && at < state.refusedUntil) throw badRequest(LOCATION_MESSAGES.TRAVEL);
      if (state.last && at - state.last.at <= LOCATION_CLAIM.pinFixMaxAgeMs) {
        if (haversineMetres(state.last, point) > LOCATION_CLAIM.pinMoveM)
          throw badRequest(LOCATION_MESSAGES.PIN_TOO_FAR);
        return;
      }
      const { judgement } = await judge(key, { position: point }, at);
      if (judgement.refusal) throw badRequest(LOCATION_MESSAGES.TRAVEL);
    },
  };
}

/** The gate of a read that is no position claim: nothing unlocks (the author still sees their own), nothing is stored. */
function notAClaim(identity: ReaderIdentity): UnlockGate {
  return {
    refusal: 'location',
    decide(story, lock) {
      if (identity.userId !== null && story.authorId === identity.userId) return lock;
      return { isLocked: true, lockReason: 'location' };
    },
    async commit() {},
  };
}
