/**
 * The page/worker host protocol: commands (page → worker, `target.verb`), notices (worker →
 * page, `noun.fact`), their results and the exposed host API. Plane: shared; plain
 * structured-clone-safe data only — no functions, class instances or signals cross the wire.
 * @module protocol/messages
 */
import type { SessionEvent } from '../session/types.ts'
import type { ToolCallView, ToolEffect, ToolResultView } from '../tools/types.ts'
import type { ApprovalOutcome, PermissionPreset } from '../approval/types.ts'
import type { JsonValue } from '../util/json.ts'
import type { AskUserQuestionAnswer, AskUserQuestionItem } from '../user-questions/types.ts'
import type { ApprovalRequestId, CallId, QuestionRequestId, SessionId } from './ids.ts'

/** Bump when a command, notice or result changes shape; the client refuses a mismatched host. */
export const PROTOCOL_VERSION = 6

/** The providers that call a model over HTTP with a key (one settings shape: base URL, model, key). */
export type HttpProviderKind = 'openai-compatible' | 'openai-responses' | 'anthropic' | 'gemini'
export const HTTP_PROVIDER_KINDS: readonly HttpProviderKind[] = ['openai-compatible', 'openai-responses', 'anthropic', 'gemini']
export type ProviderKind = HttpProviderKind | 'scripted' | 'replay' | 'gateway'
export const PROVIDER_KINDS: readonly ProviderKind[] = [...HTTP_PROVIDER_KINDS, 'scripted', 'replay', 'gateway']
export const PERMISSION_PRESETS: readonly PermissionPreset[] = ['read-only', 'workspace-write', 'ask', 'danger-full-access']
export const APPROVAL_ANSWERS: readonly ApprovalOutcome[] = ['allowed-once', 'rejected', 'cancelled']

/** Everything the worker needs to build a runtime, except the API key (sent apart, see `provider.key`). */
export interface RuntimeSettings {
  provider: ProviderKind
  model?: string
  baseURL?: string
  /** Scripted replies (provider `scripted`), validated by the scripted provider. */
  replies?: JsonValue[]
  /** A recorded session as JSONL (provider `replay`). */
  replay?: string
  workspace?: Record<string, string>
  /** The workspace's storage key (default `default`); seed files apply only to a new workspace. */
  workspaceId?: string
  /** `all`: the page lists and opens every session of the origin, not only its workspace's (default `workspace`). */
  sessionScope?: 'workspace' | 'all'
  permissions: PermissionPreset
  storage: 'memory' | 'indexeddb'
  /** The site-wide instructions layer (resolved text of the `instructions` attribute). */
  instructions?: string
  /** The system-prompt persona. */
  persona?: string
  /** Site skills from the `skills` index; `url`s are absolute, bodies load on first use. */
  skills?: { name: string; description: string; url?: string; body?: string }[]
  /** `web_fetch`: the allow-list and the host page's URL (`self` and relative URLs mean it). */
  webFetch?: { allow: 'self' | 'off' | string[]; base?: string }
  /** `site_search`: the absolute URL of the site's Pagefind bundle (`site-search`). */
  siteSearch?: { index: string }
  /** MCP servers (Streamable HTTP); a bearer token for one is sent apart (`mcp.token`), never in settings. */
  mcpServers?: McpServerSetting[]
}

/** An MCP server as the page names it: `name` namespaces its tools (`mcp__<name>__<tool>`). */
export interface McpServerSetting {
  name: string
  url: string
  /** Per-call deadline in ms (default 60 000); progress the server reports extends it, up to 10 minutes. */
  timeoutMs?: number
}

/** A server URL that has a bearer token in the worker; `remembered`: also stored on this device. */
export interface McpTokenState {
  url: string
  remembered: boolean
}

/** A logged event plus the tool card the worker derived for it (pure in the call's args and result). */
export interface WireEvent {
  event: SessionEvent
  card?: ToolCallView | ToolResultView
}

export interface SessionSummary {
  id: SessionId
  createdAt: number
  /** Epoch ms of the last stored write (backends that track it). */
  updatedAt?: number
  title?: string
  eventCount?: number
  parentSession?: SessionId
  /** The header's `cwd`: for a session made by a page, its workspace (`/dsh-agent/workspaces/<workspace-id>`). */
  cwd?: string
}

/** One session's best match: the event's seq (open the session there) and a snippet with `[start, end)` marks. */
export interface SessionSearchMatch {
  sessionId: SessionId
  title?: string
  seq: number
  type: 'user/message' | 'assistant/message' | 'tool/result'
  time: number
  snippet: { text: string; marks: readonly (readonly [number, number])[] }
}

export interface SessionSearchAnswer {
  hits: readonly SessionSearchMatch[]
  /** More sessions matched than the limit. */
  capped: boolean
}

export type StorageHealth = 'ok' | 'memory-only' | 'error'
export interface StorageState {
  health: StorageHealth
  /** Stable code when not ok: STORAGE_QUOTA, STORAGE_CLEARED, STORAGE_UNAVAILABLE, STORAGE_BLOCKED_UPGRADE, STORAGE_WEDGED. */
  code?: string
  message?: string
  usage?: number
  quota?: number
  /**
   * The workspace's files (when its provider persists them): `saved: false` lists the files kept in
   * memory only (gone after a reload); health is then at least `error` with the workspace's cause.
   */
  workspace?: { saved: boolean; unsaved?: string[] }
}

/** A pending approval question as the page sees it. */
export interface ApprovalQuestion {
  id: ApprovalRequestId
  sessionId: SessionId
  toolName: string
  callId?: CallId
  reason?: string
  /** What the tool does to the workspace (its declared `effect`), for the reason in plain words. */
  effect?: ToolEffect
  arguments?: string
  card?: ToolCallView
}

/** A session allow rule ("Allow for this session"): calls of `toolName` with this `subject` run without asking. */
export interface ApprovalRuleView {
  ruleId: string
  toolName: string
  /** The command (and working directory) or the file paths the rule covers; empty: every call of the tool. */
  subject: string
  createdAt: number
}

/** A pending `ask_user_question` as the page sees it (answered in the composer area). */
export interface UserQuestionPrompt {
  id: QuestionRequestId
  sessionId?: SessionId
  callId?: CallId
  questions: AskUserQuestionItem[]
}

export interface KeyState {
  hasKey: boolean
  remembered: boolean
}

/** One entry of a workspace directory listing; `path` is relative to the workspace root. */
export interface WorkspaceEntry {
  name: string
  path: string
  type: 'file' | 'directory' | 'other'
  size?: number
}

/** One page of a directory: `entries[offset … offset+cap)` of `total`; `next` is the offset of the following page. */
export interface WorkspaceListing {
  path: string
  entries: WorkspaceEntry[]
  total: number
  offset: number
  /** The most entries one page holds (`WORKSPACE_LIST_CAP`). */
  cap: number
  next?: number
}

/** One file for an editor: its text and version, or why it is not shown as text (binary, or above `cap` bytes). */
export type WorkspaceFile =
  | { path: string; kind: 'text'; text: string; version: string; size: number }
  | { path: string; kind: 'binary' | 'too-large'; size: number; cap: number }

/** A mutation of the workspace (by a tool, the shell or the person), paths relative to the root. */
export type WorkspaceChange =
  | { kind: 'write'; path: string; version: string; created: boolean }
  | { kind: 'mkdir'; path: string }
  | { kind: 'rm'; path: string }
  | { kind: 'rename'; path: string; to: string }

/** A shell command that started: the agent's (`bash`, jobs) or the person's (the workspace terminal). */
export interface ShellRunView {
  runId: number
  command: string
  workdir: string
  origin: 'agent' | 'person'
  /** Output arrives as it is written (WebContainer); false: all at once when the command ends (just-bash). */
  streams: boolean
}

export type HostCommand =
  | { kind: 'host.configure'; settings: RuntimeSettings }
  | { kind: 'provider.key'; apiKey: string | null; remember: boolean }
  | { kind: 'session.list' }
  | { kind: 'session.open'; sessionId?: SessionId }
  /** Become the writer of a session another tab or instance writes (fenced); the page's subscription continues. */
  | { kind: 'session.takeOver'; sessionId: SessionId }
  | { kind: 'session.fork'; sessionId: SessionId; boundarySeq: number }
  | { kind: 'session.delete'; sessionId: SessionId }
  | { kind: 'session.export'; sessionId: SessionId }
  /** `jsonl`: the file's text, or its bytes (dsh's zstd-compressed `.jsonl.zstd`). */
  | { kind: 'session.import'; jsonl: string | Uint8Array }
  /** `tail`: start at the last turns instead of `fromSeq` (a long session paints its end first; older pages via `session.history`). */
  | { kind: 'session.subscribe'; sessionId: SessionId; fromSeq: number; tail?: boolean }
  /** The page of whole turns ending just before `beforeSeq` (scrolling up in a long session). */
  | { kind: 'session.history'; sessionId: SessionId; beforeSeq: number }
  /** The last turns of a session as stored, read while `session.open` still loads the whole log (a long session paints its end first). */
  | { kind: 'session.peek'; sessionId: SessionId }
  | { kind: 'session.unsubscribe'; sessionId: SessionId }
  /** Full-text search across stored sessions (the index is built on the first call; `query: ''` only builds it). */
  | { kind: 'session.search'; query: string; limit?: number }
  | { kind: 'agent.prompt'; sessionId: SessionId; text: string }
  | { kind: 'agent.steer'; sessionId: SessionId; text: string }
  | { kind: 'agent.inject'; sessionId: SessionId; text: string }
  | { kind: 'agent.cancel'; sessionId: SessionId; keepInbox: boolean }
  | { kind: 'agent.compact'; sessionId: SessionId }
  | { kind: 'agent.trim'; sessionId: SessionId }
  /** `remember` (with `allowed-once`): also allow matching calls for the rest of the session (a logged rule). */
  | { kind: 'approval.answer'; id: ApprovalRequestId; outcome: ApprovalOutcome; remember?: boolean }
  | { kind: 'approval.rules'; sessionId: SessionId }
  | { kind: 'approval.revoke'; sessionId: SessionId; ruleId: string }
  | { kind: 'question.answer'; id: QuestionRequestId; answer: AskUserQuestionAnswer }
  /** `leaving`: the page is going away (pagehide): best-effort goodbyes too (MCP sessions end). */
  | { kind: 'storage.flush'; leaving?: boolean }
  | { kind: 'data.delete-all' }
  | { kind: 'workspace.snapshot' }
  /** One page of the directory `path` (relative to the root; `''` is the root), from `offset`. */
  | { kind: 'workspace.list'; path: string; offset?: number }
  | { kind: 'workspace.read'; path: string }
  /** The person's save: `baseVersion` is the version the text was edited from (`null`: a new file); a different one fails FS_STALE_VERSION. */
  | { kind: 'workspace.write'; path: string; text: string; baseVersion: string | null }
  | { kind: 'workspace.mkdir'; path: string }
  | { kind: 'workspace.rename'; from: string; to: string }
  | { kind: 'workspace.delete'; path: string }
  /** Starts forwarding (or stops) `workspace.changed` and `shell.*` notices to this page. */
  | { kind: 'workspace.watch'; on: boolean }
  /** Runs the person's command on the workspace shell; output comes as `shell.*` notices. */
  | { kind: 'workspace.exec'; command: string; workdir?: string }
  | { kind: 'workspace.kill'; runId: number }
  /** Routes the workspace to the page's WebContainer: `port` is served by `serveWebContainer` (transferred, not copied). */
  | { kind: 'webcontainer.attach'; port: MessagePort }
  /** Sets (or clears, `null`) the bearer token sent to the MCP server at `url`; `remember` stores it on this device. */
  | { kind: 'mcp.token'; url: string; token: string | null; remember: boolean }
  /** The page's tools (`element.registerTool`): `port` carries their registrations and calls (src/protocol/page-tools.ts). */
  | { kind: 'pagetools.attach'; port: MessagePort }

export type CommandKind = HostCommand['kind']
export type CommandOf<K extends CommandKind> = Extract<HostCommand, { kind: K }>

export interface SessionOpened {
  sessionId: SessionId
  status: 'idle' | 'running'
  readOnly: boolean
}

export interface CommandResultMap {
  'host.configure': { keyState: KeyState; mcpTokens: McpTokenState[] }
  'provider.key': KeyState
  'session.list': SessionSummary[]
  /** `readOnly`: another tab or instance writes the session; this one follows it from storage. */
  'session.open': SessionOpened
  'session.takeOver': SessionOpened
  'session.fork': { sessionId: SessionId }
  'session.delete': null
  'session.export': { jsonl: string }
  'session.import': { sessionId: SessionId }
  /** `liveSeq`: the first seq that was not in the log when the subscription started; `fromSeq`: where the feed starts (older events: `session.history`). */
  'session.subscribe': { liveSeq: number; fromSeq: number }
  /** `fromSeq`: where the page starts (0: nothing older). */
  'session.history': { fromSeq: number; events: WireEvent[] }
  /** `null`: nothing stored to read ahead (a memory session, an unknown id): wait for `session.open`. */
  'session.peek': { fromSeq: number; events: WireEvent[] } | null
  'session.unsubscribe': null
  'session.search': SessionSearchAnswer
  'agent.prompt': null
  'agent.steer': null
  'agent.inject': null
  'agent.cancel': null
  /** How many history messages the summary replaced (for the model; the transcript keeps them). */
  'agent.compact': { shadowedCount: number }
  /** Tool results trimmed for the model ("Trim tool results"), and the characters that went. */
  'agent.trim': { pruned: number; charsRemoved: number }
  'approval.answer': { accepted: boolean }
  /** The session's live allow rules, oldest first. */
  'approval.rules': ApprovalRuleView[]
  /** `revoked`: the rule was live (it is logged as revoked). */
  'approval.revoke': { revoked: boolean }
  'question.answer': { accepted: boolean }
  'storage.flush': null
  'data.delete-all': null
  /** The workspace's text files by display path; `truncated` when the caps cut it short. */
  'workspace.snapshot': { files: Record<string, string>; truncated: boolean }
  'workspace.list': WorkspaceListing
  'workspace.read': WorkspaceFile
  'workspace.write': { version: string }
  'workspace.mkdir': null
  'workspace.rename': null
  'workspace.delete': null
  /** `root`: the workspace root; `streams`: whether the shell delivers output while a command runs. */
  'workspace.watch': { root: string; streams: boolean }
  'workspace.exec': { runId: number }
  'workspace.kill': { killed: boolean }
  'webcontainer.attach': null
  'mcp.token': McpTokenState[]
  'pagetools.attach': null
}

export type HostNotice =
  | { kind: 'session.events'; sessionId: SessionId; events: WireEvent[] }
  /**
   * The session's access changed without a page command: `readOnly: true, code: SESSION_TAKEN_OVER`
   * when another tab took it over. Events past the stored ones may have been shown: resubscribe from 0.
   */
  | { kind: 'session.access'; sessionId: SessionId; readOnly: boolean; code?: string }
  | { kind: 'agent.status'; sessionId: SessionId; status: 'idle' | 'running' }
  | { kind: 'approval.requested'; question: ApprovalQuestion }
  | { kind: 'approval.withdrawn'; id: ApprovalRequestId }
  | { kind: 'question.requested'; prompt: UserQuestionPrompt }
  /** The question was answered, withdrawn (abort) or became unavailable (page detached). */
  | { kind: 'question.settled'; id: QuestionRequestId }
  | { kind: 'storage.state'; state: StorageState }
  | { kind: 'host.error'; code: string; message: string; sessionId?: SessionId }
  /** Workspace mutations since the last notice (only while a page watches, `workspace.watch`). */
  | { kind: 'workspace.changed'; changes: WorkspaceChange[] }
  | { kind: 'shell.started'; run: ShellRunView }
  | { kind: 'shell.output'; runId: number; stream: 'stdout' | 'stderr'; chunk: string }
  | { kind: 'shell.ended'; runId: number; exitCode: number | null; signal: string | null; limit?: string }

export type NoticeKind = HostNotice['kind']

/** A command that failed on the worker, returned (not thrown) so the error text survives the wire. */
export interface CommandFailure {
  ok: false
  code: string
  message: string
}
export type CommandReply<K extends CommandKind> = { ok: true; value: CommandResultMap[K] } | CommandFailure

/** What the worker exposes over comlink. Every argument is re-validated on the worker side. */
export interface HostApi {
  hello(pageVersion: number): Promise<{ protocolVersion: number }>
  call(command: HostCommand): Promise<CommandReply<CommandKind>>
  /** Attach the page's notice sink (a comlink proxy). Replaces any earlier sink. */
  attach(sink: (notices: HostNotice[]) => void): Promise<void>
  /** The page is going away: pending approvals resolve `unavailable`. */
  detach(): Promise<void>
}
