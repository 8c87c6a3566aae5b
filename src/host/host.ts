/**
 * The worker-side host API exposed to the page over comlink: validates each command, drives the
 * runtime (sessions, agents, approvals, provider settings) and sends notices back.
 * Plane: worker; no DOM. Contract: `call` never throws — failures come back as
 * `{ok:false, code, message}` with the API key scrubbed from the text; the key lives only here.
 * @module host/host
 */
import type { ScopeSettings } from './session-scope.ts'
import type { Agent } from '../agent-loop/types.ts'
import { HTTP_PROVIDER_KINDS, PROTOCOL_VERSION } from '../protocol/messages.ts'
import type { CommandKind, CommandReply, HostApi, HostCommand, HostNotice, KeyState, McpTokenState, RuntimeSettings } from '../protocol/messages.ts'
import { validateCommand } from '../protocol/validate.ts'
import type { SessionId } from '../util/brand.ts'
import { describePluginProblem } from '../kernel/boot.ts'
import { ApprovalBridge } from './approval-bridge.ts'
import { previewAgainstWorkspace } from './approval-preview.ts'
import { parseArgs } from './cards.ts'
import type { FileSystem } from '../fs/file-system.ts'
import type { ApprovalRules } from '../plugins/approval-rules/index.ts'
import { QuestionBridge } from './question-bridge.ts'
import { clearRememberedKey, loadRememberedSecrets, saveRememberedKey, scrubSecret, takeFirstSecretsRead } from './key-store.ts'
import { NoticeSink, type PageSink } from './notice-sink.ts'
import { McpTokens } from './mcp-tokens.ts'
import { PageToolBridge } from '../tool-page/bridge.ts'
import * as ToolPage from '../tool-page/index.ts'
import { runtimeOptions } from './runtime-options.ts'
import { SessionFeeds } from './session-feed.ts'
import { SessionFollowers } from './followers.ts'
import { runCommand } from './commands.ts'
import { watchRuntime } from './runtime-events.ts'
import { exportMemorySessions, importCarried } from './memory-carry.ts'
import { HostError } from './errors.ts'
import type { CommandHost, HostRuntime, HostRuntimeOptions, RuntimeFactory, RuntimePreload, ToolLookup } from './types.ts'
import type {} from '../tools/events.ts'

/**
 * Commands that restart the runtime or (re)open its sessions. They run one at a time in arrival
 * order: a page that saves a provider and a key at once sends two restarts and two opens, which
 * must not interleave (a session opened on a runtime being disposed is lost, or its own
 * just-released lock makes it look like another tab's).
 */
const LIFECYCLE_COMMANDS: ReadonlySet<CommandKind> = new Set<CommandKind>(['host.configure', 'provider.key', 'mcp.token', 'webcontainer.attach', 'pagetools.attach', 'data.delete-all', 'session.open', 'session.takeOver'])

export class AgentHost implements HostApi, CommandHost {
  readonly agents = new Map<string, Agent>()
  readonly sink = new NoticeSink(() => {
    this.approvals.detachAll()
    this.userQuestions.detachAll()
  })
  readonly approvals: ApprovalBridge
  readonly userQuestions: QuestionBridge
  readonly feeds: SessionFeeds
  /** Sessions another tab or instance writes, followed read-only from storage. */
  readonly followers = new SessionFollowers((sessionId, events) => this.feeds.forwardStored(sessionId, events))
  #runtime: Promise<HostRuntime> | undefined
  /** Where the runtime in use keeps sessions: a memory runtime's sessions are carried across a restart. */
  #runtimeStorage: RuntimeSettings['storage'] | undefined
  /** Sessions exported from the memory runtime just disposed, for the next one to import. */
  #carried: readonly string[] = []
  #settings: RuntimeSettings | undefined
  #apiKey: string | undefined
  #remembered = false
  readonly #mcpTokens = new McpTokens()
  /** The page's tools, once the page attached their port; every runtime mounts them. */
  #pageTools: PageToolBridge | undefined
  #tools: ToolLookup | undefined
  /** The runtime's workspace and session rules, for approval previews and "Allow for this session". */
  #fs: FileSystem | undefined
  #rules: ApprovalRules | undefined
  #workspace: HostRuntimeOptions['workspace']['provider'] = 'memory'
  /** Tail of the lifecycle queue: restarts and (re)opens never interleave. */
  #lifecycle: Promise<unknown> = Promise.resolve()
  /**
   * The remembered key and MCP tokens, read as soon as the host exists, or taken over from the read the
   * worker entry started before (its first configuration needs them; IndexedDB's first open is the slow
   * one); dropped once used or once this host writes them.
   */
  #secretsRead: ReturnType<typeof loadRememberedSecrets> | undefined

  readonly toolLookup: ToolLookup = (name) => this.#tools?.(name)

  /**
   * @param factory boots a runtime (`createRuntime`).
   * @param preload starts loading the modules `factory` will need for these options (`preloadRuntime`); must not throw.
   */
  constructor(private readonly factory: RuntimeFactory, private readonly preload?: RuntimePreload) {
    const lookup = this.toolLookup
    this.approvals = new ApprovalBridge(this.#post, () => this.sink.attached, lookup,
      (request, question) => this.approvalRules().allowForSession(request.agent, request.toolName, parseArgs(question.arguments ?? ''), request.callId),
      (question) => previewAgainstWorkspace(this.#fs, question))
    this.userQuestions = new QuestionBridge(this.#post, () => this.sink.attached)
    this.feeds = new SessionFeeds(this.#post, lookup)
    this.#secretsRead = takeFirstSecretsRead()
    this.#secretsRead.catch(() => undefined) // a failed read is the first configuration's to report
  }

  async hello(_pageVersion: number): Promise<{ protocolVersion: number }> {
    return { protocolVersion: PROTOCOL_VERSION }
  }

  async attach(sink: PageSink): Promise<void> {
    this.sink.attach(sink)
  }

  /** The page is going (element disconnected): the runtime is disposed, draining every session first. */
  async detach(): Promise<void> {
    this.sink.detach()
    await this.inOrder(() => this.reset())
  }

  async call(raw: HostCommand): Promise<CommandReply<CommandKind>> {
    try {
      const command = validateCommand(raw)
      const run = () => runCommand(this, command)
      return { ok: true, value: await (LIFECYCLE_COMMANDS.has(command.kind) ? this.inOrder(run) : run()) }
    } catch (error) {
      const e = error as { code?: unknown; name?: string; message?: string }
      const code = typeof e.code === 'string' ? e.code : (e.name ?? 'Error')
      return { ok: false, code, message: this.#scrub(String(e.message ?? error)) }
    }
  }

  /** Runs `task` after every lifecycle command (or automatic take-over) queued before it; failures do not stop the queue. */
  inOrder<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#lifecycle.then(task, task)
    this.#lifecycle = result.catch(() => undefined)
    return result
  }

  get keyState(): KeyState {
    return { hasKey: this.#apiKey !== undefined, remembered: this.#remembered }
  }

  /** The current runtime, created on first use from the last configuration. @throws HostError */
  runtime(): Promise<HostRuntime> {
    if (!this.#settings) return Promise.reject(new HostError('DSH_NOT_CONFIGURED', 'send host.configure before using sessions'))
    if (!this.#runtime) {
      this.#runtimeStorage = this.#settings.storage
      this.#runtime = this.#start(this.#settings)
    }
    return this.#runtime
  }

  /**
   * Replaces the configuration and starts booting a fresh runtime with it. The modules that runtime
   * will load start loading at once, while the remembered secrets are read; the boot starts before
   * the reply, so it runs while the page reads it and sends its next command (a session open), which
   * finds the runtime booting. A boot that fails is reported to that command, as when it started there.
   */
  async configure(settings: RuntimeSettings): Promise<KeyState> {
    this.#settings = settings
    this.#preload(settings)
    await this.#loadSecrets()
    await this.reset(true)
    this.runtime().catch(() => undefined)
    return this.keyState
  }

  #preload(settings: RuntimeSettings): void {
    try {
      this.preload?.(this.#options(settings))
    } catch {
      // Settings the runtime cannot honour: its boot reports them on the next command.
    }
  }

  /** The remembered MCP tokens (once) and key (while none is held), in one read of the secrets database. */
  async #loadSecrets(): Promise<void> {
    const read = this.#secretsRead
    this.#secretsRead = undefined
    if (this.#apiKey !== undefined && this.#mcpTokens.loaded) return
    const { key, mcpTokens } = await (read ?? loadRememberedSecrets())
    await this.#mcpTokens.load(async () => mcpTokens)
    if (this.#apiKey !== undefined) return
    this.#apiKey = key
    this.#remembered = key !== undefined
  }

  async setKey(apiKey: string | null, remember: boolean): Promise<KeyState> {
    this.#secretsRead = undefined
    this.#apiKey = apiKey ?? undefined
    if (apiKey !== null && remember) this.#remembered = await this.#remember(apiKey)
    else {
      await clearRememberedKey()
      this.#remembered = false
    }
    if (this.#settings && (HTTP_PROVIDER_KINDS as readonly string[]).includes(this.#settings.provider)) await this.reset(true)
    return this.keyState
  }

  /** Stores the key on this device; storage that refuses it (quota) leaves it for this tab only, and says so. */
  async #remember(apiKey: string): Promise<boolean> {
    try {
      await saveRememberedKey(apiKey)
      return true
    } catch (error) {
      this.#post({ kind: 'host.error', code: 'KEY_NOT_REMEMBERED', message: `the key could not be stored on this device (${String((error as { name?: unknown }).name ?? 'Error')}); it is used in this tab only` })
      return false
    }
  }

  /** The page's workspace and session scope (host/session-scope). */
  get scope(): ScopeSettings {
    return { ...(this.#settings?.workspaceId ? { workspaceId: this.#settings.workspaceId } : {}), ...(this.#settings?.sessionScope ? { sessionScope: this.#settings.sessionScope } : {}) }
  }

  /** The MCP server URLs that have a token here. */
  get mcpTokens(): McpTokenState[] {
    return this.#mcpTokens.states
  }

  /** Sets or clears the bearer token of the MCP server at `url`; a configured server reconnects with it. */
  async setMcpToken(url: string, token: string | null, remember: boolean): Promise<McpTokenState[]> {
    this.#secretsRead = undefined
    await this.#mcpTokens.set(url, token, remember)
    if (this.#settings?.mcpServers?.some((server) => server.url === url)) await this.reset(true)
    return this.mcpTokens
  }

  forgetMcpTokens(): Promise<void> {
    this.#secretsRead = undefined
    return this.#mcpTokens.forgetAll()
  }

  /** Serves the page's tools from `port` to this and every later runtime. */
  async attachPageTools(port: MessagePort): Promise<null> {
    this.#pageTools?.close()
    this.#pageTools = new PageToolBridge(port)
    await this.reset(true)
    return null
  }

  /** Routes the workspace to the page's WebContainer over `port`; the next runtime uses it. */
  async attachWebContainer(port: MessagePort): Promise<null> {
    const { attachPageWebContainer } = await import('../fs-webcontainer/boot.ts') // the proxy loads only for a page that serves one
    attachPageWebContainer(port) // replaces (and detaches) an earlier page bridge; the worker lives no longer than its page
    this.#workspace = 'webcontainer'
    await this.reset(true)
    return null
  }

  /**
   * Disposes the runtime in use (the next command boots a new one).
   * @param carry a restart: the sessions of a memory runtime go to the next runtime (not on detach or delete-all)
   */
  async reset(carry = false): Promise<void> {
    const previous = this.#runtime
    const carryFrom = carry && this.#runtimeStorage === 'memory'
    this.#runtime = undefined
    this.#tools = undefined
    this.#fs = undefined
    this.#rules = undefined
    this.agents.clear()
    this.feeds.clear()
    this.followers.clear()
    this.approvals.detachAll()
    this.userQuestions.detachAll()
    const runtime = await previous?.catch(() => undefined) // a runtime that failed to start has nothing to dispose
    if (runtime && carryFrom) this.#carried = await exportMemorySessions(runtime, this.#notCarried)
    await runtime?.dispose().catch((error: unknown) => {
      const e = error as { code?: unknown; message?: unknown }
      this.#post({ kind: 'host.error', code: typeof e.code === 'string' ? e.code : 'SESSION_DRAIN_FAILED', message: String(e.message ?? error) })
    })
  }

  /** The runtime options of `settings` with the key, tokens, workspace and page tools held here. @throws HostConfigError */
  #options(settings: RuntimeSettings): HostRuntimeOptions {
    const base = runtimeOptions(settings, this.#apiKey, this.#mcpTokens.byUrl)
    return {
      ...base, workspace: { ...base.workspace, provider: this.#workspace },
      userQuestions: { answer: (request) => this.userQuestions.ask(request) },
      ...(this.#pageTools ? { plugins: [[ToolPage, { source: this.#pageTools }] as const] } : {}),
    }
  }

  readonly #notCarried = (sessionId: string, error: unknown): void => {
    this.#post({ kind: 'host.error', code: 'SESSION_NOT_CARRIED', message: `session ${sessionId} could not be kept across the restart: ${String((error as { message?: unknown }).message ?? error)}` })
  }

  async #start(settings: RuntimeSettings): Promise<HostRuntime> {
    const runtime = await this.factory(this.#options(settings))
    const carried = this.#carried
    this.#carried = []
    await importCarried(runtime, carried, this.#notCarried)
    const tools = runtime.ctx.get('tools', false)
    this.#tools = tools ? (name) => tools.get(name) : undefined
    this.#fs = runtime.ctx.get('fs', false) as FileSystem | undefined
    this.#rules = runtime.ctx.get('approvalRules', false) as ApprovalRules | undefined
    watchRuntime(this, runtime)
    this.#reportPluginProblems(runtime)
    return runtime
  }

  /** No silent partial boot: each plugin that did not start reaches the page as `DSH_PLUGIN_FAILED`, naming it. */
  #reportPluginProblems(runtime: HostRuntime): void {
    for (const problem of runtime.diagnostics().plugins) {
      this.#post({ kind: 'host.error', code: 'DSH_PLUGIN_FAILED', message: describePluginProblem(problem) })
    }
  }

  /** The agent driving `sessionId` here. @throws HostError SESSION_READ_ONLY (followed) | SESSION_NOT_OPEN */
  agent(sessionId: SessionId): Agent {
    const agent = this.agents.get(sessionId)
    if (!agent && this.followers.has(sessionId)) {
      throw new HostError('SESSION_READ_ONLY', `session ${sessionId} is being written by another tab or instance and is shown read-only here; take it over to drive it`)
    }
    if (!agent) throw new HostError('SESSION_NOT_OPEN', `session ${sessionId} is not open in this worker (send session.open first)`)
    return agent
  }

  /** The runtime's session allow rules. @throws HostError APPROVAL_RULES_UNAVAILABLE (the composition has none) */
  approvalRules(): ApprovalRules {
    if (!this.#rules) throw new HostError('APPROVAL_RULES_UNAVAILABLE', 'this runtime has no approval-rules plugin: only "Allow once" is possible')
    return this.#rules
  }

  forgetKey(): Promise<KeyState> {
    return this.setKey(null, false)
  }

  /** Every notice leaves through here: a `host.error` message has the key scrubbed. */
  readonly #post = (notice: HostNotice): void => {
    this.sink.post(notice.kind === 'host.error' ? { ...notice, message: this.#scrub(notice.message) } : notice)
  }

  #scrub(text: string): string {
    return this.#mcpTokens.scrub(scrubSecret(text, this.#apiKey))
  }

  /** The key is held here only; callers may test whether text would leak it. */
  containsKey(text: string): boolean {
    return (this.#apiKey !== undefined && text.includes(this.#apiKey)) || this.#mcpTokens.contains(text)
  }
}
