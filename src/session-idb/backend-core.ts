/**
 * The plain core behind `ctx.sessionPersistence` on IndexedDB (kernel/cordis/service): the
 * `SessionPersistence` contract plus one writer per session (Web Lock or lease, epoch-fenced),
 * read-only following, take-over and "delete all". Plane: worker; DOM-free, globals read lazily.
 * Contract: storage failures never reject the session's work — they become `storage/error` +
 * `storage/state {saving:false}` and the log goes on in memory; only bad input (seq mismatch)
 * and fencing reject.
 * @module session-idb/backend-core
 */
import type { EventsService, Logger } from '@deepseek-ai/cordis'
import type { FlushOutcome, SessionListing, SessionPersistence, StoredSession } from '../session/persistence.ts'
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import { newId, type SessionId } from '../util/brand.ts'
import { Connection } from './connection.ts'
import { deleteDatabase, globalIdbFactory, type DshDatabase } from './database.ts'
import { SessionPersistenceError, StorageError } from './errors.ts'
import './events.ts'
import { SessionFollower } from './follower.ts'
import { readStoredTail, type StoredTail } from './read-tail.ts'
import { decodeRows, exportRawRows, readSessionRow, readStoredSession } from './read-session.ts'
import { sessionEventRange } from './schema.ts'
import { READER_DATA_DATABASES } from '../util/idb-databases.ts'
import { SessionHandle } from './session-handle.ts'
import { appendBatch, createSession, deleteSession } from './session-rows.ts'
import { DeferredCreates } from './deferred-create.ts'
import { awaitSuccession, electWriter, type WriterClaim } from './writer-election.ts'
import { systemClock, watchdog, type Clock } from './watchdog.ts'

export interface Config {
  /** A storage call that has not settled after this many ms is STORAGE_WEDGED (default 10 000). */
  timeoutMs?: number
  /** Lease length when Web Locks are missing (default 10 000). */
  leaseMs?: number
  /** Follower safety poll, in case a BroadcastChannel nudge was lost (default 1 000). */
  pollMs?: number
  /** Test seam: the clock for watchdogs, leases and polls. */
  clock?: Clock
  /** Test seam: the IndexedDB factory; `null` simulates a browser without IndexedDB. */
  indexedDB?: IDBFactory | null
}

/** A stored session read without claiming it: for followers and damaged sessions. */
export interface InspectedSession extends StoredSession {
  /** Why the events stop early (corrupt middle, torn tail); absent when the log read cleanly. */
  problem?: string
}

export class IdbBackendCore implements SessionPersistence {
  /** This instance's writer identity (stored in the session row with its epoch). */
  readonly instanceId: string = newId()
  private readonly clock: Clock
  private readonly timeoutMs: number
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly connection: Connection
  private readonly handles = new Map<string, SessionHandle>()
  private readonly memoryOnly = new Set<string>()
  /** Sessions closed while events were still queued: each drains, then gives its claim up. */
  private readonly draining = new Map<string, Promise<unknown>>()
  private readonly factory: IDBFactory | undefined
  private readonly deferred: DeferredCreates
  /** Claims of stored sessions in flight, by id. */
  private readonly claiming = new Map<string, Promise<SessionHandle>>()

  /**
   * @param bus - the event bus behind `ctx.events` (kernel/cordis/service `eventBus`): `storage/*` reports
   * @param logger - the backend's logger (`session-idb`)
   */
  constructor(private readonly bus: EventsService, private readonly logger: Logger, config: Config = {}) {
    this.clock = config.clock ?? systemClock
    this.timeoutMs = config.timeoutMs ?? 10_000
    this.leaseMs = config.leaseMs ?? 10_000
    this.pollMs = config.pollMs ?? 1_000
    this.factory = config.indexedDB === null ? undefined : config.indexedDB ?? globalIdbFactory()
    this.connection = new Connection({
      factory: this.factory,
      clock: this.clock, timeoutMs: this.timeoutMs,
      drain: async () => { await this.flush() },
      onLost: (error) => this.storageLost(error),
      onBlocked: (error) => this.bus.emit('storage/error', { code: error.code, message: error.message }),
    })
    this.deferred = new DeferredCreates({ clock: this.clock, create: (header) => this.storeNew(header), stored: (header, events) => this.storedLate(header, events) })
  }

  /** A live event of `sessionId`, queued on its writer when this instance writes it (`session/event`). */
  enqueue(sessionId: SessionId, event: SessionEvent): void {
    if (this.deferred.hold(sessionId, [event])) return
    this.handles.get(sessionId)?.writer.enqueue([event])
  }

  async create(header: SessionHeader): Promise<void> {
    const db = await this.connection.get()
    if (!db) return this.markMemoryOnly(header.id)
    try {
      await this.storeNew(header)
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      this.bus.emit('storage/error', { code: error.code, message: error.message, sessionId: header.id })
      if (error.code === 'QUOTA_EXCEEDED') this.deferred.defer(header) // stored by itself once there is room
      return this.markMemoryOnly(header.id)
    }
    await this.claim(header.id, false, -1)
  }

  private storeNew(header: SessionHeader): Promise<void> {
    const raw = this.connection.raw()
    if (!raw) return Promise.reject(this.connection.failure ?? new StorageError('STORAGE_UNAVAILABLE', 'The database connection is closed.', header.id))
    return this.guard(createSession(raw, header, this.clock.now()), `creating session ${header.id}`, header.id)
  }

  /** A session created while the quota was full is stored now: claim it and write what it holds so far. */
  private async storedLate(header: SessionHeader, events: readonly SessionEvent[]): Promise<void> {
    this.memoryOnly.delete(header.id)
    try {
      const handle = await this.claim(header.id, false, -1)
      handle.writer.enqueue(events)
      await handle.writer.flush()
    } catch (error) {
      this.logger.warn('storing session %s after the quota freed failed: %s', header.id, error)
      this.markMemoryOnly(header.id)
    }
  }

  async append(id: SessionId, events: readonly SessionEvent[]): Promise<void> {
    if (this.deferred.hold(id, events)) return
    if (events.length === 0 || this.memoryOnly.has(id)) return
    const handle = this.handles.get(id) ?? await this.claimStored(id)
    const expected = handle.writer.lastSeq + 1
    const gap = events.findIndex((event, i) => event.seq !== expected + i)
    if (gap !== -1) {
      throw new SessionPersistenceError('SEQ_MISMATCH', `Session ${id}: event ${gap} of the batch has seq ${String(events[gap]?.seq)}, expected ${expected + gap}; nothing was written.`, id)
    }
    handle.writer.enqueue(events)
    await handle.writer.flush()
    const failure = handle.writer.failure
    if (failure?.code === 'SESSION_TAKEN_OVER') throw failure
  }

  async has(id: SessionId): Promise<boolean> {
    const db = await this.connection.get()
    return db ? (await this.guard(db.getKey('sessions', id), `looking up session ${id}`, id)) !== undefined : false
  }

  /** Claims the writer, then reads; a torn tail is dropped (committed) and reported. */
  async load(id: SessionId): Promise<StoredSession | undefined> {
    const db = await this.connection.get()
    if (!db || !(await this.has(id))) return undefined
    const handle = this.handles.get(id) ?? await this.claimStored(id)
    let stored
    try {
      stored = await this.guard(readStoredSession(db, id), `loading session ${id}`, id)
    } catch (error) {
      this.release(id)
      throw error
    }
    if (handle.writer.busy) return this.loaded(stored) // already written from here (a load racing an open): its writer is ahead of what was read
    if (stored.tornTail) {
      await this.dropTornTail(handle, stored.tornTail)
      handle.writer.durableSeq = stored.events.length - 1
    } else {
      handle.writer.durableSeq = Math.max(handle.writer.durableSeq, stored.events.length - 1) // a read older than a commit made meanwhile never rewinds it
    }
    return this.loaded(stored)
  }

  private loaded(stored: Awaited<ReturnType<typeof readStoredSession>>): StoredSession {
    return { header: stored.row.header, events: stored.events, fresh: true, parsed: true }
  }

  /** Drops a torn tail now; when the quota is full, with the writer's first commit instead (the session still opens). */
  private async dropTornTail(handle: SessionHandle, tail: { fromSeq: number; reason: string }): Promise<void> {
    const { sessionId: id } = handle.options
    const raw = this.connection.raw() as IDBDatabase
    const { fromSeq, reason } = tail
    const dropNow = handle.options.claim.deferred
      ? Promise.resolve(false) // the claim itself waits for room: so does the repair
      : this.guard(appendBatch(raw, { sessionId: id, epoch: handle.epoch, events: [], durability: 'relaxed', now: this.clock.now(), replaceFromSeq: fromSeq }), `dropping the torn tail of ${id}`, id)
        .then(() => true, (error: unknown) => {
          if (error instanceof StorageError && error.code === 'QUOTA_EXCEEDED') return false
          throw error
        })
    if (!(await dropNow)) handle.writer.repairTornTail(fromSeq)
    this.bus.emit('storage/torn-tail', { sessionId: id, fromSeq, reason })
  }

  /** The last turns of a stored session (about `maxEvents` events, whole turns), read without claiming it or reading the rest; undefined when it is not stored. */
  async readTail(id: SessionId, maxEvents: number): Promise<StoredTail | undefined> {
    const db = await this.connection.get()
    if (!db || !(await this.has(id))) return undefined
    return this.guard(readStoredTail(db, id, maxEvents), `reading the last turns of ${id}`, id)
  }

  /** Reads a session without claiming or repairing it; a damaged log returns its readable prefix and `problem`. */
  async inspect(id: SessionId): Promise<InspectedSession | undefined> {
    const db = await this.connection.get()
    if (!db || !(await this.has(id))) return undefined
    const row = await this.guard(readSessionRow(db, id), `reading session ${id}`, id)
    const rows = await this.guard(db.getAll('events', sessionEventRange(id)), `reading events of ${id}`, id)
    const events: SessionEvent[] = []
    try {
      const torn = decodeRows(id, rows, 0, events)
      return torn ? { header: row.header, events, problem: torn.reason } : { header: row.header, events }
    } catch (error) {
      return { header: row.header, events, problem: (error as Error).message }
    }
  }

  /** Every stored row of a session as raw JSONL, for a session too damaged to load. */
  async exportRaw(id: SessionId): Promise<string> {
    const db = await this.requireDb()
    return this.guard(exportRawRows(db, id), `exporting ${id}`, id)
  }

  async list(): Promise<SessionListing[]> {
    const db = await this.connection.get()
    if (!db) return []
    const rows = await this.guard(db.getAll('sessions'), 'listing sessions')
    rows.sort((a, b) => b.createdAt - a.createdAt)
    return rows.map((row) => ({
      header: row.header, eventCount: row.nextSeq, updatedAt: row.updatedAt,
      ...(row.title === undefined ? {} : { title: row.title }),
    }))
  }

  async delete(id: SessionId): Promise<boolean> {
    await this.draining.get(id)
    this.release(id)
    this.deferred.drop(id)
    this.memoryOnly.delete(id)
    const db = await this.connection.get()
    if (!db || !(await this.has(id))) return false
    await this.guard(deleteSession(this.connection.raw() as IDBDatabase, id), `deleting ${id}`, id)
    return true
  }

  /** Drains every session this instance writes; `durable` is false if one is memory-only, stalled, or lost its writer. */
  async flush(): Promise<FlushOutcome> {
    await Promise.all(this.draining.values())
    const drained = await Promise.all([...this.handles.keys()].map((id) => this.drain(id)))
    return { durable: drained.every(Boolean) && this.memoryOnly.size === 0 }
  }

  /** Flushes one session's queue within the watchdog; true when everything enqueued is durable. */
  private async drain(id: string): Promise<boolean> {
    const handle = this.handles.get(id)
    if (!handle) return true
    try {
      return (await this.guard(handle.writer.flush(), `draining session ${id}`, id)).durable
    } catch (error) {
      this.logger.warn('draining %s failed: %s', id, error)
      return false
    }
  }

  /** A closed session: its queued events are written first, then its claim is given up. */
  drainThenRelease(id: string): void {
    this.deferred.drop(id)
    this.memoryOnly.delete(id)
    const handle = this.handles.get(id)
    if (!handle || this.draining.has(id)) return
    const drained = this.drain(id).then((durable) => {
      if (this.handles.get(id) === handle) this.release(id)
      this.draining.delete(id)
      return durable
    })
    this.draining.set(id, drained)
  }

  /** Flushes with `strict` durability: the checkpoint before an effect outside the browser. */
  async checkpoint(id: SessionId): Promise<boolean> {
    const handle = this.handles.get(id)
    return handle ? (await handle.writer.flush('strict')).durable : false
  }

  /** Seq of the last event of `id` known durable (-1 when none, or when this instance does not write it). */
  durableSeq(id: SessionId): number {
    return this.handles.get(id)?.writer.durableSeq ?? -1
  }

  /** Whether this instance is the session's writer right now. */
  isWriter(id: SessionId): boolean {
    const handle = this.handles.get(id)
    return handle !== undefined && handle.writer.failure?.code !== 'SESSION_TAKEN_OVER'
  }

  /**
   * Takes the session from whichever instance writes it (Web Lock `steal`, new epoch). The old
   * writer's next transaction fails its epoch check. Then `ctx.sessions.open(id)` loads and repairs.
   */
  async takeOver(id: SessionId): Promise<void> {
    this.release(id)
    await this.requireDb()
    await this.claim(id, true, -1)
  }

  /**
   * Waits until whichever instance writes `id` is gone (Web Lock released: tab closed, worker terminated,
   * session closed; or lease run out), then claims it here without stealing; `ctx.sessions.open(id)` then
   * loads and repairs. Of several waiting instances exactly one wins. Rejects with `signal`'s reason.
   */
  async awaitWriterGone(id: SessionId, signal: AbortSignal): Promise<void> {
    if (this.isWriter(id)) return
    this.release(id) // a claim taken over earlier: nothing left to give up but its handle
    await this.requireDb()
    const db = this.connection.raw() as IDBDatabase
    const claim = await awaitSuccession({ db, sessionId: id, writer: this.instanceId, steal: false, clock: this.clock, leaseMs: this.leaseMs, pollMs: this.pollMs, signal })
    if (this.handles.has(id)) claim.release() // claimed meanwhile (take-over): that claim holds a newer epoch
    else this.adopt(id, claim, -1)
  }

  /** Gives up this instance's writer claim on `id` (lock released, lease cleared); the stored log stays. */
  release(id: SessionId | string): void {
    this.handles.get(id)?.release()
    this.handles.delete(id)
  }

  /**
   * Follows a session another instance writes: `onEvents` gets every stored event from `fromSeq`
   * on, in order, as it becomes durable there. Returns the stop function.
   */
  follow(id: SessionId, onEvents: (events: SessionEvent[]) => void, fromSeq = 0): () => void {
    const follower = new SessionFollower({
      db: () => this.connection.current(), sessionId: id, nextSeq: fromSeq, onEvents,
      onError: (error) => this.logger.warn('following %s failed: %s', id, error),
      clock: this.clock, pollMs: this.pollMs, timeoutMs: this.timeoutMs,
    })
    void this.connection.get().then(() => follower.start())
    return () => follower.stop()
  }

  /**
   * "Delete all my data": every database of this origin that holds the reader's data
   * (util/idb-databases.ts `READER_DATA_DATABASES`; the site's skill-body cache is kept, see there).
   */
  async deleteAllData(): Promise<void> {
    this.deferred.dropAll()
    for (const id of this.handles.keys()) this.release(id)
    this.connection.close()
    const factory = this.factory
    if (!factory) return
    await Promise.all(READER_DATA_DATABASES.map((name) => this.guard(deleteDatabase(factory, name), `deleting database ${name}`)))
  }

  private async requireDb(): Promise<DshDatabase> {
    const db = await this.connection.get()
    if (!db) throw this.connection.failure as StorageError
    return db
  }

  /**
   * Claims a stored session this instance has not claimed yet; its writer continues after the stored
   * events. Concurrent claims of one session (an open and a fork or export of it) share one claim:
   * two would fence each other (lease) or refuse the second as another tab's (Web Lock).
   */
  private claimStored(id: string): Promise<SessionHandle> {
    const inFlight = this.claiming.get(id)
    if (inFlight) return inFlight
    const claimed = (async () => {
      const db = await this.requireDb()
      const row = await this.guard(readSessionRow(db, id), `reading session ${id}`, id)
      return this.claim(id, false, row.nextSeq - 1)
    })()
    this.claiming.set(id, claimed)
    const settled = (): void => void this.claiming.delete(id)
    claimed.then(settled, settled)
    return claimed
  }

  private async claim(id: string, steal: boolean, durableSeq: number): Promise<SessionHandle> {
    const db = this.connection.raw() as IDBDatabase
    const claim = await this.guard(electWriter({ db, sessionId: id, writer: this.instanceId, steal, clock: this.clock, leaseMs: this.leaseMs }), `claiming ${id}`, id)
    if (!claim) throw new SessionPersistenceError('SESSION_LOCKED', `Session ${id} is open for writing in another tab or instance; follow it read-only or take it over.`, id)
    return this.adopt(id, claim, durableSeq)
  }

  /** Writes `id` under `claim` from here on. */
  private adopt(id: string, claim: WriterClaim, durableSeq: number): SessionHandle {
    const handle = new SessionHandle({
      sessionId: id, claim, durableSeq, db: () => this.connection.raw(), clock: this.clock, timeoutMs: this.timeoutMs, leaseMs: this.leaseMs,
      report: {
        error: (error) => this.bus.emit('storage/error', { code: error.code, message: error.message, sessionId: id }),
        state: (saving, seq) => this.bus.emit('storage/state', { sessionId: id, saving, durableSeq: seq }),
      },
    })
    this.handles.set(id, handle)
    if (claim.deferred) handle.writer.startStalled() // the stored log opens; new work stays in memory until there is room
    return handle
  }

  private markMemoryOnly(id: string): void {
    this.memoryOnly.add(id)
    this.bus.emit('storage/state', { sessionId: id, saving: false, durableSeq: -1 })
  }

  /** One report per cause: per written session, or once for the backend when none is open. */
  private storageLost(error: StorageError): void {
    if (this.handles.size === 0) this.bus.emit('storage/error', { code: error.code, message: error.message })
    for (const [id, handle] of this.handles) handle.writer.kill(new StorageError(error.code, error.message, id))
  }

  /** Drains every queue (bounded by the watchdog) before the claims and the connection go. */
  async dispose(): Promise<void> {
    this.deferred.dropAll()
    await this.flush()
    for (const id of this.handles.keys()) this.release(id)
    this.connection.close()
  }

  private guard<T>(work: Promise<T>, label: string, sessionId?: string): Promise<T> {
    return watchdog(work, this.timeoutMs, this.clock, label, sessionId)
  }
}
