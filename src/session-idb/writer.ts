/**
 * Write-behind for one session: buffers appended events, commits each task's events (plus
 * everything that piled up meanwhile) in one fenced transaction, one transaction in flight.
 * Plane: worker. Contract: `durableSeq` moves only on `complete`; a retryable failure (quota,
 * aborted write) keeps every event and retries on the next append or flush, contiguously;
 * a fatal one (taken over, cleared, wedged) stops writing; `flush` always settles.
 * @module session-idb/writer
 */
import type { SessionEvent } from '../session/types.ts'
import { SessionPersistenceError, StorageError, describeError } from './errors.ts'
import { appendBatch } from './session-rows.ts'
import { watchdog, type Clock } from './watchdog.ts'

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
  report: WriterReporter
}

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

  constructor(private readonly options: WriterOptions) {
    this.durableSeq = options.durableSeq
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
    this.pending = []
    this.options.report.error(error)
    this.options.report.state(false, this.durableSeq)
    this.settleWaiters(false)
  }

  private writeNext(): void {
    if (this.inFlight || this.dead || this.pending.length === 0) return
    const db = this.options.db()
    if (!db) return this.kill(new StorageError('STORAGE_UNAVAILABLE', 'The database connection is closed; the session continues in memory only.', this.options.sessionId))
    const batch = this.pending
    this.pending = []
    this.inFlight = true
    const { sessionId, epoch, clock, leaseMs } = this.options
    const durability = this.strictNext ? 'strict' : 'relaxed'
    this.strictNext = false
    const now = clock.now()
    const write = appendBatch(db, { sessionId, epoch, events: batch, durability, now, ...(leaseMs === undefined ? {} : { leaseUntil: now + leaseMs }) })
    const label = `saving seq ${(batch[0] as SessionEvent).seq}–${(batch.at(-1) as SessionEvent).seq}`
    watchdog(write, this.options.timeoutMs, clock, label, sessionId).then(
      () => this.committed(batch),
      (error: unknown) => this.failed(batch, error),
    )
  }

  private committed(batch: SessionEvent[]): void {
    this.inFlight = false
    this.durableSeq = (batch.at(-1) as SessionEvent).seq
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
