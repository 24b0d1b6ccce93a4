/**
 * Removes the files of deleted stories (their folder `stories/<id>/` in the MediaStore). Called after the rows
 * are gone and committed: a file that cannot be removed now never brings a row back; it is logged and the
 * orphan sweep (orphan-media.ts) removes it at the next start.
 */
import type { MediaStore } from './media-store';

type Log = { warn(obj: object, msg: string): void };

/** Removes every file under `<folder>/<id>/` for each id; a failure is logged with `failure`, never thrown. */
async function removeFolders(store: MediaStore, folder: string, ids: readonly string[], log: Log, failure: string) {
  for (const id of ids) {
    try {
      const keys: string[] = [];
      for await (const object of store.list(`${folder}/${id}/`)) keys.push(object.key);
      await Promise.all(keys.map((key) => store.delete(key)));
    } catch (error) {
      log.warn({ err: error, id }, failure);
    }
  }
}

export const removeStoryMedia = (store: MediaStore, storyIds: readonly string[], log: Log) =>
  removeFolders(
    store,
    'stories',
    storyIds,
    log,
    'media of a deleted story could not be removed; the orphan sweep will',
  );

/** The same for deleted drafts' files (`drafts/<id>/`, docs/decisions/060-story-drafts-and-routes-in.md). */
export const removeDraftMedia = (store: MediaStore, draftIds: readonly string[], log: Log) =>
  removeFolders(store, 'drafts', draftIds, log, 'media of a deleted draft could not be removed');
