/**
 * Write-behind for one session: buffers appended events, commits each task's events (plus
 * everything that piled up meanwhile) in one fenced transaction, one transaction in flight.
 * Plane: worker. Contract: `durableSeq` moves only on `complete`; a retryable failure (quota,
 * aborted write) keeps every event and retries on the next append or flush, and by itself on a
 * backing-off timer, contiguously; a fatal one (taken over, cleared, wedged) stops writing;
 * `flush` always settles. A deferred claim's epoch and a deferred torn-tail repair go with the first commit.
 * @module session-idb/writer
 */
import type { SessionEvent } from '../session/types.ts'
import { SessionPersistenceError, StorageError, describeError } from './errors.ts'
import { appendBatch } from './session-rows.ts'
import { quotaExceeded } from './transact.ts'
import { watchdog, type Clock } from './watchdog.ts'
import type { WriterClaim } from './writer-election.ts'

/** Where the writer reports; the backend turns these into `storage/error` and `storage/state`. */
export interface WriterReporter {
  error(error: StorageError): void
  state(saving: boolean, durableSeq: number): void
  committed(durableSeq: number): void
}

export interface WriterOptions {
  sessionId: string
  epoch: number
  /** Seq of the last event already stored (-1 for none). */
  durableSeq: number
  /** The open connection, or undefined once it was closed. */
  db(): IDBDatabase | undefined
  clock: Clock
  timeoutMs: number
  /** Lease length when elected by lease (each commit extends it); absent under Web Locks. */
  leaseMs?: number
  /** The claim writing under: while its epoch is `deferred`, each commit stores it; the first success `confirmed` it. */
  claim?: Pick<WriterClaim, 'deferred' | 'confirmed'>
  report: WriterReporter
}

/** First and longest pause before a stalled writer tries again by itself (quota: room may come back). */
export const RETRY_FIRST_MS = 1_000
export const RETRY_MAX_MS = 10_000

export interface FlushResult {
  /** True when every event enqueued before the flush is durable. */
  durable: boolean
  durableSeq: number
}

const RETRYABLE = new Set(['QUOTA_EXCEEDED', 'STORAGE_UNAVAILABLE'])

export class SessionWriter {
  durableSeq: number
  private pending: SessionEvent[] = []
  private inFlight = false
  private scheduled = false
  private strictNext = false
  /** A retryable failure: not saving until a retry commits. */
  private stalled: StorageError | undefined
  /** A fatal failure: never writes again. */
  private dead: StorageError | undefined
  private waiters: { seq: number; resolve: (durable: boolean) => void }[] = []
  /** A torn tail the load could not drop (quota): the first commit replaces the stored rows from this seq. */
  private repairFrom: number | undefined
  private retryTimer: unknown
  private retryMs = RETRY_FIRST_MS
  private closed = false

  constructor(private readonly options: WriterOptions) {
    this.durableSeq = options.durableSeq
  }

  /** Reports, before any write, that saving waits for room (a claim won while the quota was full). */
  startStalled(): void {
    if (this.stalled || this.dead) return
    this.stalled = quotaExceeded(this.options.sessionId)
    this.options.report.error(this.stalled)
    this.options.report.state(false, this.durableSeq)
    this.retryLater()
  }

  /** Seq of the last enqueued event (durable or not). */
  get lastSeq(): number {
    return this.pending.at(-1)?.seq ?? this.durableSeq
  }

  get saving(): boolean {
    return !this.stalled && !this.dead
  }

  get failure(): StorageError | undefined {
    return this.dead ?? this.stalled
  }

  /** Events wait or a write is in flight: the stored log is behind this writer. */
  get busy(): boolean {
    return this.inFlight || this.pending.length > 0
  }

  /** The stored rows from `fromSeq` on are torn and could not be dropped yet: the first commit drops them. */
  repairTornTail(fromSeq: number): void {
    this.repairFrom = fromSeq
  }

  /** No more retries by timer (the claim is given up); queued events stay for a flush. */
  close(): void {
    this.closed = true
    this.options.clock.clearTimeout(this.retryTimer)
    this.retryTimer = undefined
  }

  /** Buffers events (in seq order) and schedules a commit at the end of this task. */
  enqueue(events: readonly SessionEvent[]): void {
    if (this.dead || events.length === 0) return
    for (const event of events) this.pending.push(event)
    if (this.scheduled || this.inFlight) return
    this.scheduled = true
    globalThis.setTimeout(() => {
      this.scheduled = false
      this.writeNext()
    }, 0)
  }

  /** Resolves once everything enqueued so far is durable, or the attempt failed (`durable: false`). */
  async flush(durability: 'relaxed' | 'strict' = 'relaxed'): Promise<FlushResult> {
    const target = this.lastSeq
    if (this.dead || target <= this.durableSeq) return { durable: !this.dead, durableSeq: this.durableSeq }
    if (durability === 'strict') this.strictNext = true
    const done = new Promise<boolean>((resolve) => this.waiters.push({ seq: target, resolve }))
    this.writeNext()
    return { durable: await done, durableSeq: this.durableSeq }
  }

  /** Stops writing for good (the connection went away or ownership moved); settles every waiter. */
  kill(error: StorageError): void {
    if (this.dead) return
    this.dead = error
    this.close()
    this.pending = []
    this.options.report.error(error)
    this.options.report.state(false, this.durableSeq)
    this.settleWaiters(false)
  }

  private writeNext(): void {
    const deferred = this.options.claim?.deferred
    // With nothing queued, a stalled deferred claim still needs its epoch stored (an empty repair commit).
    const claimOnly = this.pending.length === 0 && deferred !== undefined && this.stalled !== undefined
    if (this.inFlight || this.dead || (this.pending.length === 0 && !claimOnly)) return
    const db = this.options.db()
    if (!db) return this.kill(new StorageError('STORAGE_UNAVAILABLE', 'The database connection is closed; the session continues in memory only.', this.options.sessionId))
    const batch = this.pending
    this.pending = []
    this.inFlight = true
    const { sessionId, epoch, clock, leaseMs } = this.options
    const durability = this.strictNext ? 'strict' : 'relaxed'
    this.strictNext = false
    const now = clock.now()
    const replaceFromSeq = this.repairFrom ?? (claimOnly ? this.durableSeq + 1 : undefined)
    const write = appendBatch(db, {
      sessionId, epoch, events: batch, durability, now, ...(leaseMs === undefined ? {} : { leaseUntil: now + leaseMs }),
      ...(deferred ? { deferred } : {}), ...(replaceFromSeq === undefined ? {} : { replaceFromSeq }),
    })
    const label = claimOnly ? 'storing the writer claim' : `saving seq ${(batch[0] as SessionEvent).seq}–${(batch.at(-1) as SessionEvent).seq}`
    watchdog(write, this.options.timeoutMs, clock, label, sessionId).then(
      () => this.committed(batch),
      (error: unknown) => this.failed(batch, error),
    )
  }

  private committed(batch: SessionEvent[]): void {
    this.inFlight = false
    this.durableSeq = batch.at(-1)?.seq ?? this.durableSeq
    this.repairFrom = undefined
    this.retryMs = RETRY_FIRST_MS
    if (this.options.claim?.deferred) this.options.claim.confirmed?.()
    if (this.stalled) {
      this.stalled = undefined
      this.options.report.state(true, this.durableSeq)
    }
    this.options.report.committed(this.durableSeq)
    this.settleWaiters(true)
    this.writeNext()
  }

  private failed(batch: SessionEvent[], error: unknown): void {
    this.inFlight = false
    const storageError = toStorageError(error, this.options.sessionId)
    if (!RETRYABLE.has(storageError.code)) return this.kill(storageError)
    this.pending = batch.concat(this.pending)
    if (!this.stalled) {
      this.stalled = storageError
      this.options.report.error(storageError)
      this.options.report.state(false, this.durableSeq)
    }
    this.settleWaiters(false)
    this.retryLater()
  }

  /** Tries the stalled batch again after a pause that doubles each time (up to RETRY_MAX_MS). */
  private retryLater(): void {
    if (this.closed || this.retryTimer !== undefined) return
    const { clock } = this.options
    this.retryTimer = clock.setTimeout(() => {
      this.retryTimer = undefined
      this.writeNext()
    }, this.retryMs)
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS)
  }

  private settleWaiters(durable: boolean): void {
    const keep: typeof this.waiters = []
    for (const waiter of this.waiters) {
      if (waiter.seq <= this.durableSeq) waiter.resolve(true)
      else if (!durable) waiter.resolve(false)
      else keep.push(waiter)
    }
    this.waiters = keep
  }
}

/** Every failure as a StorageError; a seq mismatch means another writer interleaved, which fencing treats as a take-over. */
function toStorageError(error: unknown, sessionId: string): StorageError {
  if (error instanceof StorageError) return error.sessionId ? error : new StorageError(error.code, error.message, sessionId, { cause: error.cause })
  if (error instanceof SessionPersistenceError) return new StorageError('SESSION_TAKEN_OVER', error.message, sessionId, { cause: error })
  return new StorageError('STORAGE_UNAVAILABLE', `Saving failed: ${describeError(error)}`, sessionId, { cause: error })
}
