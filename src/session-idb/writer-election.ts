/**
 * Elects one writer per session: a Web Lock `dsh-session:<id>` when the platform has one, else a
 * lease in the session row; either way the winner bumps the row's epoch, which fences old writers.
 * Plane: worker; reads `navigator.locks` lazily (absent in Node and some iframes).
 * Contract: at most one live epoch per session; `lost` resolves when the lock is stolen or the lease moved;
 * a successor waits in the lock's queue (or polls the lease) and wins only once the writer is gone.
 * A claim whose epoch cannot be stored (quota full) is still won, `deferred`: the writer stores the epoch
 * with its first commit (fenced from the epoch it saw). @module session-idb/writer-election
 */
import { SessionPersistenceError, StorageError } from './errors.ts'
import { claimEpoch, readRow, renewLease, type DeferredClaim } from './session-rows.ts'
import type { Clock } from './watchdog.ts'

export interface WriterClaim {
  mode: 'web-lock' | 'lease'
  epoch: number
  /** Resolves when another instance took the session over (lock stolen, lease re-claimed). */
  lost: Promise<void>
  /** Gives the session up (lock released, lease cleared). */
  release(): void
  /** Present while the epoch is not stored yet (the quota was full when the claim was won). */
  deferred?: DeferredClaim
  /** The writer's first commit stored a deferred epoch: the claim is whole from now on. */
  confirmed?(): void
}

/**
 * The claim to defer when storing the epoch failed for want of room: the epoch the row holds now
 * (read-only, which a full quota allows); null when `checkLease` and another live writer's lease
 * holds the row (nothing to win: the session is locked); undefined when `error` is no quota error.
 */
async function deferrable(options: ElectionOptions, error: unknown, checkLease: boolean): Promise<DeferredClaim | null | undefined> {
  if (!(error instanceof StorageError) || error.code !== 'QUOTA_EXCEEDED') return undefined
  const row = await readRow(options.db, options.sessionId)
  if (!row) return undefined
  const now = options.clock.now()
  if (checkLease && !options.steal && row.leaseUntil !== undefined && row.leaseUntil > now && row.writer !== options.writer) return null
  return { fromEpoch: row.epoch, writer: options.writer }
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

/** How the lock is asked for: now or not at all, stolen, or queued behind the holder until `signal` aborts. */
type LockMode = { ifAvailable: true } | { steal: true } | { signal: AbortSignal }

async function lockElection(locks: LockManager, options: ElectionOptions, mode: LockMode): Promise<WriterClaim | null> {
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
    request = locks.request(name, mode, async (lock) => {
      if (!lock) return resolve(null)
      granted = true
      try {
        const epoch = await claimEpoch(options.db, { sessionId: options.sessionId, writer: options.writer, steal: true, now: options.clock.now() })
        resolve({ mode: 'web-lock', epoch: epoch as number, lost, release })
      } catch (error) {
        const deferred = await deferrable(options, error, false).catch(() => undefined)
        if (!deferred) {
          reject(error)
          return
        }
        const claim: WriterClaim = { mode: 'web-lock', epoch: deferred.fromEpoch + 1, lost, release, deferred, confirmed: () => { delete claim.deferred } }
        resolve(claim) // the lock fences other tabs meanwhile
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
  let epoch: number | null
  let deferred: DeferredClaim | undefined
  try {
    epoch = await claimEpoch(db, { sessionId, writer: options.writer, steal: options.steal, now: clock.now(), leaseUntil: clock.now() + leaseMs })
  } catch (error) {
    const found = await deferrable(options, error, true)
    if (found === undefined) throw error
    if (found === null) return null
    deferred = found
    epoch = found.fromEpoch + 1
  }
  if (epoch === null) return null
  const held = epoch
  let markLost!: () => void
  const lost = new Promise<void>((done) => { markLost = done })
  let timer: unknown
  let active = true
  const renew = (): void => {
    timer = clock.setTimeout(() => {
      renewLease(db, sessionId, held, clock.now() + leaseMs).then(
        () => { if (active) renew() },
        (error: unknown) => {
          if (error instanceof StorageError && error.code === 'SESSION_TAKEN_OVER') markLost()
          else if (active) renew()
        },
      )
    }, Math.max(1, Math.floor(leaseMs / 3)))
  }
  const release = (): void => {
    active = false
    clock.clearTimeout(timer)
    if (claim.deferred) return // the lease was never stored: nothing to give up
    renewLease(db, sessionId, held, 0).catch(() => undefined /* already taken over or deleted: nothing to give up */)
  }
  // A deferred lease is renewed only once the writer's first commit stored it (each commit extends it too).
  const claim: WriterClaim = { mode: 'lease', epoch, lost, release, ...(deferred ? { deferred, confirmed: () => { delete claim.deferred; if (active) renew() } } : {}) }
  if (!deferred) renew()
  return claim
}

/**
 * Tries to become the session's writer; resolves null when another live writer holds it.
 * Falls back to the lease when Web Locks are missing or refuse (third-party iframes).
 */
export async function electWriter(options: ElectionOptions): Promise<WriterClaim | null> {
  const locks = lockManager()
  if (locks) {
    try {
      return await lockElection(locks, options, options.steal ? { steal: true } : { ifAvailable: true })
    } catch (error) {
      if (error instanceof StorageError || error instanceof SessionPersistenceError) throw error
      // Web Locks exist but refused (e.g. a third-party iframe): the lease below fences the same way.
    }
  }
  return leaseElection(options)
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve() // aborted during the election that preceded this pause: no listener would fire
    const done = (): void => {
      signal.removeEventListener('abort', done)
      clock.clearTimeout(timer)
      resolve()
    }
    const timer = clock.setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

export interface SuccessionOptions extends ElectionOptions {
  /** Stops waiting; the promise rejects with its reason. */
  signal: AbortSignal
  /** How often the lease is checked when Web Locks are missing. */
  pollMs: number
}

/**
 * Waits until the session's writer is gone — its Web Lock released (tab closed, worker terminated,
 * session closed) or its lease run out — and becomes the writer. Queued lock requests are granted
 * one at a time, so of several successors exactly one wins; never steals.
 */
export async function awaitSuccession(options: SuccessionOptions): Promise<WriterClaim> {
  const { signal } = options
  const locks = lockManager()
  let claim: WriterClaim | null = null
  if (locks) {
    try {
      claim = await lockElection(locks, { ...options, steal: false }, { signal })
    } catch (error) {
      if (signal.aborted || error instanceof StorageError || error instanceof SessionPersistenceError) throw error
      // Web Locks refused (a third-party iframe): poll the lease below instead.
    }
  }
  while (!claim) {
    signal.throwIfAborted()
    claim = await leaseElection({ ...options, steal: false })
    if (!claim) await pause(options.clock, options.pollMs, signal)
  }
  if (signal.aborted) {
    claim.release()
    signal.throwIfAborted()
  }
  return claim
}
