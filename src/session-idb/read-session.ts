/**
 * Reads a stored session back: its row, its events decoded from packed rows, and a verdict on
 * damage — a torn tail (dropped, reported), a corrupt middle or an unsupported format (refused).
 * Plane: worker; read-only transactions. Contract: never writes; events come back in seq order.
 * @module session-idb/read-session
 */
import { SESSION_FORMAT_VERSION, type SessionEvent } from '../session/types.ts'
import type { DshDatabase } from './database.ts'
import { SessionPersistenceError } from './errors.ts'
import { decodeRow, RowDecodeError } from './row-codec.ts'
import { sessionEventRange, type EventRow, type SessionRow } from './schema.ts'

/** What a load dropped from the end of the stored log (never anything before it). */
export interface TornTail {
  fromSeq: number
  reason: string
}

export interface StoredSession {
  row: SessionRow
  events: SessionEvent[]
  tornTail?: TornTail
}

export async function readSessionRow(db: DshDatabase, sessionId: string): Promise<SessionRow> {
  const row = await db.get('sessions', sessionId)
  if (!row) throw new SessionPersistenceError('SESSION_NOT_FOUND', `Session ${sessionId} is not in storage.`, sessionId)
  const version = row.header.version
  if (version > SESSION_FORMAT_VERSION) {
    throw new SessionPersistenceError('SESSION_FORMAT_NEWER', `Session ${sessionId} was written by a newer dsh-agent (format ${version}; this one reads ${SESSION_FORMAT_VERSION}). Update dsh-agent to open it.`, sessionId)
  }
  if (version !== SESSION_FORMAT_VERSION) {
    throw new SessionPersistenceError('SESSION_CORRUPT', `Session ${sessionId} has unsupported format version ${String(version)}.`, sessionId)
  }
  return row
}

/** A damaged row before the last one: the session opens read-only. */
export function corrupt(sessionId: string, detail: string): SessionPersistenceError {
  return new SessionPersistenceError('SESSION_CORRUPT', `Session ${sessionId} is damaged before its last record (${detail}); it opens read-only and can be exported raw.`, sessionId)
}

/** Decodes rows in order; a bad last row becomes a torn tail, a bad earlier row is corruption. */
export function decodeRows(sessionId: string, rows: readonly EventRow[], firstSeq: number, out: SessionEvent[]): TornTail | undefined {
  let expected = firstSeq
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as EventRow
    const last = i === rows.length - 1
    if (row.firstSeq !== expected) throw corrupt(sessionId, `row starts at seq ${row.firstSeq}, expected ${expected}`)
    let decoded: SessionEvent[]
    try {
      decoded = decodeRow(row)
    } catch (error) {
      const reason = (error as Error).message
      if (error instanceof RowDecodeError && error.newer) {
        throw new SessionPersistenceError('SESSION_FORMAT_NEWER', `Session ${sessionId} was written by a newer dsh-agent (${reason}). Update dsh-agent to open it.`, sessionId)
      }
      if (last) return { fromSeq: expected, reason }
      throw corrupt(sessionId, reason)
    }
    for (const event of decoded) out.push(event)
    expected += decoded.length
  }
  return undefined
}

/** Reads the whole session; throws SESSION_NOT_FOUND / SESSION_CORRUPT / SESSION_FORMAT_NEWER. */
export async function readStoredSession(db: DshDatabase, sessionId: string): Promise<StoredSession> {
  const [row, rows] = await Promise.all([readSessionRow(db, sessionId), db.getAll('events', sessionEventRange(sessionId))])
  const events: SessionEvent[] = []
  let tornTail = decodeRows(sessionId, rows, 0, events)
  if (!tornTail && row.nextSeq > events.length) {
    tornTail = { fromSeq: events.length, reason: `the session row records ${row.nextSeq} events but ${events.length} are stored` }
  } else if (!tornTail && row.nextSeq < events.length) {
    throw corrupt(sessionId, `${events.length} events stored but the session row records ${row.nextSeq}`)
  }
  return tornTail ? { row, events, tornTail } : { row, events }
}

/** Events with seq ≥ `fromSeq` (read by followers); the row that contains `fromSeq` is found first. */
export async function readEventsFrom(db: DshDatabase, sessionId: string, fromSeq: number): Promise<SessionEvent[]> {
  const tx = db.transaction('events', 'readonly')
  const store = tx.objectStore('events')
  const cursor = await store.openCursor(IDBKeyRange.bound([sessionId, 0], [sessionId, fromSeq]), 'prev')
  const startKey = cursor ? (cursor.key as [string, number])[1] : fromSeq
  const rows = await store.getAll(sessionEventRange(sessionId, startKey))
  const events: SessionEvent[] = []
  decodeRows(sessionId, rows, startKey, events)
  return fromSeq > startKey ? events.filter((event) => event.seq >= fromSeq) : events
}

/** Every stored row of a session as raw JSONL (row metadata + undecoded body): the escape hatch for a damaged session. */
export async function exportRawRows(db: DshDatabase, sessionId: string): Promise<string> {
  const row = await db.get('sessions', sessionId)
  if (!row) throw new SessionPersistenceError('SESSION_NOT_FOUND', `Session ${sessionId} is not in storage.`, sessionId)
  const rows = await db.getAll('events', sessionEventRange(sessionId))
  return [JSON.stringify({ session: row }), ...rows.map((eventRow) => JSON.stringify(eventRow))].join('\n') + '\n'
}
