/**
 * The IndexedDB SpillStore: database `dsh-agent-spill`, store `bodies` keyed by id with a
 * `bySession` index. Plane: worker; reads `indexedDB` lazily. Contract: one relaxed readwrite
 * transaction per save; a failed open or write rejects (the policy then keeps the result inline).
 * @module spill/idb-store
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { SpillRecord, SpillStore } from './store.ts'
import { IDB_DATABASES } from '../util/idb-databases.ts'

export const SPILL_DB_NAME = IDB_DATABASES.spill.name

interface SpillDb extends DBSchema {
  bodies: { key: string; value: SpillRecord; indexes: { bySession: string } }
}

export function idbSpillStore(factory: () => IDBFactory | undefined = () => globalThis.indexedDB): SpillStore {
  let database: Promise<IDBPDatabase<SpillDb>> | undefined
  const open = (): Promise<IDBPDatabase<SpillDb>> => {
    if (!factory()) return Promise.reject(new Error('IndexedDB is not available here; spilled results cannot be stored'))
    const opened = database ??= openDB<SpillDb>(SPILL_DB_NAME, IDB_DATABASES.spill.version, {
      upgrade(db) {
        db.createObjectStore('bodies', { keyPath: 'id' }).createIndex('bySession', 'sessionId')
      },
      // "Delete all my data" or a newer tab: close ours so it is not blocked; the next call reopens.
      blocking() { void opened.then((db) => db.close()); database = undefined },
      terminated() { database = undefined },
    })
    opened.catch(() => { if (database === opened) database = undefined })
    return opened
  }
  return {
    async save(record) {
      const db = await open()
      const tx = db.transaction('bodies', 'readwrite', { durability: 'relaxed' })
      await Promise.all([tx.store.put(record), tx.done])
    },
    async read(id) {
      try {
        return (await (await open()).get('bodies', id))?.text
      } catch {
        return undefined // storage gone (evicted, deleted, unavailable): the body is missing, not an error
      }
    },
    async deleteSession(sessionId) {
      const db = await open()
      const tx = db.transaction('bodies', 'readwrite')
      const keys = await tx.store.index('bySession').getAllKeys(sessionId)
      await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done])
      return keys.length
    },
  }
}
