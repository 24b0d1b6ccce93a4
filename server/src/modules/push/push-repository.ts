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
     */
    async save(userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
      await database.transaction(async (tx) => {
        await tx.query(sql`
          INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
          VALUES (${userId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth})
          ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
            auth = EXCLUDED.auth, created_at = now()`);
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

    /** The devices of a user that want this kind (none when the user turned the kind off). */
    async recipients(userId: string, kind: PushKind): Promise<StoredSubscription[]> {
      const rows = await database.query<SubscriptionRow>(sql`
        SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s
        LEFT JOIN push_preferences p ON p.user_id = s.user_id
        WHERE s.user_id = ${userId} AND (p.user_id IS NULL OR ${kind} = ANY (p.kinds))`);
      return rows.map(toSubscription);
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
