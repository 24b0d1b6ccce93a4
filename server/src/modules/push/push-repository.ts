/** Every database statement of Web Push: the devices' subscriptions and each user's choice of kinds. */
import { sql } from 'drizzle-orm';
import { PUSH_KINDS, PUSH_LIMITS, type PushKind } from '#common/push';
import type { Database } from '../../db/client';

export interface StoredSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface SubscriptionRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const toSubscription = (row: SubscriptionRow): StoredSubscription => ({
  id: row.id,
  userId: row.user_id,
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
});

export type PushRepository = ReturnType<typeof createPushRepository>;

export function createPushRepository(database: Database) {
  return {
    /**
     * Saves a device's subscription for this user. The endpoint names one device: subscribing it again (new keys,
     * or another account signed in on that device) moves it to this user. Past the per-user cap the oldest goes.
     * The row belongs to the session that subscribed it: when that session ends, the row goes with it (a foreign
     * key, so every way a session ends does it; docs/decisions/049-push-bound-to-session-and-counted-in-the-database.md).
     */
    async save(
      userId: string,
      subscription: { endpoint: string; p256dh: string; auth: string },
      sessionId: string | null,
    ): Promise<void> {
      await database.transaction(async (tx) => {
        await tx.query(sql`
          INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, session_id)
          VALUES (${userId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${sessionId})
          ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
            auth = EXCLUDED.auth, session_id = EXCLUDED.session_id, consecutive_failures = 0, created_at = now()`);
        await tx.query(sql`
          DELETE FROM push_subscriptions WHERE id IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${userId}
            ORDER BY created_at DESC, id DESC OFFSET ${PUSH_LIMITS.devicesPerUser})`);
      });
    },

    /** Removes this user's subscription of a device; false when the user had none with that endpoint. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const rows = await database.query(sql`
        DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`);
      return rows.length > 0;
    },

    /** Whether this user has this device subscribed. */
    async has(userId: string, endpoint: string): Promise<boolean> {
      const rows = await database.query(sql`
        SELECT 1 FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
      return rows.length > 0;
    },

    /** A subscription the push service says is gone (404/410). */
    async removeById(id: string): Promise<void> {
      await database.query(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
    },

    /**
     * One more delivery in a row failed: counted in the row (every instance counts toward the one limit, and a
     * restart forgets nothing); the row is deleted in the same transaction when the count reaches `limit`. The
     * UPDATE locks the row, so two instances failing at once count twice. Returns the count, or null when the row
     * is gone (deleted now or before).
     */
    async deliveryFailed(id: string, limit: number): Promise<{ failures: number; dropped: boolean } | null> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ failures: number }>(sql`
          UPDATE push_subscriptions SET consecutive_failures = consecutive_failures + 1
          WHERE id = ${id} RETURNING consecutive_failures AS failures`);
        if (!row) return null;
        const failures = Number(row.failures);
        if (failures < limit) return { failures, dropped: false };
        await tx.query(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
        return { failures, dropped: true };
      });
    },

    /** A delivery went through: the count of failures in a row starts again (no write when it is already 0). */
    async deliverySucceeded(id: string): Promise<void> {
      await database.query(sql`
        UPDATE push_subscriptions SET consecutive_failures = 0 WHERE id = ${id} AND consecutive_failures <> 0`);
    },

    /**
     * The devices of a user that want this kind (none when the user turned the kind off), and the language the
     * user chose (their account's, which the interface's switcher sets).
     */
    async recipients(userId: string, kind: PushKind): Promise<{ devices: StoredSubscription[]; language: string }> {
      const rows = await database.query<SubscriptionRow & { language: string }>(sql`
        SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, u.language FROM push_subscriptions s
        JOIN users u ON u.id = s.user_id
        LEFT JOIN push_preferences p ON p.user_id = s.user_id
        WHERE s.user_id = ${userId} AND (p.user_id IS NULL OR ${kind} = ANY (p.kinds))`);
      return { devices: rows.map(toSubscription), language: rows[0]?.language ?? 'en' };
    },

    async preferences(userId: string): Promise<PushKind[]> {
      const [row] = await database.query<{ kinds: string[] }>(
        sql`SELECT kinds FROM push_preferences WHERE user_id = ${userId}`,
      );
      if (!row) return [...PUSH_KINDS];
      return PUSH_KINDS.filter((kind) => row.kinds.includes(kind));
    },

    async setPreferences(userId: string, kinds: PushKind[]): Promise<void> {
      await database.query(sql`
        INSERT INTO push_preferences (user_id, kinds) VALUES (${userId}, ${sql.param(kinds)})
        ON CONFLICT (user_id) DO UPDATE SET kinds = EXCLUDED.kinds, updated_at = now()`);
    },
  };
}
