/**
 * The pre-step phase (dsh contracts §4.1 step a): claim, assemble the prompt, project the
 * runtime context, then the `agent/pre-step` waterfall. Plane: worker. Contract: abort is
 * checked after assembly and after the waterfall; the decision is authoritative, and an entering
 * step carries the assembled prompt out (its requests render it).
 * @module agent-loop/pre-step
 */
import type { PreStepDecision, PreStepInput, PreStepOutcome } from './loop-types.ts'
import { checkAbort, type LoopDeps } from './loop-deps.ts'
import { projectRuntimeContext } from './runtime-context.ts'

/** Raised when a pre-step listener answers something that is not a decision. */
export class PreStepDecisionError extends Error {
  override readonly name = 'PreStepDecisionError'
}

function checkDecision(decision: unknown): PreStepDecision {
  const kind = (decision as { kind?: unknown } | null)?.kind
  if (kind === 'reject') return decision as PreStepDecision
  if (kind === 'enter' && Array.isArray((decision as { messages?: unknown }).messages)) return decision as PreStepDecision
  if (kind === 'end' && typeof (decision as { reason?: { kind?: unknown } }).reason?.kind === 'string') return decision as PreStepDecision
  throw new PreStepDecisionError(`agent/pre-step returned ${JSON.stringify(decision)}; expected {kind:'enter', messages} | {kind:'reject'} | {kind:'end', reason}`)
}

export function preStepPhase(deps: LoopDeps) {
  return async (input: PreStepInput): Promise<PreStepOutcome> => {
    const signal = deps.signal()
    checkAbort(signal)
    const { services, agent, session, inbox } = deps
    const claimed = inbox.claim(input.target, input.turn)
    const assembly = await services.prompt.assemble({ scope: agent, agent, signal })
    checkAbort(signal)
    const snapshot = projectRuntimeContext(session, assembly)
    const messages = snapshot ? [...claimed, snapshot] : claimed
    const payload = { agent, messages, turn: input.turn, step: input.step, signal }
    const decision = checkDecision(await services.events.waterfall('agent/pre-step', payload, async () => ({ kind: 'enter', messages })))
    checkAbort(signal)
    return decision.kind === 'enter' ? { ...decision, assembly } : decision
  }
}
