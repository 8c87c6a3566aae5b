/**
 * Control vocabulary of the agent-loop machine: its context, events, and the inputs and
 * outputs of its invoked actors. Plane: worker; types only, no runtime values.
 * Contract: context holds control state only; data (messages, assemblies) never enters it.
 * @module agent-loop/loop-types
 */
import type { LlmFailure, UserMessage } from '../llm/types.ts'
import type { AgentCancelCause, InboxTarget, TurnEndReason } from '../session/types.ts'

/** What a finished step leaves behind: `null` means tools ran and the model is owed a request. */
export type StepResult = 'completed' | 'max-tokens' | null

export interface PendingCounts {
  nextTurn: number
  nextStep: number
}

export interface LoopContext {
  /** Number of the open (or last closed) turn. */
  turn: number
  /** Steps opened in the current turn. */
  step: number
  /** Result of the last step (dsh "ending"). */
  ending: StepResult
  /** Sticky for the turn once any step finished `max-tokens`. */
  maxTokens: boolean
  /** A close reason decided by a phase (blocked, error, budget), or null. */
  reason: TurnEndReason | null
  /** First cancellation cause of the current activity (first wins). */
  cancel: AgentCancelCause | null
  /** A wake that arrived while an activity was being aborted or maintained. */
  wakeLatched: boolean
  /** Set on close when another turn must open at once. */
  wakeQueued: boolean
  /** Mirror of the inbox sizes, fed by `inbox.changed`. */
  pending: PendingCounts
}

export interface LoopInput {
  lastTurn: number
  pending: PendingCounts
}

export type MaintenanceRun = (signal: AbortSignal) => Promise<void>

export type LoopEvent =
  | { type: 'user.wake' }
  | { type: 'user.cancel'; cause: AgentCancelCause; keepInbox: boolean }
  | { type: 'inbox.changed'; pending: PendingCounts }
  | { type: 'loop.fault'; failure: LlmFailure }
  | { type: 'agent.maintain'; run: MaintenanceRun }

export interface PreStepInput {
  turn: number
  step: number
  target: InboxTarget
}

/** `agent/pre-step` decision; `end` is our additive extension for budget-like policies. */
export type PreStepDecision =
  | { kind: 'reject' }
  | { kind: 'enter'; messages: UserMessage[] }
  | { kind: 'end'; reason: TurnEndReason }

export interface StepInput {
  turn: number
  step: number
}

export type RequestOutcome =
  | { kind: 'finished'; finish: 'stop' | 'tool-calls' | 'max-tokens'; toolCalls: number }
  | { kind: 'failed'; failure: LlmFailure }

export interface RequestErrorInput extends StepInput {
  failure: LlmFailure
}

/** `retry` re-requests in the same step; otherwise the turn ends with `failure`. */
export type RecoveryOutcome = { retry: true } | { retry: false; failure: LlmFailure }

export interface ToolBatchOutcome {
  concludesTurn: boolean
}
