// The turn's phase runner: runs the phase it is told to and answers `<phase>.done` with the
// output or `<phase>.error` with what it threw (also a synchronous throw), and drops an answer
// that settles after the runner stopped.
import { describe, expect, it } from 'vitest'
import { createActor, sendTo, setup } from 'xstate'
import { phaseRunner } from '../../../src/agent-loop/phases.ts'
import type { LoopPhases, PhaseEvent, PhaseRun } from '../../../src/agent-loop/loop-types.ts'

const unused = async (): Promise<never> => {
  throw new Error('not this phase')
}
const phases = (own: Partial<LoopPhases>): LoopPhases => ({ preStep: unused, request: unused, requestError: unused, toolBatch: unused, turnStopping: unused, ...own })

/** A parent that invokes the runner while `running`, forwards each `run` event to it and records the answers. */
function host(impl: LoopPhases) {
  const answers: PhaseEvent[] = []
  const machine = setup({ types: { events: {} as PhaseRun | PhaseEvent | { type: 'leave' } }, actors: { phases: phaseRunner(impl) } }).createMachine({
    initial: 'running',
    states: {
      running: {
        invoke: { id: 'phases', src: 'phases' },
        on: {
          'phase.run': { actions: sendTo('phases', ({ event }) => event) },
          '*': { actions: ({ event }) => void answers.push(event as PhaseEvent) },
          leave: 'left',
        },
      },
      left: { on: { '*': { actions: ({ event }) => void answers.push(event as PhaseEvent) } } },
    },
  })
  const actor = createActor(machine)
  actor.start()
  return { actor, answers }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('phaseRunner', () => {
  it('answers each phase with its output, in the order the phases settle', async () => {
    const { actor, answers } = host(phases({
      toolBatch: async (input) => ({ concludesTurn: input.calls.length === 0 }),
      turnStopping: async () => undefined,
    }))
    actor.send({ type: 'phase.run', phase: 'toolBatch', input: { turn: 1, step: 2, calls: [] } })
    actor.send({ type: 'phase.run', phase: 'turnStopping', input: { turn: 1, step: 2 } })
    await settled()
    expect(answers).toEqual([{ type: 'toolBatch.done', output: { concludesTurn: true } }, { type: 'turnStopping.done', output: undefined }])
  })

  it('answers `<phase>.error` with what the phase threw, rejected or synchronously', async () => {
    const boom = new Error('boom')
    const sync = new Error('sync')
    const { actor, answers } = host(phases({
      request: async () => { throw boom },
      turnStopping: (() => { throw sync }) as unknown as LoopPhases['turnStopping'],
    }))
    actor.send({ type: 'phase.run', phase: 'request', input: { turn: 1, step: 1, assembly: { sections: [], contexts: [], tools: [], variables: {} } } })
    actor.send({ type: 'phase.run', phase: 'turnStopping', input: { turn: 1, step: 1 } })
    await settled()
    expect(answers).toEqual([{ type: 'request.error', error: boom }, { type: 'turnStopping.error', error: sync }])
  })

  it('drops the answer of a phase that settles after the runner stopped', async () => {
    let finish = (): void => undefined
    const { actor, answers } = host(phases({ turnStopping: () => new Promise<void>((resolve) => { finish = resolve }) }))
    actor.send({ type: 'phase.run', phase: 'turnStopping', input: { turn: 1, step: 1 } })
    actor.send({ type: 'leave' })
    finish()
    await settled()
    expect(answers).toEqual([])
    expect(actor.getSnapshot().value).toBe('left')
  })
})
