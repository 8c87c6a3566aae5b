/**
 * The storage backend contract behind `ctx.sessions` (dsh contracts §2.10), provided as the
 * `ctx.sessionPersistence` service by `session-memory` (Node default) or `session-idb`.
 * Plane: shared; types only. Backends store events verbatim (same key order), chunks included.
 * @module session/persistence
 */
import type { SessionId } from '../util/brand.ts'
import type { SessionEvent, SessionHeader } from './types.ts'

/** One stored session as `list()` reports it. */
export interface SessionListing {
  readonly header: SessionHeader
  /** Number of stored events (= next seq). */
  readonly eventCount: number
  /** Text of the first user message, shortened (backends that track it). */
  readonly title?: string
  /** Epoch ms of the last stored write (backends that track it). */
  readonly updatedAt?: number
}

/** What `load` returns: the header and the stored events, `events[i].seq === i`. */
export interface StoredSession {
  readonly header: SessionHeader
  readonly events: readonly SessionEvent[]
  /**
   * True when `events` were decoded for this call and nobody else holds them: the store then
   * validates and freezes them in place instead of copying (`Session` `adoptSeed`).
   */
  readonly fresh?: boolean
  /**
   * Also true (with `fresh`) when every payload came straight from `JSON.parse` in this call (or
   * was built from its values as plain objects and arrays): the store checks them with the walk
   * specialised for parsed JSON (`parsedJsonFreezer`: the same checks and errors, faster).
   */
  readonly parsed?: boolean
}

/**
 * A session storage backend. Writes of live events are the backend's own job: it listens to
 * `session/event` (write-behind, batched) and drains on `session/flush`. The store calls the
 * methods below for everything else.
 *
 * Rules: refuse a header whose `version` is not `SESSION_FORMAT_VERSION`; never reorder,
 * rewrite or truncate stored events (except dropping a torn final record on load); a backend
 * may repair on load with `interruptedTurnClosers` — the store repairs whatever is left open
 * and commits the closers with `append` before a loaded session goes live.
 */
export interface SessionPersistence {
  /** Record a new session. Rejects if `header.id` already exists. */
  create(header: SessionHeader): Promise<void>
  /**
   * Append events durably. `events[0].seq` must equal the stored event count and the batch must
   * be contiguous, else reject and write nothing. Resolves when the events are durable.
   */
  append(id: SessionId, events: readonly SessionEvent[]): Promise<void>
  /** Whether a session with this id is stored. */
  has(id: SessionId): Promise<boolean>
  /** The stored header and events, or `undefined` when the id is unknown. */
  load(id: SessionId): Promise<StoredSession | undefined>
  /** Optional: the stored log read without claiming or repairing it (a damaged log gives its readable prefix). */
  inspect?(id: SessionId): Promise<StoredSession | undefined>
  /** Every stored session, newest `createdAt` first. */
  list(): Promise<SessionListing[]>
  /** Remove a session and its events; resolves `false` when it did not exist. */
  delete(id: SessionId): Promise<boolean>
  /**
   * Settles when every event published so far is durable or its write failed (never hangs):
   * `durable` is false when some live session's events are not all stored.
   */
  flush(): Promise<FlushOutcome>
}

export interface FlushOutcome {
  readonly durable: boolean
}
