/**
 * The turn's phase runner: one callback actor the machine invokes per turn (id `phases`) that
 * runs each phase it is told to (`phase.run`) and sends back `<phase>.done {output}` or
 * `<phase>.error {error}`. Plane: worker. Contract: one phase runs at a time (the machine waits in
 * the phase's state for its answer); an answer after the turn's actor stopped is dropped.
 * Why not one `fromPromise` actor per phase: creating, starting and stopping three actors (and
 * their abort controllers) per step was most of the machine's cost per step.
 * @module agent-loop/phases
 */
import { fromCallback } from 'xstate'
import type { LoopPhases, PhaseEvent, PhaseRun } from './loop-types.ts'

/** Starts `phases[phase](input)`, turning a synchronous throw into a rejection like an async body. */
function start(phases: LoopPhases, run: PhaseRun): Promise<unknown> {
  try {
    return (phases[run.phase] as (input: unknown) => Promise<unknown>)(run.input)
  } catch (error) {
    return Promise.reject(error)
  }
}

/** Delivers one answer (`answer()` sends it to the machine); the agent wraps it to publish its status after. */
export type AnswerRelay = (answer: () => void) => void

const direct: AnswerRelay = (answer) => answer()

/** The phase runner actor over the agent's phase implementations (supplied with `machine.provide()`). */
export function phaseRunner(phases: LoopPhases, relay: AnswerRelay = direct) {
  return fromCallback<PhaseRun>(({ receive, sendBack }) => {
    receive((run) => {
      start(phases, run).then(
        (output) => relay(() => sendBack({ type: `${run.phase}.done`, output } as PhaseEvent)),
        (error: unknown) => relay(() => sendBack({ type: `${run.phase}.error`, error } as PhaseEvent)),
      )
    })
  })
}
