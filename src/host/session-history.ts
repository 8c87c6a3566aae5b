/**
 * A long session reaches the page in pages of whole turns: the subscription starts at the tail
 * (the last turns holding about `TAIL_EVENTS` events), and `session.history` hands older pages on
 * request, newest first. Plane: worker; reads the log only. Contract: every page starts at a
 * `turn/start` (or seq 0) and ends where the next one starts, so a page folds on its own (a tool
 * call and its result are always in one page); pages and the tail together are the whole log.
 * @module host/session-history
 */
import type { SessionEvent } from '../session/types.ts'
import type { WireEvent } from '../protocol/messages.ts'
import { CardPainter } from './cards.ts'
import type { ToolLookup } from './types.ts'

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
  const painter = new CardPainter(lookup)
  const page: WireEvent[] = []
  for (let seq = fromSeq; seq < end; seq++) page.push(painter.paint(events[seq]!))
  return { fromSeq, events: page }
}
