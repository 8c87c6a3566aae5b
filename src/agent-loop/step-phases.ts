/**
 * The recovery, tool-batch and turn-stopping phases (dsh contracts §4.2 step 5, §8.5, §4.1 g).
 * Plane: worker. Contract: tools run only through `executeToolBatch`; their contexts queue on
 * `next-step` even after an abort; every phase rechecks the abort when it settles.
 * @module agent-loop/step-phases
 */
import { executeToolBatch } from '../tools/batch.ts'
import type { RecoveryOutcome, RequestErrorInput, StepInput, ToolBatchInput, ToolBatchOutcome } from './loop-types.ts'
import { checkAbort, type LoopDeps } from './loop-deps.ts'

export function requestErrorPhase(deps: LoopDeps) {
  return async (input: RequestErrorInput): Promise<RecoveryOutcome> => {
    const signal = deps.signal()
    const { failure, provider, retryPolicy } = input.attempt
    const payload = { agent: deps.agent, turn: input.turn, step: input.step, provider, failure, retryPolicy, signal }
    const decision = await deps.services.events.waterfall('agent/request-error', payload, async () => undefined)
    checkAbort(signal)
    return decision?.kind === 'retry' ? { retry: true } : { retry: false, failure }
  }
}

export function toolBatchPhase(deps: LoopDeps) {
  return async (input: ToolBatchInput): Promise<ToolBatchOutcome> => {
    const { ctx, services, agent, session, inbox } = deps
    const signal = deps.signal()
    const maxParallel = agent.options.maxParallelToolCalls
    const outcome = await executeToolBatch({
      ctx, tools: services.tools, agent, session, turn: input.turn, step: input.step, calls: input.calls, signal, ...(maxParallel === undefined ? {} : { maxParallel }),
    })
    for (const context of outcome.contexts) inbox.append(context, 'next-step')
    checkAbort(signal)
    return { concludesTurn: outcome.concludesTurn }
  }
}

export function turnStoppingPhase(deps: LoopDeps) {
  return async (input: StepInput): Promise<void> => {
    const signal = deps.signal()
    await deps.services.events.serial('agent/turn-stopping', { agent: deps.agent, turn: input.turn, signal })
    checkAbort(signal)
  }
}
