/**
 * Story media whose row never made it (docs/design.md, rules 3-4: "no orphan files after a failure"). Creating a story stores its
 * files first and removes them again when anything fails before the row is inserted (create-service.ts); only a
 * process that dies in between can leave files behind. This sweep, run once at start, removes such files — and
 * any interrupted `.partial` write — once they are older than a grace period, so an upload still in flight on
 * another instance is never touched.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { MediaStore } from './media-store';

/** Far longer than any upload takes, so only abandoned files qualify. */
export const ORPHAN_MEDIA_GRACE_MS = 60 * 60 * 1000;

const STORY_FOLDER_KEY = /^stories\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/;

/** Removes the orphaned media files older than `grace`; returns their keys. */
export async function sweepOrphanMedia(deps: {
  store: MediaStore;
  database: Database;
  now?: Date;
  graceMs?: number;
}): Promise<string[]> {
  const cutoff = (deps.now ?? new Date()).getTime() - (deps.graceMs ?? ORPHAN_MEDIA_GRACE_MS);
  const candidates: { key: string; storyId: string }[] = [];
  for await (const object of deps.store.list('stories/')) {
    const match = STORY_FOLDER_KEY.exec(object.key);
    if (match && object.modifiedAt.getTime() < cutoff) candidates.push({ key: object.key, storyId: match[1]! });
  }
  if (candidates.length === 0) return [];

  const ids = [...new Set(candidates.map((c) => c.storyId))];
  const existing = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000);
    const rows = await deps.database.query<{ id: string }>(
      sql`SELECT id::text AS id FROM stories WHERE id = ANY(${`{${batch.join(',')}}`}::uuid[])`,
    );
    for (const row of rows) existing.add(row.id);
  }

  const orphans = candidates.filter((c) => !existing.has(c.storyId) || c.key.endsWith('.partial')).map((c) => c.key);
  for (const key of orphans) await deps.store.delete(key);
  return orphans;
}
