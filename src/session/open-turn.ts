/**
 * Where the turn still open at the end of a log starts: what crash repair folds, and the cheap test
 * the store makes on each load before it imports repair at all. Plane: shared; pure.
 * @module session/open-turn
 */
import type { SessionEvent } from './types.ts'

/** Index of the `turn/start` of the turn still open at the end of `events`, or -1 (O(last turn), not O(log)). */
export function openTurnStart(events: readonly SessionEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i]!.type
    if (type === 'turn/start') return i
    if (type === 'turn/end' || type === 'session/end-seed') return -1
  }
  return -1
}
