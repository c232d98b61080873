import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One change the person made, kept on this device until the server has answered it. */
export interface QueuedCommand {
  /** The Idempotency-Key, made when the person acted: a resend after a lost answer is recognized by the server. */
  key: string;
  user: string;
  /** Order of acting: the queue sends in this order. */
  seq: number;
  /** When the person acted (ISO). */
  at: string;
  /** The api slice endpoint that made it. */
  endpoint: string;
  /** What the page shows of it before the server has it (a logged exercise's name): read by the pending views. */
  shown?: unknown;
  /** What it is, in words, for the person if the server refuses it. */
  what: string;
  request: { url: string; method: string; body?: unknown };
  /** The id the offline answer invented for what this command creates, and the answer field holding the real one. */
  creates?: { field: string; localId: string };
  status: 'waiting' | 'refused';
  message?: string;
}

/** The last answer to a read, to show when the network is gone. */
export interface StoredRead {
  id: string;
  user: string;
  data: unknown;
  fetchedAt: string;
  /** The answer's Link header, where a paged list names its next page. */
  link?: string;
}

/** A local id (from an offline answer) and the server's id it became once its command was sent. */
export interface ResolvedId {
  localId: string;
  user: string;
  serverId: string;
}

interface OfflineSchema extends DBSchema {
  commands: { key: string; value: QueuedCommand; indexes: { byUser: string } };
  reads: { key: string; value: StoredRead; indexes: { byUser: string } };
  ids: { key: string; value: ResolvedId; indexes: { byUser: string } };
}

const STORES = ['commands', 'reads', 'ids'] as const;
let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('kinetic-offline', 1, {
    upgrade(db) {
      db.createObjectStore('commands', { keyPath: 'key' }).createIndex('byUser', 'user');
      db.createObjectStore('reads', { keyPath: 'id' }).createIndex('byUser', 'user');
      db.createObjectStore('ids', { keyPath: 'localId' }).createIndex('byUser', 'user');
    },
  });
  return opened;
}

/**
 * Deletes everything kept for anyone but `user` (everything when signed out): a shared phone shows no one else's data.
 * Every record names its user, so the `byUser` index finds the others' keys on either side of `user` without reading
 * a record (a kept read can be a large answer, and reading it back costs as much as keeping it did).
 */
export async function keepOnly(user: string | null): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(STORES, 'readwrite');
  await Promise.all(
    STORES.map(async (name) => {
      const store = tx.objectStore(name);
      if (user === null) return store.clear();
      const others = [IDBKeyRange.upperBound(user, true), IDBKeyRange.lowerBound(user, true)];
      const keys = (await Promise.all(others.map((range) => store.index('byUser').getAllKeys(range)))).flat();
      await Promise.all(keys.map((key) => store.delete(key)));
    }),
  );
  await tx.done;
}

/** An id for what an offline command creates, until the server's is known, and how to find such ids in a request. */
export const localIdOf = (key: string) => `local-${key}`;
/** Whether an id is one this device made for something the server has not been sent yet. */
export const isLocalId = (id: string) => id.startsWith('local-');
export const LOCAL_ID = /local-[\w.:-]+/g;

export const readId = (user: string, url: string) => `${user} ${url}`;
