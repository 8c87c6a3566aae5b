/**
 * Encodes write batches into packed event rows and decodes rows back into the exact events.
 * Plane: worker; pure. Contract: `decodeRow(encodeRows(b)[i])` concatenated equals `b`, key order
 * included; a row that does not decode to `count` contiguous events from `firstSeq` throws.
 * @module session-idb/row-codec
 */
import type { SessionEvent } from '../session/types.ts'
import { continuesRun, deltaKind, expandRun, MIN_RUN, packRun, type DeltaKind } from './chunk-runs.ts'
import type { EventRow } from './schema.ts'

/** Body encoding version; bump when the body layout changes (README "format rule"). */
export const ROW_ENCODING = 1
/** Events per row: bounds one row's size so a catch-up after quota recovery stays many small puts. */
export const MAX_EVENTS_PER_ROW = 2000

/** Thrown by `decodeRow`; `newer` marks a row written by a newer encoder. */
export class RowDecodeError extends Error {
  override readonly name = 'RowDecodeError'
  constructor(message: string, readonly newer = false) {
    super(message)
  }
}

/** Storage records of one batch: each run of ≥ MIN_RUN packable deltas becomes one ChunkRun. */
export function packRecords(events: readonly SessionEvent[]): unknown[] {
  const out: unknown[] = []
  let kind: DeltaKind | undefined
  let start = 0
  const close = (end: number): void => {
    if (kind !== undefined && end - start >= MIN_RUN) out.push(packRun(kind, events.slice(start, end)))
    else for (let i = start; i < end; i++) out.push(events[i])
  }
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as SessionEvent
    const k = deltaKind(event)
    if (k !== undefined && k === kind && continuesRun(events[i - 1] as SessionEvent, event)) continue
    close(i)
    kind = k
    start = i
  }
  close(events.length)
  return out
}

/** Splits a contiguous batch into rows of at most MAX_EVENTS_PER_ROW events. */
export function encodeRows(sessionId: string, epoch: number, events: readonly SessionEvent[]): EventRow[] {
  const rows: EventRow[] = []
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_ROW) {
    const slice = events.slice(start, start + MAX_EVENTS_PER_ROW)
    rows.push({
      sessionId, firstSeq: (slice[0] as SessionEvent).seq, count: slice.length, epoch,
      enc: ROW_ENCODING, body: JSON.stringify(packRecords(slice)),
    })
  }
  return rows
}

function expandRecord(record: unknown, out: SessionEvent[]): void {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new RowDecodeError('a record is not an object')
  if (Object.hasOwn(record, 'run') && !Object.hasOwn(record, 'type')) {
    for (const event of expandRun(record as Record<string, unknown>)) out.push(event)
  } else {
    out.push(record as SessionEvent)
  }
}

/**
 * Decodes one row into its events and checks they are `count` contiguous seqs from `firstSeq`.
 * @throws RowDecodeError (unparseable body, malformed run, wrong count or seq, newer encoding)
 */
export function decodeRow(row: EventRow): SessionEvent[] {
  if (typeof row.enc !== 'number' || row.enc > ROW_ENCODING) {
    throw new RowDecodeError(`row at seq ${row.firstSeq} uses encoding ${String(row.enc)}, newer than ${ROW_ENCODING}`, true)
  }
  let records: unknown
  try {
    records = JSON.parse(row.body)
  } catch {
    throw new RowDecodeError(`row at seq ${row.firstSeq} is not valid JSON`)
  }
  if (!Array.isArray(records)) throw new RowDecodeError(`row at seq ${row.firstSeq} is not an array`)
  const events: SessionEvent[] = []
  try {
    for (const record of records) expandRecord(record, events)
  } catch (error) {
    throw error instanceof RowDecodeError ? error : new RowDecodeError(`row at seq ${row.firstSeq}: ${(error as Error).message}`)
  }
  if (events.length !== row.count) throw new RowDecodeError(`row at seq ${row.firstSeq} holds ${events.length} events, expected ${row.count}`)
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as SessionEvent
    if (event.seq !== row.firstSeq + i || typeof event.type !== 'string') {
      throw new RowDecodeError(`row at seq ${row.firstSeq}: event ${i} has seq ${String(event.seq)}`)
    }
  }
  return events
}
