/**
 * The backend's one lazy database connection and what ends it: another tab's upgrade or delete
 * (flush, then close), the browser closing it (site data cleared), a missing IndexedDB.
 * Plane: worker. Contract: `get()` never throws; it resolves undefined when storage is unusable,
 * after reporting the reason exactly once through `onLost`.
 * @module session-idb/connection
 */
import { unwrap } from 'idb'
import { openDatabase, type DshDatabase } from './database.ts'
import { StorageError } from './errors.ts'
import type { Clock } from './watchdog.ts'

export interface ConnectionOptions {
  factory: IDBFactory | undefined
  clock: Clock
  timeoutMs: number
  /** Flush every writer before the connection closes for another tab. */
  drain(): Promise<void>
  /** The connection is gone or never came: every writer stops, the UI is told. */
  onLost(error: StorageError): void
  /** Our open waits on an old tab (reported; the open keeps waiting until the watchdog). */
  onBlocked(error: StorageError): void
}

export class Connection {
  private opening: Promise<DshDatabase | undefined> | undefined
  private db: DshDatabase | undefined
  private lost: StorageError | undefined

  constructor(private readonly options: ConnectionOptions) {}

  /** The open database, opening it on first use; undefined when storage is unusable. */
  get(): Promise<DshDatabase | undefined> {
    this.opening ??= this.open()
    return this.opening
  }

  /** The raw connection if it is open now (writers call this synchronously). */
  raw(): IDBDatabase | undefined {
    return this.db ? unwrap(this.db) : undefined
  }

  /** The open idb handle if any (followers and reads). */
  current(): DshDatabase | undefined {
    return this.db
  }

  get failure(): StorageError | undefined {
    return this.lost
  }

  /** Closes the connection without reporting (dispose, delete-all). */
  close(): void {
    this.db?.close()
    this.db = undefined
    this.opening = Promise.resolve(undefined)
  }

  private async open(): Promise<DshDatabase | undefined> {
    try {
      this.db = await openDatabase(this.options.factory, {
        onVersionChange: (newVersion) => void this.yieldTo(newVersion),
        onClosed: () => this.lose(new StorageError('STORAGE_CLEARED', 'The browser closed the database (site data cleared or storage failed); the session continues in memory, export it to keep it.')),
        onBlocked: () => this.options.onBlocked(new StorageError('STORAGE_BLOCKED_UPGRADE', 'Another tab keeps an older dsh-agent database open; close or reload it to continue saving.')),
      }, this.options.clock, this.options.timeoutMs)
      return this.db
    } catch (error) {
      this.lose(error instanceof StorageError ? error : new StorageError('STORAGE_UNAVAILABLE', String(error)))
      return undefined
    }
  }

  private async yieldTo(newVersion: number | null): Promise<void> {
    await this.options.drain()
    this.lose(newVersion === null
      ? new StorageError('STORAGE_CLEARED', 'Another tab deleted the dsh-agent database; the session continues in memory, export it to keep it.')
      : new StorageError('STORAGE_UNAVAILABLE', `A newer dsh-agent (database version ${newVersion}) opened in another tab; reload this page to keep saving.`))
  }

  private lose(error: StorageError): void {
    if (this.lost) return
    this.lost = error
    this.close()
    this.options.onLost(error)
  }
}
