// Boots SessionStore + IdbSessionBackend on a private fake IndexedDB and records storage events.
import 'fake-indexeddb/auto'
import { vi } from 'vitest'
import { Context } from '@deepseek-ai/cordis'
import { IDBFactory } from 'fake-indexeddb'
import SessionStore from '../../../src/session/index.ts'
import IdbSessionBackend, { type Config, type StorageErrorEvent, type StorageStateEvent, type TornTailEvent } from '../../../src/session-idb/index.ts'
import { openDatabase, type DshDatabase } from '../../../src/session-idb/database.ts'
import { systemClock, type Clock } from '../../../src/session-idb/watchdog.ts'

export interface Booted {
  root: Context
  backend: IdbSessionBackend
  errors: StorageErrorEvent[]
  states: StorageStateEvent[]
  torn: TornTailEvent[]
  /** Unloads both plugins the orderly way (claims released). */
  dispose(): void
}

export function freshFactory(): IDBFactory {
  return new IDBFactory()
}

export async function boot(factory: IDBFactory | null, config: Config = {}): Promise<Booted> {
  const root = new Context()
  const errors: StorageErrorEvent[] = []
  const states: StorageStateEvent[] = []
  const torn: TornTailEvent[] = []
  root.on('storage/error', (event) => void errors.push(event))
  root.on('storage/state', (event) => void states.push(event))
  root.on('storage/torn-tail', (event) => void torn.push(event))
  const backendFiber = await root.plugin(IdbSessionBackend, { ...config, indexedDB: factory })
  const storeFiber = await root.plugin(SessionStore)
  const dispose = (): void => {
    storeFiber.dispose()
    backendFiber.dispose()
  }
  return { root, backend: root.sessionPersistence as IdbSessionBackend, errors, states, torn, dispose }
}

/** A clock whose timers run only when the test advances it. */
export class ManualClock implements Clock {
  private time = 1_000_000
  private timers = new Map<number, { at: number; callback: () => void }>()
  private nextId = 1
  now(): number {
    return this.time
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { at: this.time + ms, callback })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }
  advance(ms: number): void {
    this.time += ms
    for (const [id, timer] of this.timers) {
      if (timer.at <= this.time) {
        this.timers.delete(id)
        timer.callback()
      }
    }
  }
}

/** Lets fake-indexeddb (setImmediate-scheduled) and the write-behind timer run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Opens the dsh-agent database directly (to inspect or damage stored rows), runs `work`, closes it. */
export async function withDb<T>(factory: IDBFactory, work: (db: DshDatabase) => Promise<T>): Promise<T> {
  const hooks = { onVersionChange: () => undefined, onClosed: () => undefined, onBlocked: () => undefined }
  const db = await openDatabase(factory, hooks, systemClock, 1000)
  try {
    return await work(db)
  } finally {
    db.close()
  }
}

/** A clock already `ms` past another instance's clock, so that instance's lease has run out. */
export function laterClock(ms = 60_000): ManualClock {
  const clock = new ManualClock()
  clock.advance(ms)
  return clock
}

const originalTransaction = IDBDatabase.prototype.transaction

/**
 * Every readwrite transaction on `events` (with `everything`: every readwrite transaction, as a
 * browser whose origin quota is used up refuses even the writer claim) aborts, the quota error
 * hidden inside an AbortError.
 */
export function quotaFull(everything = false): void {
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = originalTransaction.apply(this, args)
    if (args[1] === 'readwrite' && (everything || [args[0]].flat().includes('events'))) {
      const hidden = new DOMException('Transaction aborted', 'AbortError') as DOMException & { inner?: unknown }
      hidden.inner = new DOMException('Quota exceeded', 'QuotaExceededError')
      Object.defineProperty(tx, 'error', { get: () => hidden, set() { /* fake-indexeddb resets error on abort; keep the injected one */ } })
      queueMicrotask(() => tx.abort())
    }
    return tx
  })
}
