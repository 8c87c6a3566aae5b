// Type-level spec of the loop chart (checked by `npm run typecheck`, as XState checks its own types):
// each phase's answer carries that phase's output, a phase run carries that phase's input, and the
// chart's guards are the named questions (no generic `isKind`/`isTrue`).
import { describe, expect, expectTypeOf, it } from 'vitest'
import { agentLoopMachine } from '../../../src/agent-loop/machine.ts'
import type {
  PhaseEvent, PhaseRun, PreStepOutcome, RecoveryOutcome, RequestOutcome, StepInput, ToolBatchInput, ToolBatchOutcome,
} from '../../../src/agent-loop/loop-types.ts'

describe('agent-loop chart types', () => {
  it('answers carry their phase\'s output and runs their phase\'s input', () => {
    expectTypeOf<Extract<PhaseEvent, { type: 'preStep.done' }>['output']>().toEqualTypeOf<PreStepOutcome>()
    expectTypeOf<Extract<PhaseEvent, { type: 'request.done' }>['output']>().toEqualTypeOf<RequestOutcome>()
    expectTypeOf<Extract<PhaseEvent, { type: 'requestError.done' }>['output']>().toEqualTypeOf<RecoveryOutcome>()
    expectTypeOf<Extract<PhaseEvent, { type: 'toolBatch.done' }>['output']>().toEqualTypeOf<ToolBatchOutcome>()
    expectTypeOf<Extract<PhaseEvent, { type: 'turnStopping.error' }>['error']>().toEqualTypeOf<unknown>()
    expectTypeOf<PhaseRun<'toolBatch'>['input']>().toEqualTypeOf<ToolBatchInput>()
    expectTypeOf<PhaseRun<'turnStopping'>['input']>().toEqualTypeOf<StepInput>()
    expectTypeOf<PhaseEvent['type']>().toEqualTypeOf<
      'preStep.done' | 'preStep.error' | 'request.done' | 'request.error' | 'requestError.done' | 'requestError.error'
      | 'toolBatch.done' | 'toolBatch.error' | 'turnStopping.done' | 'turnStopping.error'
    >()
  })

  it('the guards are questions about the context or a phase\'s outcome', () => {
    const guards = agentLoopMachine.implementations.guards
    expect(Object.keys(guards).sort()).toEqual([
      'closesOnEmptyBatch', 'concludesTurn', 'endsByDecision', 'hasNextStepInput', 'hasQueuedWake', 'hasToolCalls',
      'isEndingQuietly', 'isFailedAttempt', 'isHalting', 'isRejected', 'wantsRetry',
    ])
  })
})
