/**
 * Where the search index is kept: IndexedDB database `dsh-agent-search` (its own database, so the
 * session schema never changes for it; store `index`, one record), or memory. Plane: worker; reads
 * `indexedDB` lazily. Contract: a record that is not an object of the right shape loads as undefined
 * (the caller rebuilds); a save or clear failure rejects and loses nothing else.
 * @module session-query/index-store
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { IndexStore, StoredIndex } from './types.ts'
import { IDB_DATABASES } from '../util/idb-databases.ts'

export const SEARCH_DB_NAME = IDB_DATABASES.search.name
const SEARCH_DB_VERSION = IDB_DATABASES.search.version
const KEY = 'index'

interface SearchDb extends DBSchema {
  index: { key: string; value: StoredIndex }
}

function isStoredIndex(value: unknown): value is StoredIndex {
  const v = value as StoredIndex | undefined
  return typeof v === 'object' && v !== null && typeof v.format === 'number' && typeof v.json === 'string' && typeof v.sessions === 'object' && v.sessions !== null
}

export function idbIndexStore(): IndexStore {
  let database: Promise<IDBPDatabase<SearchDb>> | undefined
  const open = (): Promise<IDBPDatabase<SearchDb>> => {
    if (!globalThis.indexedDB) return Promise.reject(new Error('IndexedDB is not available here'))
    const opened = database ??= openDB<SearchDb>(SEARCH_DB_NAME, SEARCH_DB_VERSION, {
      upgrade(db) { db.createObjectStore('index') },
      // "Delete all my data" or a newer tab: close ours so it is not blocked; the next call reopens.
      blocking() { void opened.then((db) => db.close()); database = undefined },
      terminated() { database = undefined },
    })
    return opened
  }
  return {
    async load() {
      const value: unknown = await (await open()).get('index', KEY)
      return isStoredIndex(value) ? value : undefined
    },
    async save(index) { await (await open()).put('index', index, KEY) },
    async clear() { await (await open()).delete('index', KEY) },
  }
}

export function memoryIndexStore(): IndexStore {
  let kept: StoredIndex | undefined
  return {
    load: () => Promise.resolve(kept),
    save: (index) => { kept = index; return Promise.resolve() },
    clear: () => { kept = undefined; return Promise.resolve() },
  }
}
