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
import type { LoopPhases, PhaseDone, PhaseFailed, PhaseFunctions, PhaseName, PhaseRun } from './loop-types.ts'

/** Starts `phases[phase](input)`, turning a synchronous throw into a rejection like an async body. */
function start<P extends PhaseName>(phases: PhaseFunctions, run: PhaseRun<P>) {
  try {
    return phases[run.phase](run.input)
  } catch (error) {
    return Promise.reject(error)
  }
}

const done = <P extends PhaseName>(phase: P, output: PhaseDone<P>['output']): PhaseDone<P> => ({ type: `${phase}.done`, output })
const failed = <P extends PhaseName>(phase: P, error: unknown): PhaseFailed<P> => ({ type: `${phase}.error`, error })

/** Delivers one answer (`answer()` sends it to the machine); the agent wraps it to publish its status after. */
export type AnswerRelay = (answer: () => void) => void

const direct: AnswerRelay = (answer) => answer()

/** The phase runner actor over the agent's phase implementations (supplied with `machine.provide()`). */
export function phaseRunner(phases: LoopPhases, relay: AnswerRelay = direct) {
  const run = <P extends PhaseName>(call: PhaseRun<P>, sendBack: (answer: PhaseDone<P> | PhaseFailed<P>) => void) => {
    start(phases, call).then(
      (output) => relay(() => sendBack(done(call.phase, output))),
      (error: unknown) => relay(() => sendBack(failed(call.phase, error))),
    )
  }
  return fromCallback<PhaseRun>(({ receive, sendBack }) => {
    receive((call) => run(call, sendBack))
  })
}
