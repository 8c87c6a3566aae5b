/**
 * Turn/step bracket state folded from the log: last turn, the open turn and step, last step.
 * Plane: shared; pure. Openers before a `session/end-seed` are dead (dsh contracts §2.8), so an
 * end-seed closes whatever a seed left open without renumbering.
 * @module session/turn-state
 */
import type { SessionEvent } from './types.ts'

export class TurnState {
  /** Highest turn number opened so far (0 before the first turn). */
  lastTurn = 0
  /** The turn between `turn/start` and `turn/end`, if any. */
  openTurn: number | undefined = undefined
  /** The step between `step/start` and `step/end` of the open turn, if any. */
  openStep: number | undefined = undefined
  /** Highest step opened in the open (or last) turn. */
  lastStep = 0

  /** Fold one event; never validates (see `invariant.ts` for the checks). */
  accept(event: SessionEvent): void {
    switch (event.type) {
      case 'turn/start':
        this.lastTurn = event.data.turn
        this.openTurn = event.data.turn
        this.openStep = undefined
        this.lastStep = 0
        break
      case 'step/start':
        this.openStep = event.data.step
        this.lastStep = event.data.step
        break
      case 'step/end':
        this.openStep = undefined
        break
      case 'turn/end':
      case 'session/end-seed':
        this.openTurn = undefined
        this.openStep = undefined
        break
    }
  }
}
