/**
 * The slice of the headless runtime (architecture.md §9) the host API drives, as structural
 * types so the host depends on the contract, not on the kernel's implementation.
 * Plane: worker; types only.
 * @module host/types
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../agent-loop/types.ts'
import type { ApprovalOutcome, ApprovalRequest, PermissionPreset } from '../approval/types.ts'
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import type { ToolDefinition } from '../tools/types.ts'
import type { ScriptedReply } from '../llm-scripted/types.ts'
import type { SessionId } from '../util/brand.ts'

export type HostLlmOptions =
  | { provider: 'scripted'; replies: ScriptedReply[] }
  | { provider: 'openai-compatible'; baseURL?: string; apiKey?: string; model?: string }
  | { provider: 'replay'; events: SessionEvent[] }

/** The options the host passes to `createRuntime`. */
export interface HostRuntimeOptions {
  storage: 'memory' | 'indexeddb'
  llm: HostLlmOptions
  workspace: { provider: 'memory' | 'webcontainer'; files?: Record<string, string>; id?: string }
  approval: { policy: 'ask' | 'never'; answer?: (request: ApprovalRequest) => Promise<ApprovalOutcome> }
  permissions: PermissionPreset
}

export interface HostSessionListing {
  id: string
  createdAt?: number
  title?: string
  eventCount?: number
  parentSession?: string
}

/** What the host needs from `runtime.sessions`. */
export interface HostSessionStore {
  list(): Promise<readonly unknown[]> | readonly unknown[]
  fork(id: SessionId, boundarySeq?: number): Promise<unknown> | unknown
  delete(id: SessionId): Promise<unknown> | unknown
  export(id: SessionId): Promise<string> | string
  import(jsonl: string): Promise<unknown> | unknown
}

/**
 * What the host needs from `ctx.sessionPersistence` to follow a session another instance writes
 * and to take it over (session-idb); backends without these (session-memory) never lock.
 */
export interface HostFollowingPersistence {
  /** The stored log, read without claiming the writer. */
  inspect(id: SessionId): Promise<{ header: SessionHeader; events: readonly SessionEvent[] } | undefined>
  follow(id: SessionId, onEvents: (events: SessionEvent[]) => void, fromSeq?: number): () => void
  takeOver(id: SessionId): Promise<void>
  /** Resolves once the writer is gone and this instance claimed the session; rejects when `signal` aborts first. */
  awaitWriterGone(id: SessionId, signal: AbortSignal): Promise<void>
  /** Gives up this instance's claim on `id` (one it won but no longer opens). */
  release(id: SessionId): void
}

export interface HostRuntime {
  readonly ctx: Context
  readonly sessions: HostSessionStore
  open(id?: SessionId): Promise<Agent>
  dispose(): Promise<void>
}

export type RuntimeFactory = (options: HostRuntimeOptions) => Promise<HostRuntime>

/** The registry lookup used to draw cards; `ctx.tools.get`. */
export type ToolLookup = (name: string) => ToolDefinition | undefined
