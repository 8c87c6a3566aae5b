/**
 * Elects one writer per session: a Web Lock `dsh-session:<id>` when the platform has one, else a
 * lease in the session row; either way the winner bumps the row's epoch, which fences old writers.
 * Plane: worker; reads `navigator.locks` lazily (absent in Node and some iframes).
 * Contract: at most one live epoch per session; `lost` resolves when the lock is stolen or the lease moved.
 * @module session-idb/writer-election
 */
import { SessionPersistenceError, StorageError } from './errors.ts'
import { claimEpoch, renewLease } from './session-rows.ts'
import type { Clock } from './watchdog.ts'

export interface WriterClaim {
  mode: 'web-lock' | 'lease'
  epoch: number
  /** Resolves when another instance took the session over (lock stolen, lease re-claimed). */
  lost: Promise<void>
  /** Gives the session up (lock released, lease cleared). */
  release(): void
}

export interface ElectionOptions {
  db: IDBDatabase
  sessionId: string
  writer: string
  /** Take the session even though another instance drives it. */
  steal: boolean
  clock: Clock
  leaseMs: number
}

/** The Web Locks manager of this global scope, if any. */
export function lockManager(): LockManager | undefined {
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
}

export function lockName(sessionId: string): string {
  return `dsh-session:${sessionId}`
}

/**
 * Locks this global scope has just given up, by name: the Web Lock is freed asynchronously after
 * `release()`, so a claim made right after (a runtime restarted in the same worker) waits for it
 * instead of seeing its own old lock as another writer.
 */
const releasing = new Map<string, Promise<void>>()

async function lockElection(locks: LockManager, options: ElectionOptions): Promise<WriterClaim | null> {
  const name = lockName(options.sessionId)
  await releasing.get(name)
  return new Promise((resolve, reject) => {
    let releaseHeld!: () => void
    const held = new Promise<void>((done) => { releaseHeld = done })
    let request: Promise<void> | undefined
    const release = (): void => {
      const freed = (request ?? Promise.resolve()).then(() => { if (releasing.get(name) === freed) releasing.delete(name) })
      releasing.set(name, freed)
      releaseHeld()
    }
    let markLost!: () => void
    const lost = new Promise<void>((done) => { markLost = done })
    let granted = false
    const mode = options.steal ? { steal: true } : { ifAvailable: true }
    request = locks.request(name, mode, async (lock) => {
      if (!lock) return resolve(null)
      granted = true
      try {
        const epoch = await claimEpoch(options.db, { sessionId: options.sessionId, writer: options.writer, steal: true, now: options.clock.now() })
        resolve({ mode: 'web-lock', epoch: epoch as number, lost, release })
      } catch (error) {
        reject(error)
        return
      }
      await held
    }).catch((error: unknown) => {
      if (granted) markLost()
      else reject(error)
    })
  })
}

async function leaseElection(options: ElectionOptions): Promise<WriterClaim | null> {
  const { db, sessionId, clock, leaseMs } = options
  const epoch = await claimEpoch(db, { sessionId, writer: options.writer, steal: options.steal, now: clock.now(), leaseUntil: clock.now() + leaseMs })
  if (epoch === null) return null
  let markLost!: () => void
  const lost = new Promise<void>((done) => { markLost = done })
  let timer: unknown
  let active = true
  const renew = (): void => {
    timer = clock.setTimeout(() => {
      renewLease(db, sessionId, epoch, clock.now() + leaseMs).then(
        () => { if (active) renew() },
        (error: unknown) => {
          if (error instanceof StorageError && error.code === 'SESSION_TAKEN_OVER') markLost()
          else if (active) renew()
        },
      )
    }, Math.max(1, Math.floor(leaseMs / 3)))
  }
  renew()
  const release = (): void => {
    active = false
    clock.clearTimeout(timer)
    renewLease(db, sessionId, epoch, 0).catch(() => undefined /* already taken over or deleted: nothing to give up */)
  }
  return { mode: 'lease', epoch, lost, release }
}

/**
 * Tries to become the session's writer; resolves null when another live writer holds it.
 * Falls back to the lease when Web Locks are missing or refuse (third-party iframes).
 */
export async function electWriter(options: ElectionOptions): Promise<WriterClaim | null> {
  const locks = lockManager()
  if (locks) {
    try {
      return await lockElection(locks, options)
    } catch (error) {
      if (error instanceof StorageError || error instanceof SessionPersistenceError) throw error
      // Web Locks exist but refused (e.g. a third-party iframe): the lease below fences the same way.
    }
  }
  return leaseElection(options)
}
