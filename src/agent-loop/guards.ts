/**
 * Pure guards and reason folds of the agent-loop machine: questions about control state
 * and actor outputs. Plane: worker; pure functions, no effects, no globals.
 * Contract: every close reason the machine writes comes from {@link closeReason}.
 * @module agent-loop/guards
 */
import type { LlmFailure } from '../llm/types.ts'
import type { TurnEndReason } from '../session/types.ts'
import type { LoopContext, PreStepDecision, PreStepOutcome, RecoveryOutcome, RequestOutcome, ToolBatchOutcome } from './loop-types.ts'
import { LlmError, errorChain } from '../llm/errors.ts'

/** A cancel arrived or a phase already decided the turn must close. */
export function isHalting(context: LoopContext): boolean {
  return context.cancel !== null || context.reason !== null
}

export function isEmptyBatch(decision: PreStepDecision): boolean {
  return decision.kind === 'enter' && decision.messages.length === 0
}

/** Empty first claim: zero-step `completed`. Empty later claim of an ending turn: close. */
export function closesOnEmptyBatch(context: LoopContext, decision: PreStepDecision): boolean {
  return isEmptyBatch(decision) && (context.step === 0 || context.ending !== null)
}

/** `agent/pre-step` rejected the step: the turn closes `blocked`. */
export function isRejected(outcome: PreStepOutcome): boolean {
  return outcome.kind === 'reject'
}

/** `agent/pre-step` ended the turn with a reason of its own. */
export function endsByDecision(outcome: PreStepOutcome): outcome is Extract<PreStepOutcome, { kind: 'end' }> {
  return outcome.kind === 'end'
}

/** The request failed: the recovery phase decides whether to retry. */
export function isFailedAttempt(outcome: RequestOutcome): boolean {
  return outcome.kind === 'failed'
}

/** `agent/request-error` asked for another attempt. */
export function wantsRetry(outcome: RecoveryOutcome): boolean {
  return outcome.retry
}

/** A tool of the batch concluded the turn (no further step). */
export function concludesTurn(outcome: ToolBatchOutcome): boolean {
  return outcome.concludesTurn
}

export function hasToolCalls(outcome: RequestOutcome): boolean {
  return outcome.kind === 'finished' && outcome.finish !== 'max-tokens' && outcome.calls.length > 0
}

/** The turn may stop: its last step ended and no steered input waits. */
export function isEndingQuietly(context: LoopContext): boolean {
  return context.ending !== null && context.pending.nextStep === 0
}

export function hasPendingInput(context: LoopContext): boolean {
  return context.pending.nextStep + context.pending.nextTurn > 0
}

/** The final reason of a closing turn: cancel, then a decided reason, then the step results. */
export function closeReason(context: LoopContext): TurnEndReason {
  if (context.cancel) return { kind: 'aborted', reason: context.cancel }
  if (context.reason) return context.reason
  return context.maxTokens ? { kind: 'max-tokens' } : { kind: 'completed' }
}

/** After a normal close with steps, or a latched wake, queued input opens the next turn at once. */
export function opensNextTurn(context: LoopContext): boolean {
  if (!hasPendingInput(context)) return false
  if (context.wakeLatched && context.cancel?.kind !== 'disposed') return true
  if (context.cancel || context.step === 0) return false
  const kind = closeReason(context).kind
  return kind === 'completed' || kind === 'max-tokens'
}

/** The loggable failure of anything an actor threw (never a stack, never a secret). */
export function failureOfError(error: unknown): LlmFailure {
  if (error instanceof LlmError) return { ...error.failure }
  const code = (error as { failure?: LlmFailure } | null)?.failure?.code
  if (code) return { ...(error as { failure: LlmFailure }).failure }
  return { message: errorChain(error), code: 'UNKNOWN' }
}
