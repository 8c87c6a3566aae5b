/**
 * Fenced writes of one session's rows: create, append a batch, claim the writer epoch, renew a
 * lease, delete. Plane: worker. Contract: an append commits only if, inside its own transaction,
 * the session row still carries the caller's epoch (or, for a claim deferred by a full quota, the
 * epoch it was claimed from, then bumped in the same commit) and expects exactly the batch's first seq.
 * @module session-idb/session-rows
 */
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import { SessionPersistenceError, StorageError, describeError } from './errors.ts'
import { encodeRows } from './row-codec.ts'
import { sessionEventRange, type SessionRow } from './schema.ts'
import { guarded, transact, type StoreName, type TxScope } from './transact.ts'

export const TITLE_MAX = 120

/** Text of a user message's text blocks, whitespace-collapsed and cut to TITLE_MAX characters. */
function titleOf(events: readonly SessionEvent[]): string | undefined {
  const first = events.find((event) => event.type === 'user/message')
  if (!first || first.type !== 'user/message') return undefined
  const text = first.data.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(' ')
  const title = text.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX)
  return title || undefined
}

export function createSession(db: IDBDatabase, header: SessionHeader, now: number): Promise<void> {
  return transact(db, ['sessions'], 'relaxed', (scope) => {
    const store = scope.tx.objectStore('sessions')
    const existing = store.getKey(header.id)
    existing.onsuccess = guarded(scope, () => {
      if (existing.result !== undefined) {
        scope.fail(new SessionPersistenceError('SESSION_ALREADY_EXISTS', `Session ${header.id} already exists in storage.`, header.id))
        return
      }
      const row: SessionRow = { id: header.id, header, createdAt: header.createdAt, updatedAt: now, nextSeq: 0, epoch: 0 }
      store.add(row)
    })
  })
}

/**
 * A writer claim whose epoch could not be stored when it was won (quota full): the first commit
 * stores it, provided the row still holds `fromEpoch` and no other writer's lease runs.
 */
export interface DeferredClaim {
  fromEpoch: number
  writer: string
}

/** The check every fenced write makes inside its transaction. */
function fenceError(row: SessionRow | undefined, sessionId: string, epoch: number, now: number, deferred?: DeferredClaim): Error | undefined {
  if (!row) return new StorageError('STORAGE_CLEARED', `Session ${sessionId} was deleted from storage (another tab or cleared site data).`, sessionId)
  const leasedElsewhere = row.leaseUntil !== undefined && row.leaseUntil > now && row.writer !== deferred?.writer
  const holds = deferred ? row.epoch === deferred.fromEpoch && !leasedElsewhere : row.epoch === epoch
  if (!holds) {
    return new StorageError('SESSION_TAKEN_OVER', `Session ${sessionId} was taken over by another tab or instance; this one is now read-only.`, sessionId)
  }
  return undefined
}

/**
 * One readwrite transaction that first reads the session row and runs `write` only if the caller
 * still holds `epoch` (else the transaction fails with the fence error): the fencing every write shares.
 */
function fencedWrite(
  db: IDBDatabase, stores: StoreName[], durability: IDBTransactionDurability, fence: { sessionId: string; epoch: number; now: number; deferred?: DeferredClaim },
  write: (row: SessionRow, scope: TxScope, sessions: IDBObjectStore) => void,
): Promise<void> {
  const { sessionId, epoch, deferred } = fence
  return transact(db, stores, durability, (scope) => {
    const sessions = scope.tx.objectStore('sessions')
    const get = sessions.get(sessionId)
    get.onsuccess = guarded(scope, () => {
      const row = get.result as SessionRow | undefined
      const error = fenceError(row, sessionId, epoch, fence.now, deferred)
      if (error) return scope.fail(error)
      write(deferred ? { ...(row as SessionRow), epoch, writer: deferred.writer } : row as SessionRow, scope, sessions)
    })
  })
}

export interface AppendBatch {
  sessionId: string
  epoch: number
  events: readonly SessionEvent[]
  durability: IDBTransactionDurability
  now: number
  /** Lease deadline to extend when running without Web Locks. */
  leaseUntil?: number
  /** Repair commit: drop stored rows from this seq on (a torn tail) and write `events` in their place. */
  replaceFromSeq?: number
  /** The writer's claim was deferred (quota): this commit stores its epoch. */
  deferred?: DeferredClaim
}

/** Appends a contiguous batch as packed rows in one fenced transaction (`events` may be empty only with `replaceFromSeq`). */
export function appendBatch(db: IDBDatabase, batch: AppendBatch): Promise<void> {
  const { sessionId, epoch, events } = batch
  const rows = encodeRows(sessionId, epoch, events)
  const firstSeq = batch.replaceFromSeq ?? (events[0] as SessionEvent).seq
  const fence = { sessionId, epoch, now: batch.now, ...(batch.deferred ? { deferred: batch.deferred } : {}) }
  return fencedWrite(db, ['sessions', 'events'], batch.durability, fence, (current, scope, sessions) => {
    if (batch.replaceFromSeq === undefined ? current.nextSeq !== firstSeq : current.nextSeq < firstSeq) {
      return scope.fail(new SessionPersistenceError('SEQ_MISMATCH', `Session ${sessionId} expects seq ${current.nextSeq} next, got a batch starting at ${firstSeq}.`, sessionId))
    }
    const events = scope.tx.objectStore('events')
    if (batch.replaceFromSeq !== undefined) events.delete(sessionEventRange(sessionId, batch.replaceFromSeq))
    for (const eventRow of rows) events.add(eventRow)
    const next: SessionRow = { ...current, nextSeq: firstSeq + batch.events.length, updatedAt: batch.now }
    if (next.title === undefined) {
      const title = titleOf(batch.events)
      if (title !== undefined) next.title = title
    }
    if (batch.leaseUntil !== undefined) next.leaseUntil = batch.leaseUntil
    sessions.put(next)
  })
}

export interface ClaimRequest {
  sessionId: string
  writer: string
  /** Take the epoch even if another writer's lease is still running. */
  steal: boolean
  now: number
  /** Lease deadline when running without Web Locks; absent when a Web Lock elected us. */
  leaseUntil?: number
}

/** Bumps the session's epoch for a new writer; resolves the new epoch, or null when a live lease belongs to another writer. */
export function claimEpoch(db: IDBDatabase, claim: ClaimRequest): Promise<number | null> {
  let epoch: number | null = null
  return transact(db, ['sessions'], 'relaxed', (scope) => {
    const sessions = scope.tx.objectStore('sessions')
    const get = sessions.get(claim.sessionId)
    get.onsuccess = guarded(scope, () => {
      const row = get.result as SessionRow | undefined
      if (!row) return scope.fail(new SessionPersistenceError('SESSION_NOT_FOUND', `Session ${claim.sessionId} is not in storage.`, claim.sessionId))
      const leased = claim.leaseUntil !== undefined && row.leaseUntil !== undefined && row.leaseUntil > claim.now && row.writer !== claim.writer
      if (leased && !claim.steal) return
      const next: SessionRow = { ...row, epoch: row.epoch + 1, writer: claim.writer }
      if (claim.leaseUntil === undefined) delete next.leaseUntil
      else next.leaseUntil = claim.leaseUntil
      sessions.put(next)
      epoch = next.epoch
    })
  }).then(() => epoch)
}

/** The session row as stored now (a read-only transaction: it works while the quota is full); undefined when absent. */
export function readRow(db: IDBDatabase, sessionId: string): Promise<SessionRow | undefined> {
  return new Promise((resolve, reject) => {
    try {
      const get = db.transaction('sessions', 'readonly').objectStore('sessions').get(sessionId)
      get.onsuccess = () => resolve(get.result as SessionRow | undefined)
      get.onerror = () => reject(new StorageError('STORAGE_UNAVAILABLE', `Reading session ${sessionId} failed: ${describeError(get.error)}`, sessionId, { cause: get.error }))
    } catch (error) {
      reject(new StorageError('STORAGE_UNAVAILABLE', `IndexedDB refused a read: ${describeError(error)}`, sessionId, { cause: error }))
    }
  })
}

/** Extends our lease; rejects SESSION_TAKEN_OVER when the epoch moved on. */
export function renewLease(db: IDBDatabase, sessionId: string, epoch: number, leaseUntil: number): Promise<void> {
  return fencedWrite(db, ['sessions'], 'relaxed', { sessionId, epoch, now: 0 }, (row, _scope, sessions) => {
    sessions.put({ ...row, leaseUntil })
  })
}

/** Deletes one session's row and every event row. */
export function deleteSession(db: IDBDatabase, sessionId: string): Promise<void> {
  return transact(db, ['sessions', 'events'], 'relaxed', (scope) => {
    scope.tx.objectStore('sessions').delete(sessionId)
    scope.tx.objectStore('events').delete(sessionEventRange(sessionId))
  })
}
