/**
 * What the host drives and what its parts share: the slice of the headless runtime (architecture.md
 * §9) as `Pick<Runtime, …>`, and the narrow views of the host that command and session files work
 * on (so none of them imports `AgentHost`). Plane: worker; types only.
 * @module host/types
 */
import type { ScopeSettings } from './session-scope.ts'
import type { ApprovalRules } from '../plugins/approval-rules/index.ts'
import type { Agent } from '../agent-loop/types.ts'
import type { ApprovalOutcome, ApprovalRequest, PermissionPreset } from '../approval/types.ts'
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import type { ToolDefinition } from '../tools/types.ts'
import type { ScriptedReply } from '../llm-scripted/types.ts'
import type { SessionId } from '../util/brand.ts'
import type { Runtime } from '../kernel/runtime.ts'
import type { HttpProviderKind, KeyState, McpTokenState, RuntimeSettings } from '../protocol/messages.ts'
import type { McpServerConfig } from '../mcp-client/types.ts'
import type { KernelPlugin } from '../kernel/types.ts'
import type { ApprovalBridge } from './approval-bridge.ts'
import type { QuestionBridge } from './question-bridge.ts'
import type { SessionFollowers } from './followers.ts'
import type { NoticeSink } from './notice-sink.ts'
import type { SessionFeeds } from './session-feed.ts'
import type { AskUserQuestionRequest, UserQuestionOutcome } from '../user-questions/types.ts'

export type HostLlmOptions =
  | { provider: 'scripted'; replies: ScriptedReply[] }
  | { provider: HttpProviderKind; baseURL?: string; apiKey?: string; model?: string }
  | { provider: 'replay'; events: SessionEvent[] }
  | { provider: 'gateway'; url: string; model?: string }

/** The options the host passes to `createRuntime`. */
export interface HostRuntimeOptions {
  storage: 'memory' | 'indexeddb'
  llm: HostLlmOptions
  workspace: { provider: 'memory' | 'webcontainer'; files?: Record<string, string>; id?: string }
  approval: { policy: 'ask' | 'never'; answer?: (request: ApprovalRequest) => Promise<ApprovalOutcome> }
  permissions: PermissionPreset
  instructions?: string
  persona?: string
  skills?: { name: string; description: string; url?: string; body?: string }[]
  webFetch?: { allow: 'self' | 'off' | string[]; base?: string }
  siteSearch?: { index: string }
  /** The page answers `ask_user_question` (the host's question bridge). */
  userQuestions?: { answer(request: AskUserQuestionRequest): Promise<UserQuestionOutcome> }
  mcp?: { servers: McpServerConfig[] }
  /** Extra plugins (the page's tools, `element.registerTool`). */
  plugins?: (KernelPlugin | readonly [KernelPlugin, unknown])[]
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

/** The part of `createRuntime`'s result the host uses. */
export type HostRuntime = Pick<Runtime, 'ctx' | 'sessions' | 'open' | 'diagnostics' | 'dispose'>

export type RuntimeFactory = (options: HostRuntimeOptions) => Promise<HostRuntime>

/** Starts loading what `RuntimeFactory` will import for `options`, booting nothing (`preloadRuntime`). */
export type RuntimePreload = (options: HostRuntimeOptions) => void

/** The registry lookup used to draw cards; `ctx.tools.get`. */
export type ToolLookup = (name: string) => ToolDefinition | undefined

/** The host state that opening, following and taking over sessions works on. */
export interface SessionHost {
  /** Agents this worker writes, by session id. */
  readonly agents: Map<string, Agent>
  readonly feeds: SessionFeeds
  readonly followers: SessionFollowers
  readonly sink: NoticeSink
  /** The current runtime. @throws HostError DSH_NOT_CONFIGURED */
  runtime(): Promise<HostRuntime>
  /** Runs `task` after every lifecycle command queued before it. */
  inOrder<T>(task: () => Promise<T>): Promise<T>
  /** The page's workspace and session scope (host/session-scope), from its settings. */
  readonly scope: ScopeSettings
}

/** The host state the runtime's live events reach. */
export interface RuntimeEventsHost extends SessionHost {
  readonly approvals: ApprovalBridge
}

/** The host as a command sees it: its state plus the host-level operations. */
export interface CommandHost extends RuntimeEventsHost {
  readonly userQuestions: QuestionBridge
  /** The agent driving `sessionId` here. @throws HostError SESSION_READ_ONLY | SESSION_NOT_OPEN */
  agent(sessionId: SessionId): Agent
  configure(settings: RuntimeSettings): Promise<KeyState>
  setKey(apiKey: string | null, remember: boolean): Promise<KeyState>
  forgetKey(): Promise<KeyState>
  attachWebContainer(port: MessagePort): Promise<null>
  /** MCP server URLs with a bearer token here. */
  readonly mcpTokens: McpTokenState[]
  setMcpToken(url: string, token: string | null, remember: boolean): Promise<McpTokenState[]>
  forgetMcpTokens(): Promise<void>
  attachPageTools(port: MessagePort): Promise<null>
  reset(): Promise<void>
  /** Whether `text` would leak the API key. */
  containsKey(text: string): boolean
  /** The runtime's session allow rules. @throws HostError APPROVAL_RULES_UNAVAILABLE */
  approvalRules(): ApprovalRules
  /** The tool registry lookup the cards are drawn with. */
  readonly toolLookup: ToolLookup
}
