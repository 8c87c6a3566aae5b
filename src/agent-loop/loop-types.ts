/**
 * Vocabulary of the agent-loop machine: its context, events, and the inputs and outputs of its
 * phases. Plane: worker; types only, no runtime values.
 * Contract: every value one phase hands the next is its output, carried by the machine (in
 * context when it must outlive a state: the step's prompt, its tool calls, a failed attempt);
 * the phases share nothing else per step. Messages stay in the log, never in context.
 * @module agent-loop/loop-types
 */
import type { LlmFailure, RetryPolicy, UserMessage } from '../llm/types.ts'
import type { PromptAssembly } from '../prompt/types.ts'
import type { AgentCancelCause, InboxTarget, TurnEndReason } from '../session/types.ts'
import type { ToolBatchCall } from '../tools/batch.ts'

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
  /** The prompt this step's pre-step assembled; every request attempt of the step renders it. */
  assembly: PromptAssembly | null
  /** The tool calls of this step's assistant message, in model order (the tool batch's input). */
  calls: readonly ToolBatchCall[]
  /** The request attempt that failed, for the recovery phase. */
  failedAttempt: FailedAttempt | null
}

export interface LoopInput {
  lastTurn: number
  pending: PendingCounts
}

/** A maintenance task; resolves with the session's last turn (a task may log a turn of its own, e.g. "Trim tool results"). */
export type MaintenanceRun = (signal: AbortSignal) => Promise<number>

export type LoopEvent =
  | { type: 'user.wake' }
  | { type: 'user.cancel'; cause: AgentCancelCause; keepInbox: boolean }
  | { type: 'inbox.changed'; pending: PendingCounts }
  | { type: 'loop.fault'; failure: LlmFailure }
  | { type: 'agent.maintain'; run: MaintenanceRun }
  | PhaseEvent

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

/** The pre-step actor's output: the decision, with the prompt it assembled when the step enters. */
export type PreStepOutcome =
  | Exclude<PreStepDecision, { kind: 'enter' }>
  | { kind: 'enter'; messages: UserMessage[]; assembly: PromptAssembly }

export interface StepInput {
  turn: number
  step: number
}

export interface RequestInput extends StepInput {
  assembly: PromptAssembly
}

/** The route of a failed attempt: what `agent/request-error` listeners are told. */
export interface FailedAttempt {
  failure: LlmFailure
  provider: string
  retryPolicy: Readonly<RetryPolicy>
}

export type RequestOutcome =
  | { kind: 'finished'; finish: 'stop' | 'tool-calls' | 'max-tokens'; calls: readonly ToolBatchCall[] }
  | ({ kind: 'failed' } & FailedAttempt)

export interface RequestErrorInput extends StepInput {
  attempt: FailedAttempt
}

export interface ToolBatchInput extends StepInput {
  calls: readonly ToolBatchCall[]
}

/** `retry` re-requests in the same step; otherwise the turn ends with `failure`. */
export type RecoveryOutcome = { retry: true } | { retry: false; failure: LlmFailure }

export interface ToolBatchOutcome {
  concludesTurn: boolean
}

/** The phases of a turn, as plain async functions of their input (supplied per agent, run by phases.ts). */
export interface LoopPhases {
  preStep(input: PreStepInput): Promise<PreStepOutcome>
  request(input: RequestInput): Promise<RequestOutcome>
  requestError(input: RequestErrorInput): Promise<RecoveryOutcome>
  toolBatch(input: ToolBatchInput): Promise<ToolBatchOutcome>
  turnStopping(input: StepInput): Promise<void>
}

export type PhaseName = keyof LoopPhases
/** Each phase's input and output, by name (indexed by a generic name, they stay correlated). */
export type PhaseInputs = { [P in PhaseName]: Parameters<LoopPhases[P]>[0] }
export type PhaseOutputs = { [P in PhaseName]: Awaited<ReturnType<LoopPhases[P]>> }
/** The phases as the runner calls them: `phases[phase](input)` with input and output of the same phase. */
export type PhaseFunctions = { [P in PhaseName]: (input: PhaseInputs[P]) => Promise<PhaseOutputs[P]> }

/** One phase to run over its input (what a phase state's entry hands the runner). */
export type PhaseCall<P extends PhaseName = PhaseName> = { [Q in P]: { phase: Q; input: PhaseInputs[Q] } }[P]
/** What the machine sends the phase runner: run `phase` over `input`. */
export type PhaseRun<P extends PhaseName = PhaseName> = { type: 'phase.run' } & PhaseCall<P>

/** The runner's answers for one phase: its output, or what it threw. */
export type PhaseDone<P extends PhaseName> = { type: `${P}.done`; output: PhaseOutputs[P] }
export type PhaseFailed<P extends PhaseName> = { type: `${P}.error`; error: unknown }
/** What the phase runner answers: the phase's output, or what it threw. */
export type PhaseEvent = { [P in PhaseName]: PhaseDone<P> | PhaseFailed<P> }[PhaseName]
