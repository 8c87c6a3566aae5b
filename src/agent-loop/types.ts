/**
 * The Agent handle and inbox interfaces (dsh contracts §3), importable by plugins without
 * importing the loop. Plane: shared; types only.
 * @module agent-loop/types
 */
import type { Context } from '@deepseek-ai/cordis'
import type { UsageReport } from '../llm/usage-report.ts'
import type { UserMessage } from '../llm/types.ts'
import type { AgentCancelCause, InboxTarget } from '../session/types.ts'
import type { SessionId, MessageId } from '../util/brand.ts'
import type { Session } from '../session/session.ts'

export type AgentStatus = 'idle' | 'running'
export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact'

export interface AgentOptions {
  provider?: string
  model?: string
  /** Output-token cap of each request: a positive safe integer. */
  maxTokens?: number
  /** Cap of the parallel pool for concurrency-safe tool calls (a positive integer; default 10). */
  maxParallelToolCalls?: number
  /** Per-turn cap on steps; the turn ends `budget` when reached. */
  maxStepsPerTurn?: number
  /** Optional per-session token budget (input+output of all attempts). */
  tokenBudget?: number
}

export interface Inbox {
  readonly nextTurn: readonly UserMessage[]
  readonly nextStep: readonly UserMessage[]
  readonly hasPending: boolean
  append(message: UserMessage, target: InboxTarget): void
  prepend(message: UserMessage, target: InboxTarget): void
  replace(id: MessageId, message: UserMessage): void
  remove(id: MessageId): boolean
  clear(): void
  splice(target: InboxTarget, start: number, deleteCount: number, inserted: UserMessage[]): UserMessage[]
}

export interface Agent {
  readonly id: SessionId
  readonly options: AgentOptions
  readonly session: Session
  readonly inbox: Inbox
  readonly status: AgentStatus
  /** The agent's scope context: registrations here are agent-only and die with it. */
  readonly ctx: Context
  cancel(cause: AgentCancelCause, options?: { keepInbox?: boolean }): void
  whenIdle(): Promise<void>
  runMaintenance<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T>
  send(message: UserMessage | string, target: InboxTarget, wakeup: boolean): void
  followup(message: UserMessage | string): void
  steer(message: UserMessage | string): void
  inject(message: UserMessage | string): void
  /** The session's model, context fill against its window and compaction's threshold, tokens used and their cost (agent-loop/usage). */
  usage(): UsageReport
}
