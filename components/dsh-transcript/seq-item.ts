/**
 * Which transcript item holds a logged event (a search match names the event's seq): the last
 * item that starts at or before it — a user message, the assistant reply it streams into, or the
 * tool call its result belongs to. Plane: main; pure.
 * @module components/dsh-transcript/seq-item
 */
import type { TranscriptState } from '../../src/protocol/index.ts'

/** The index in `state.items` of the item holding event `seq`; -1 when that event is not folded in yet (or not loaded). */
export function itemIndexAtSeq(state: TranscriptState, seq: number): number {
  if (seq > state.lastSeq) return -1
  const { items } = state
  let low = 0
  let high = items.length - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if (items[mid]!.seq <= seq) { found = mid; low = mid + 1 } else high = mid - 1
  }
  return found
}
