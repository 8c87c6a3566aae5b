/**
 * The IndexedDB MirrorStore: database `dsh-agent-workspaces`, store `files` keyed by
 * [workspace, path]. Plane: worker; reads `indexedDB`/`IDBKeyRange` lazily.
 * Contract: one relaxed readwrite transaction per batch, all or nothing; every request is awaited.
 * @module fs-memory/idb-mirror
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { MemoryNode } from './memory-backend.ts'
import type { MirrorStore } from './mirror.ts'
import { IDB_DATABASES } from '../util/idb-databases.ts'

export const WORKSPACE_DB_NAME = IDB_DATABASES.workspaces.name

interface WorkspaceDb extends DBSchema {
  files: { key: [string, string]; value: { workspace: string; path: string; node: MemoryNode } }
}

/** IndexedDB is missing (private mode, old runtime): the workspace cannot be persisted. */
export class WorkspaceMirrorError extends Error {
  readonly code = 'WORKSPACE_MIRROR_UNAVAILABLE'
  constructor(message: string) {
    super(message)
    this.name = 'WorkspaceMirrorError'
  }
}

let database: Promise<IDBPDatabase<WorkspaceDb>> | undefined

/** The one connection of this worker to the workspace database, opened on first use (or by `warmWorkspaceDb`). */
function openWorkspaceDb(): Promise<IDBPDatabase<WorkspaceDb>> {
  if (!globalThis.indexedDB) {
    return Promise.reject(new WorkspaceMirrorError('IndexedDB is not available here; use the memory mirror (mirror: "memory")'))
  }
  const opened = database ??= openDB<WorkspaceDb>(WORKSPACE_DB_NAME, IDB_DATABASES.workspaces.version, {
    upgrade(db) { db.createObjectStore('files', { keyPath: ['workspace', 'path'] }) },
    // Another connection deletes or upgrades the database ("delete all my data", a newer tab):
    // close ours so it is not blocked; the next save opens a fresh connection.
    blocking() { void opened.then((db) => db.close()); database = undefined },
    terminated() { database = undefined },
  })
  return opened
}

/** Starts opening the workspace database ahead of the first load (it becomes the connection that load uses); failures are left to that load. */
export function warmWorkspaceDb(): void {
  openWorkspaceDb().catch(() => undefined)
}

/** Aborts `tx` unless it has already finished or aborted (then abort() throws InvalidStateError). */
function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort()
  } catch {
    // already done: its own outcome stands
  }
}

export function idbMirrorStore(workspace: string): MirrorStore {
  return {
    async load() {
      const db = await openWorkspaceDb()
      const rows = await db.getAll('files', IDBKeyRange.bound([workspace, ''], [workspace, '\uffff']))
      return rows.map(({ path, node }) => ({ path, node }))
    },
    async save(puts, deletes) {
      const db = await openWorkspaceDb()
      const tx = db.transaction('files', 'readwrite', { durability: 'relaxed' })
      const writes: Promise<unknown>[] = [tx.done]
      try {
        for (const path of deletes) writes.push(tx.store.delete([workspace, path]))
        for (const { path, node } of puts) writes.push(tx.store.put({ workspace, path, node }))
      } catch (error) {
        // A request refused at once (an engine rejecting the value): nothing of the batch may land.
        if (!tx.error) abortQuietly(tx)
        void Promise.allSettled(writes)
        throw error
      }
      await Promise.all(writes)
    },
  }
}
