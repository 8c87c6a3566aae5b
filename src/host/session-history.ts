/**
 * A long session reaches the page in pages of whole turns: the subscription starts at the tail
 * (the last turns holding about `TAIL_EVENTS` events), and `session.history` hands older pages on
 * request, newest first; before a stored session is open, its last turns are read straight from
 * storage (`peekTail`) so the page paints them while the whole log loads. Plane: worker; reads only. Contract: every page starts at a
 * `turn/start` (or seq 0) and ends where the next one starts, so a page folds on its own (a tool
 * call and its result are always in one page); pages and the tail together are the whole log.
 * @module host/session-history
 */
import type { SessionEvent } from '../session/types.ts'
import type { WireEvent } from '../protocol/messages.ts'
import { CardPainter } from './cards.ts'
import type { ToolLookup } from './types.ts'
import type { SessionId } from '../util/brand.ts'

/** About how many events the first paint and each older page carry (whole turns: a page may be larger). */
export const TAIL_EVENTS = 2_000

/** The seq of the latest `turn/start` at or before `beforeSeq - maxEvents`, or 0: where a page ending at `beforeSeq` starts. */
export function pageStart(events: readonly SessionEvent[], beforeSeq: number, maxEvents = TAIL_EVENTS): number {
  for (let seq = Math.min(beforeSeq, events.length) - maxEvents; seq > 0; seq--) {
    if (events[seq]!.type === 'turn/start') return seq
  }
  return 0
}

/** The latest `todo/write` before `seq` (the task list the tail starts with), if any. */
export function todosBefore(events: readonly SessionEvent[], seq: number): SessionEvent | undefined {
  for (let i = Math.min(seq, events.length) - 1; i >= 0; i--) if (events[i]!.type === 'todo/write') return events[i]
  return undefined
}

/** The page of whole turns that ends just before `beforeSeq`, with its cards. */
export function historyPage(events: readonly SessionEvent[], beforeSeq: number, lookup: ToolLookup, maxEvents = TAIL_EVENTS): { fromSeq: number; events: WireEvent[] } {
  const end = Math.min(beforeSeq, events.length)
  const fromSeq = pageStart(events, end, maxEvents)
  return { fromSeq, events: painted(events.slice(fromSeq, end), lookup) }
}

function painted(events: readonly SessionEvent[], lookup: ToolLookup): WireEvent[] {
  const painter = new CardPainter(lookup)
  return events.map((event) => painter.paint(event))
}

/** A persistence that reads a stored session's last turns without loading it (session-idb). */
export interface TailReader {
  readTail(id: SessionId, maxEvents: number): Promise<{ fromSeq: number; events: SessionEvent[] } | undefined>
}

/**
 * The last turns of `sessionId` with their cards: from `log` when this worker has it already, else
 * read from storage (`reader`) while `session.open` loads the whole log. `null` when neither has it.
 */
export async function peekTail(log: readonly SessionEvent[] | undefined, reader: Partial<TailReader> | undefined, sessionId: SessionId, lookup: ToolLookup): Promise<{ fromSeq: number; events: WireEvent[] } | null> {
  if (log) return historyPage(log, log.length, lookup)
  const tail = await reader?.readTail?.(sessionId, TAIL_EVENTS)
  return tail ? { fromSeq: tail.fromSeq, events: painted(tail.events, lookup) } : null
}
