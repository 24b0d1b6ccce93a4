/**
 * Removes the files of deleted stories (their folder `stories/<id>/` in the MediaStore). Called after the rows
 * are gone and committed: a file that cannot be removed now never brings a row back; it is logged and the
 * orphan sweep (orphan-media.ts) removes it at the next start.
 */
import type { MediaStore } from './media-store';

export async function removeStoryMedia(
  store: MediaStore,
  storyIds: readonly string[],
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  for (const storyId of storyIds) {
    try {
      const keys: string[] = [];
      for await (const object of store.list(`stories/${storyId}/`)) keys.push(object.key);
      await Promise.all(keys.map((key) => store.delete(key)));
    } catch (error) {
      log.warn({ err: error, storyId }, 'media of a deleted story could not be removed; the orphan sweep will');
    }
  }
}

/** The same for deleted drafts' files (`drafts/<id>/`, docs/decisions/060-story-drafts-and-routes-in.md). */
export async function removeDraftMedia(
  store: MediaStore,
  draftIds: readonly string[],
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  for (const draftId of draftIds) {
    try {
      const keys: string[] = [];
      for await (const object of store.list(`drafts/${draftId}/`)) keys.push(object.key);
      await Promise.all(keys.map((key) => store.delete(key)));
    } catch (error) {
      log.warn({ err: error, draftId }, 'media of a deleted draft could not be removed');
    }
  }
}
