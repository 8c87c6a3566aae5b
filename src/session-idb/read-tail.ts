/**
 * The last turns of a stored session, read without loading the rest: event rows newest first (a
 * cursor backwards over `[sessionId, firstSeq]`) until they hold `maxEvents` events and a
 * `turn/start` at or before `end - maxEvents`, where the tail starts (else at seq 0). Lets a page
 * paint a long session's end while the full load runs. Plane: worker; read-only.
 * Contract: never writes or claims; the events are exactly the stored ones at their seqs; a last
 * row that does not decode is left out (a load drops it as a torn tail); a bad earlier row or a
 * gap between rows is SESSION_CORRUPT, a newer format SESSION_FORMAT_NEWER (as a load says).
 * @module session-idb/read-tail
 */
import type { SessionEvent } from '../session/types.ts'
import type { DshDatabase } from './database.ts'
import { corrupt, decodeRows, readSessionRow } from './read-session.ts'
import { sessionEventRange } from './schema.ts'

export interface StoredTail {
  /** Seq of the first event: a `turn/start`, or 0. */
  fromSeq: number
  events: SessionEvent[]
}

/** Where whole turns holding about `maxEvents` events start in `events` (seqs `first…`), or -1 when an earlier row is needed. */
function turnStartIn(events: readonly SessionEvent[], end: number, maxEvents: number): number {
  const first = events[0]?.seq ?? end
  for (let seq = end - maxEvents; seq >= first; seq--) {
    if (seq <= 0) return 0
    if (events[seq - first]!.type === 'turn/start') return seq
  }
  return first === 0 ? 0 : -1
}

export async function readStoredTail(db: DshDatabase, sessionId: string, maxEvents: number): Promise<StoredTail> {
  await readSessionRow(db, sessionId)
  const tx = db.transaction('events', 'readonly')
  let cursor = await tx.store.openCursor(sessionEventRange(sessionId), 'prev')
  let events: SessionEvent[] = []
  let end = -1
  for (let newest = true; cursor; newest = false, cursor = await cursor.continue()) {
    const row = cursor.value
    const decoded: SessionEvent[] = []
    const torn = decodeRows(sessionId, [row], row.firstSeq, decoded)
    if (torn && !newest) throw corrupt(sessionId, torn.reason)
    if (torn) continue
    if (end >= 0 && row.firstSeq + decoded.length !== events[0]!.seq) throw corrupt(sessionId, `row at seq ${row.firstSeq} does not reach seq ${events[0]!.seq}`)
    if (end < 0) end = row.firstSeq + decoded.length
    events = decoded.concat(events)
    const start = turnStartIn(events, end, maxEvents)
    if (start >= 0) return { fromSeq: start, events: events.slice(start - events[0]!.seq) }
  }
  return { fromSeq: events[0]?.seq ?? 0, events }
}
