/**
 * Live `agent/*` events on the Cordis bus (dsh contracts §3, §4.3) and their payload types;
 * plugins import payloads from here. Plane: worker; types only (declaration merging).
 * Contract: emits are fire-and-forget; waterfalls call `next()` unless they own the decision.
 * @module agent-loop/events
 */
import type { LlmCallConfig, LlmFailure, RetryPolicy, UserMessage } from '../llm/types.ts'
import type { InboxTarget } from '../session/types.ts'
import type { Agent, AgentStatus, SessionStartSource } from './types.ts'
import type { PreStepDecision } from './loop-types.ts'

export type { PreStepDecision }

export interface AgentPayload { agent: Agent }
export interface AgentStatusPayload extends AgentPayload { status: AgentStatus }
export interface AgentSessionStartPayload extends AgentPayload { source: SessionStartSource }
export interface InboxInsertedPayload extends AgentPayload { message: UserMessage; target: InboxTarget }
export interface InboxClaimedPayload extends AgentPayload { message: UserMessage; turn: number }
export interface InboxDiscardedPayload extends AgentPayload { message: UserMessage; target: InboxTarget; outcome: 'canceled' }
export interface AgentErrorPayload extends AgentPayload { turn: number; step: number; error: LlmFailure }

export interface PreStepPayload extends AgentPayload {
  /** The default `enter` batch: claimed messages, then the runtime-context snapshot if it changed. */
  messages: UserMessage[]
  turn: number
  step: number
  signal: AbortSignal
}
export interface RequestPayload extends AgentPayload { turn: number; step: number; signal: AbortSignal }
export interface RequestErrorPayload extends AgentPayload {
  turn: number
  step: number
  provider: string
  failure: LlmFailure
  retryPolicy: RetryPolicy
  signal: AbortSignal
}
export type RequestErrorDecision = { kind: 'retry' } | undefined
export interface TurnStoppingPayload extends AgentPayload { turn: number; signal: AbortSignal }

declare module '@deepseek-ai/cordis' {
  interface Events {
    /** @mode emit — the status changed (never repeats a value). */
    'agent/status'(payload: AgentStatusPayload): void
    /** @mode emit — an agent exists (its setup window has closed). */
    'agent/created'(payload: AgentPayload): void
    /** @mode emit — once before the agent's first turn: `startup` or `resume`. */
    'agent/session-start'(payload: AgentSessionStartPayload): void
    /** @mode emit — the agent was disposed; its scope is gone. */
    'agent/disposed'(payload: AgentPayload): void
    /** @mode emit — a message entered the inbox (after its `agent/inbox/spliced` was logged). */
    'agent/inbox/inserted'(payload: InboxInsertedPayload): void
    /** @mode emit — the loop claimed a message for `turn`. */
    'agent/inbox/claimed'(payload: InboxClaimedPayload): void
    /** @mode emit — a queued message was removed by cancel, `remove` or `clear`. */
    'agent/inbox/discarded'(payload: InboxDiscardedPayload): void
    /** @mode emit — a turn ends `error`; emitted before its `turn/end`. */
    'agent/error'(payload: AgentErrorPayload): void
    /** @mode waterfall — decides whether and with which messages a step enters. */
    'agent/pre-step'(payload: PreStepPayload, next: () => Promise<PreStepDecision>): Promise<PreStepDecision>
    /** @mode waterfall — the call config of a request (no message access). */
    'agent/request'(payload: RequestPayload, next: () => Promise<LlmCallConfig>): Promise<LlmCallConfig>
    /** @mode waterfall — a failed request: `{kind:'retry'}` re-requests in the same step. */
    'agent/request-error'(payload: RequestErrorPayload, next: () => Promise<RequestErrorDecision>): Promise<RequestErrorDecision>
    /** @mode serial — a turn is about to close; `agent.steer(...)` keeps it going. */
    'agent/turn-stopping'(payload: TurnStoppingPayload): Promise<void> | void
  }
}
