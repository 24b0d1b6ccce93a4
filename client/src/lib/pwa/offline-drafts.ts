/**
 * Story drafts kept on this device while it is offline (docs/decisions/015-installable-offline-push.md): one IndexedDB database, one draft per
 * device, owned by the user who saved it. IndexedDB stores Blobs and Files as they are (structured clone), so a
 * recording or a picked picture survives a reload. Sign-out and account deletion delete the database
 * (device-data.ts), like the service worker's caches.
 */
const DB_NAME = 'whispers-drafts';
const STORE = 'drafts';
/** One draft per device: a second one saved offline replaces the first (the dialog says so before). */
const KEY = 'pending';

export interface KeptDraft<T> {
  userId: string;
  /** When it was saved (ms since epoch). */
  savedAt: number;
  value: T;
}

/**
 * Opens the database; null when it does not exist and `create` is false — reading or deleting must not create it
 * again (sign-out deletes it, and a view re-reading then would leave an empty one behind).
 */
function open(create: boolean): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    let absent = false;
    request.onupgradeneeded = () => {
      if (create) request.result.createObjectStore(STORE);
      else {
        absent = true;
        request.transaction?.abort();
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (absent ? resolve(null) : reject(request.error ?? new Error('IndexedDB unavailable')));
  });
}

/** One request in one transaction; undefined when the database does not exist (and `create` is false). */
async function run<R>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<R>,
  create = false,
): Promise<R | undefined> {
  const db = await open(create);
  if (!db) return undefined;
  try {
    return await new Promise<R>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Event fired on window when the kept draft changes, so every view of it updates. */
export const DRAFT_CHANGED_EVENT = 'whispers:draft-changed';
const changed = () => window.dispatchEvent(new Event(DRAFT_CHANGED_EVENT));

export async function keepDraft<T>(draft: KeptDraft<T>): Promise<void> {
  await run('readwrite', (store) => store.put(draft, KEY), true);
  changed();
}

/** The draft kept for this user, or null (none, another user's, or no IndexedDB). */
export async function keptDraft<T>(userId: string): Promise<KeptDraft<T> | null> {
  if (typeof indexedDB === 'undefined') return null;
  const found = (await run('readonly', (store) => store.get(KEY))) as KeptDraft<T> | undefined;
  return found && found.userId === userId ? found : null;
}

export async function dropDraft(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (store) => store.delete(KEY));
  changed();
}

/** Deletes every draft on this device (sign-out, account deletion). */
export function deleteAllDrafts(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess =
      request.onerror =
      request.onblocked =
        () => {
          changed();
          resolve();
        };
  });
}
