/**
 * The durable event vocabulary of a session (dsh contracts §2): the envelope, the core event
 * map (declaration-merged so plugins add their own types), surface ops, turn-end reasons and
 * the storage header. Plane: shared; types only.
 * @module session/types
 */
import type { AssistantMessage, LlmFailure, StreamChunk, TokenUsage, ToolResultMessage, UserMessage, ToolSchema, LlmCallConfig } from '../llm/types.ts'
import type { CallId, SessionId, ApprovalRequestId } from '../util/brand.ts'
import type { JsonValue } from '../util/json.ts'

/** Format version of stored sessions and exports. Bump only when an existing event's meaning or shape changes incompatibly; new event types use `ignorable` instead. */
export const SESSION_FORMAT_VERSION = 0

export type SurfaceOp = 'append' | { op: 'replace'; start: number; end: number }

export type AgentCancelCause =
  | { kind: 'user' }
  | { kind: 'parent' }
  | { kind: 'hook'; reason: string }
  | { kind: 'disposed' }

export type TurnEndReason =
  | { kind: 'completed' }
  | { kind: 'aborted'; reason: AgentCancelCause | { kind: 'legacy' } }
  | { kind: 'blocked' }
  | { kind: 'error'; error: LlmFailure }
  | { kind: 'max-tokens' }
  | { kind: 'interrupted' }
  | { kind: 'budget'; limit: 'steps' | 'tokens'; value: number }

export interface EpochHeader {
  config: LlmCallConfig
  system?: string
  tools?: ToolSchema[]
}

export type InboxTarget = 'next-turn' | 'next-step'

/** Core durable events. Plugins add entries with `declare module '.../session/types.ts'`. */
export interface SessionEventMap {
  'turn/start': { turn: number }
  'turn/end': { turn: number; reason: TurnEndReason }
  'step/start': { turn: number; step: number }
  'step/end': { turn: number; step: number }
  'user/message': UserMessage
  'assistant/chunk': { turn: number; step: number; chunk: StreamChunk }
  'assistant/message': { turn: number; step: number; message: AssistantMessage; usage?: TokenUsage; interrupted?: true }
  'tool/call': { turn: number; step: number; callId: CallId; name: string; arguments: string }
  'tool/result': { turn: number; step: number; message: ToolResultMessage; error?: { name: string; code: string }; meta?: JsonValue }
  'todo/write': { todos: { content: string; status: 'pending' | 'in_progress' | 'completed' }[] }
  'request/header': { header: EpochHeader; reason: 'initial' | 'resume' | 'change' }
  'request/context': { provider: string; model: string; contextWindow?: number }
  'session/end-seed': Record<string, never>
  'agent/inbox/spliced': { target: InboxTarget; start: number; removedCount?: number; inserted: UserMessage[]; outcome?: 'canceled' }
  'approval/asked': { id: ApprovalRequestId; toolName: string; callId?: CallId; reason?: string }
  'approval/decided': { id: ApprovalRequestId; outcome: 'allowed-once' | 'rejected' | 'cancelled' | 'unavailable' }
  'approval/policy': { policy: 'ask' | 'never'; source?: 'delegation' }
  'sandbox/mode': { mode: 'read-only' | 'workspace-write' | 'danger-full-access'; source?: 'delegation' }
  'permission/preset': { preset: string }
  'llm/retry': { retryId: string; turn: number; step: number; provider: string; mode: 'normal' | 'always'; policyKey: string; retry: number; maxRetries?: number; delayMs: number; failure: LlmFailure }
  'llm/retry-started': { retryId: string; turn: number; step: number; retry: number }
  'compaction/start': { compactionId: string; sourceCommandId?: string; turn: number | null }
  'compaction/summary': {
    compactionId: string; sourceCommandId?: string; summary: string; shadowedRange: { start: number; end: number }
    shadowedSeqs: number[]; shadowedTokenCount: number; provider: string; model: string; maxTokens?: number
    usage?: TokenUsage; rawOutput?: string; llmStreamCall?: true
  }
  'compaction/end': { compactionId: string; sourceCommandId?: string; turn: number | null; error?: string }
  /** dsh's shadow price of one pruned `tool/result`, appended just before its replacement. */
  'compaction/prune': { shadowedRange: { start: number; end: number }; shadowedSeqs: number[]; shadowedTokenCount: number }
}

export type SessionEventType = keyof SessionEventMap & string

/** The three event types that produce model-visible messages. */
export type SurfaceEventType = 'user/message' | 'assistant/message' | 'tool/result'
export const SURFACE_EVENT_TYPES: readonly SurfaceEventType[] = ['user/message', 'assistant/message', 'tool/result']

interface EnvelopeBase<K extends SessionEventType> {
  readonly type: K
  readonly seq: number
  readonly time: number
  readonly data: SessionEventMap[K]
  readonly ignorable?: true
}

export type SessionEvent<K extends SessionEventType = SessionEventType> = {
  [T in K]: T extends SurfaceEventType
    ? EnvelopeBase<T> & { readonly surfaceOp?: SurfaceOp; readonly sourceEventSeqs?: readonly number[] }
    : EnvelopeBase<T>
}[K]

/** Required intent for surface types; forbidden (never) for the others. */
export type AppendIntent<K extends SessionEventType> = K extends SurfaceEventType
  ? { surfaceOp: SurfaceOp; sourceEventSeqs?: number[] }
  : never

export interface SessionHeader {
  type: 'session'
  version: number
  id: SessionId
  createdAt: number
  cwd?: string
  parentSession?: SessionId
  seedLength?: number
  origin?: 'subagent'
  delegationDepth: number
  agentPreset?: string
}

export interface SurfaceView {
  readonly nodes: readonly number[]
  readonly replaceGeneration: number
}
