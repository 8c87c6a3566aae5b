/**
 * Opens the dsh-agent database (upgrade steps, watchdog) and reports what happens to the open
 * connection: another tab upgrading or deleting it, the browser closing it, an old tab blocking us.
 * Plane: worker; reads `indexedDB` lazily. Contract: `openDatabase` settles within `timeoutMs`.
 * @module session-idb/database
 */
import { wrap, type IDBPDatabase } from 'idb'
import { StorageError, describeError } from './errors.ts'
import { upgradeDatabase, type DshAgentDB } from './schema.ts'
import { IDB_DATABASES, READER_DATA_DATABASES } from '../util/idb-databases.ts'
import { watchdog, type Clock } from './watchdog.ts'

export type DshDatabase = IDBPDatabase<DshAgentDB>

export interface ConnectionHooks {
  /** Another connection wants a newer version (`newVersion`) or to delete the database (`null`). */
  onVersionChange(newVersion: number | null): void
  /** The browser closed the connection (site data cleared, storage failure). */
  onClosed(): void
  /** Our open waits for an older connection elsewhere to close. */
  onBlocked(): void
}

/** The IndexedDB factory of this global scope, or undefined (private modes, old engines, Node without a polyfill). */
export function globalIdbFactory(): IDBFactory | undefined {
  return (globalThis as { indexedDB?: IDBFactory }).indexedDB
}

function requestOpen(factory: IDBFactory, hooks: ConnectionHooks, blocked: { value: boolean }): Promise<DshDatabase> {
  const request = factory.open(IDB_DATABASES.sessions.name, IDB_DATABASES.sessions.version)
  request.onupgradeneeded = (event) => {
    upgradeDatabase(wrap(request.result) as unknown as DshDatabase, event.oldVersion)
  }
  request.onblocked = () => {
    blocked.value = true
    hooks.onBlocked()
  }
  return wrap(request) as Promise<DshDatabase>
}

/** Hooks for a connection nobody keeps: what happens to it is met again by the connection that is kept. */
const UNWATCHED: ConnectionHooks = { onVersionChange: () => undefined, onClosed: () => undefined, onBlocked: () => undefined }

/**
 * Creates or upgrades the database ahead of its first use and closes it again, so the connection's
 * own open (`openDatabase`) finds it ready: the upgrade of a new profile runs while the worker still
 * waits on other work. Never throws; whatever goes wrong here, that open meets and reports.
 */
export function warmDatabase(factory: IDBFactory | undefined): void {
  if (!factory) return
  try {
    requestOpen(factory, UNWATCHED, { value: false }).then((db) => db.close(), () => undefined)
  } catch {
    // the connection's own open reports it
  }
}

/**
 * Opens (creating or upgrading) the database.
 * @throws StorageError STORAGE_UNAVAILABLE (no IndexedDB, open failed), STORAGE_BLOCKED_UPGRADE
 *   (an old tab kept it open past `timeoutMs`), STORAGE_WEDGED (no answer within `timeoutMs`).
 */
export async function openDatabase(factory: IDBFactory | undefined, hooks: ConnectionHooks, clock: Clock, timeoutMs: number): Promise<DshDatabase> {
  if (!factory) throw new StorageError('STORAGE_UNAVAILABLE', 'IndexedDB is not available here (private mode or an unsupported browser); the session is kept in memory only.')
  const blocked = { value: false }
  let opening: Promise<DshDatabase>
  try {
    opening = requestOpen(factory, hooks, blocked)
  } catch (error) {
    throw new StorageError('STORAGE_UNAVAILABLE', `IndexedDB refused to open: ${describeError(error)}`, undefined, { cause: error })
  }
  let db: DshDatabase
  try {
    db = await watchdog(opening, timeoutMs, clock, 'opening the database')
  } catch (error) {
    opening.then((late) => late.close(), () => undefined)
    if (error instanceof StorageError && blocked.value) {
      throw new StorageError('STORAGE_BLOCKED_UPGRADE', 'Another tab keeps an older dsh-agent database open; close or reload it to continue saving.')
    }
    if (error instanceof StorageError) throw error
    throw new StorageError('STORAGE_UNAVAILABLE', `IndexedDB failed to open: ${describeError(error)}`, undefined, { cause: error })
  }
  db.addEventListener('versionchange', (event) => hooks.onVersionChange(event.newVersion))
  db.addEventListener('close', () => hooks.onClosed())
  return db
}

/** Deletes every database holding the reader's data (util/idb-databases.ts); nothing without IndexedDB. */
export async function deleteReaderDatabases(factory: IDBFactory | undefined): Promise<void> {
  if (factory) await Promise.all(READER_DATA_DATABASES.map((name) => deleteDatabase(factory, name)))
}

/** Deletes one database; resolves once deleted (other tabs get `versionchange` and close first). */
export function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(new StorageError('STORAGE_UNAVAILABLE', `Could not delete database ${name}: ${String(request.error?.message)}`))
  })
}
