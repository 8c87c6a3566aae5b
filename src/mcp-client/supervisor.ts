/**
 * One MCP server's connection, kept alive: connect (official SDK client, Streamable HTTP
 * transport, eval-free schema validator, origin-guarded fetch), list and register its tools,
 * re-list on `notifications/tools/list_changed` (bursts coalesced, storms named), and on failure
 * take its tools away, report why, and reconnect with backoff (at once on `online`; while the
 * browser says it is offline, a check every 2 s that sends nothing); a call to a tool of a server that is
 * away gets the server's state; the session ends with `DELETE` on dispose and (keepalive) when the page goes.
 * Plane: worker (lazy chunk). Contract: never rejects; `dispose` leaves nothing registered.
 * @module mcp-client/supervisor
 */
import type { Context } from '@deepseek-ai/cordis'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { LATEST_PROTOCOL_VERSION, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import * as z from 'zod/v4'
import { ExternalSchemaValidator } from '../tools/external-schema.ts'
import { errorResult } from '../tools/errors.ts'
import type {} from '../tools/events.ts'
import type {} from '../kernel/types.ts'
import type { ToolDefinition, ToolExecution, ToolExecutionResult } from '../tools/types.ts'
import { classifyFailure, McpError } from './failure.ts'
import { originGuardedFetch } from './guarded-fetch.ts'
import { checkListedTool } from './listed-tool.ts'
import { bridgeTool, type BridgeContext } from './tool-bridge.ts'
import { publicToolName } from './tool-name.ts'
import type { McpProblemCode, McpServerState } from './types.ts'
import type { ResolvedServerConfig } from './config.ts'

// Zod (the SDK's parser) must never probe `new Function`: a strict CSP reports even a caught attempt.
z.config({ jitless: true })

/** At most this many tools per server; the rest are named and left out. */
export const MAX_TOOLS_PER_SERVER = 128
const LIST_DEBOUNCE_MS = 50
/** While the browser says it is offline, look again this often (no request leaves; a worker may miss `online`). */
const OFFLINE_POLL_MS = 2_000
/** More list_changed notifications than this within the window is a storm: named once, re-lists spaced. */
const STORM_COUNT = 20
const STORM_WINDOW_MS = 2_000
const STORM_SPACING_MS = 1_000
/** Disposing waits this long at most for the server to acknowledge the session's end (`DELETE`). */
const END_SESSION_WAIT_MS = 2_000

const LooseToolList = z.object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() }).passthrough()

export interface Problem { code: McpProblemCode; reason: string; tool?: string }

export interface SupervisorReporter {
  /** A state transition (connecting → connected | unavailable, or a new reason while unavailable). */
  state(state: McpServerState): void
  /** The problems of the current tool generation (replaces the previous list). */
  problems(problems: readonly Problem[]): void
  /** A problem not tied to a generation (a list_changed storm). */
  problem(problem: Problem): void
}

export class ServerSupervisor {
  readonly #validator = new ExternalSchemaValidator()
  readonly #fetch: typeof fetch
  readonly #secrets: string[]
  #client: Client | undefined
  #transport: StreamableHTTPClientTransport | undefined
  readonly #registered = new Map<string, () => void>()
  /** Every name this server's tools were registered under: a call to one while it is away gets its state, not `unknown tool`. */
  readonly #knownNames = new Set<string>()
  #state: McpServerState = { status: 'connecting' }
  #attempt = 0
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined
  #syncTimer: ReturnType<typeof setTimeout> | undefined
  #syncChain: Promise<void> = Promise.resolve()
  #recentNotifications: number[] = []
  #stormNamed = false
  #disposed = false
  readonly #stopNetwork: () => void

  constructor(private readonly ctx: Context, private readonly config: ResolvedServerConfig, private readonly reporter: SupervisorReporter) {
    this.#fetch = originGuardedFetch(new URL(config.url).origin)
    this.#secrets = Object.values(config.headers).flatMap((value) => [value, value.replace(/^Bearer\s+/i, '')])
    this.#stopNetwork = watchNetwork(() => this.#goneOffline(), () => this.#backOnline())
    ctx.on('tools/execute', async (exec, next) => this.#absent(exec) ?? next())
    ctx.on('runtime/page-leaving', () => void this.#endSession(this.#transport, { keepalive: true }))
  }

  get state(): McpServerState {
    return this.#state
  }

  /** One connection attempt; on failure the reconnect loop is already armed when it resolves. */
  async connect(): Promise<void> {
    if (this.#disposed || this.#client) return
    if (isOffline()) return this.#down(new McpError('MCP_OFFLINE', 'the browser is offline'))
    const transport = new StreamableHTTPClientTransport(new URL(this.config.url), {
      fetch: this.#fetch,
      requestInit: { headers: this.config.headers },
      reconnectionOptions: { initialReconnectionDelay: 250, maxReconnectionDelay: 2_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
    })
    const client = new Client({ name: 'dsh-agent', version: '0.1.0' }, { capabilities: {}, jsonSchemaValidator: this.#validator as never })
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => this.#onListChanged(client))
    // Per-request failures surface at the request; only the event stream's final give-up means the server went away.
    client.onerror = (error) => {
      if (this.#client === client && /Maximum reconnection attempts/.test(String((error as Error)?.message))) this.#down(error)
    }
    try {
      await client.connect(transport as never, { timeout: this.config.connectTimeoutMs })
      if (this.#disposed) return void this.#endSession(transport).finally(() => client.close().catch(() => undefined))
      this.#client = client
      this.#transport = transport
      await this.#sync(client)
      this.#attempt = 0
      this.#setState({ status: 'connected', tools: this.#registered.size })
    } catch (error) {
      void client.close().catch(() => undefined) // a transport that never opened has nothing to close
      if (this.#client === client || this.#client === undefined) this.#down(error)
    }
  }

  #bridge(): BridgeContext {
    return {
      server: this.config.name, timeoutMs: this.config.timeoutMs, maxTimeoutMs: this.config.maxTimeoutMs, maxResultChars: this.config.maxResultChars,
      secrets: this.#secrets, validator: this.#validator,
      client: () => this.#client,
      serverFailed: (error) => this.#down(error),
    }
  }

  async #listAll(client: Client): Promise<unknown[]> {
    const listed: unknown[] = []
    let cursor: string | undefined
    do {
      const page = await client.request({ method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }, LooseToolList, { timeout: this.config.timeoutMs })
      listed.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor && listed.length <= MAX_TOOLS_PER_SERVER)
    return listed
  }

  /** Lists, checks and swaps in the server's tools; problems are named, the other tools still register. */
  async #sync(client: Client): Promise<void> {
    const listed = await this.#listAll(client)
    const problems: Problem[] = []
    const next = new Map<string, ToolDefinition>()
    const bridge = this.#bridge()
    for (const entry of listed) {
      if (next.size >= MAX_TOOLS_PER_SERVER) {
        problems.push({ code: 'MCP_TOO_MANY_TOOLS', reason: `the server lists ${listed.length} tools; only the first ${MAX_TOOLS_PER_SERVER} are used` })
        break
      }
      const checked = checkListedTool(entry)
      if (!checked.ok) {
        problems.push({ code: checked.code, reason: checked.reason, tool: checked.rawName })
        continue
      }
      const name = await publicToolName(this.config.name, checked.tool.rawName)
      if (next.has(name)) problems.push({ code: 'MCP_TOOL_DUPLICATE', reason: `listed more than once; the first one is used`, tool: checked.tool.rawName })
      else next.set(name, bridgeTool(bridge, name, checked.tool))
    }
    if (this.#client !== client || this.#disposed) return
    this.#unregisterAll()
    for (const [name, definition] of next) {
      try {
        this.#registered.set(name, this.ctx.tools.register(definition))
        this.#knownNames.add(name)
      } catch (error) { // a duplicate name: another server's, a page tool's or a built-in tool's
        problems.push({ code: 'MCP_TOOL_NAME_TAKEN', reason: `${name} is already registered by another tool (${(error as Error).message})`, tool: definition.name })
      }
    }
    this.reporter.problems(problems)
  }

  #onListChanged(client: Client): void {
    if (this.#client !== client) return
    const now = Date.now()
    this.#recentNotifications = this.#recentNotifications.filter((t) => now - t < STORM_WINDOW_MS)
    this.#recentNotifications.push(now)
    const storm = this.#recentNotifications.length > STORM_COUNT
    if (storm && !this.#stormNamed) {
      this.#stormNamed = true
      this.reporter.problem({ code: 'MCP_LIST_CHANGED_STORM', reason: `more than ${STORM_COUNT} tools/list_changed notifications within ${STORM_WINDOW_MS} ms; re-listing at most once per ${STORM_SPACING_MS} ms` })
    }
    if (!storm) this.#stormNamed = false
    if (this.#syncTimer) return
    this.#syncTimer = setTimeout(() => {
      this.#syncTimer = undefined
      this.#syncChain = this.#syncChain.then(() => this.#resync(client))
    }, storm ? STORM_SPACING_MS : LIST_DEBOUNCE_MS)
  }

  async #resync(client: Client): Promise<void> {
    if (this.#client !== client) return
    try {
      await this.#sync(client)
      if (this.#client === client) this.#setState({ status: 'connected', tools: this.#registered.size })
    } catch (error) {
      if (this.#client === client) this.#down(error)
    }
  }

  #down(error: unknown): void {
    if (this.#disposed) return
    const failure = classifyFailure(error, this.#secrets)
    const client = this.#client
    this.#client = undefined
    this.#transport = undefined // a server that went away has no session left to end
    void client?.close().catch(() => undefined)
    this.#unregisterAll()
    const previous = this.#state
    if (previous.status !== 'unavailable' || previous.code !== failure.code) this.#setState({ status: 'unavailable', code: failure.code, reason: failure.reason })
    this.#scheduleReconnect()
  }

  #scheduleReconnect(): void {
    if (this.#disposed || this.#reconnectTimer) return
    this.#attempt += 1
    const { initialDelayMs, maxDelayMs } = this.config.reconnect
    const backoff = Math.min(maxDelayMs, initialDelayMs * 2 ** (this.#attempt - 1))
    const delay = isOffline() ? Math.min(backoff, OFFLINE_POLL_MS) : backoff
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined
      void this.connect()
    }, delay)
  }

  #goneOffline(): void {
    if (this.#client || this.#state.status !== 'unavailable') this.#down(new McpError('MCP_OFFLINE', 'the browser went offline'))
  }

  #backOnline(): void {
    if (this.#disposed || this.#client) return
    clearTimeout(this.#reconnectTimer)
    this.#reconnectTimer = undefined
    this.#attempt = 0
    void this.connect()
  }

  #setState(state: McpServerState): void {
    this.#state = state
    this.reporter.state(state)
  }

  /** A call to a tool of this server that is not registered now (the server went away after the model saw it). */
  #absent(exec: ToolExecution): Promise<ToolExecutionResult> | undefined {
    if (!this.#knownNames.has(exec.name) || this.#registered.has(exec.name)) return undefined
    const state = this.#state
    const server = `MCP server "${this.config.name}"`
    const why = state.status === 'connected' ? `${server} no longer lists this tool`
      : `${server} is ${state.status === 'unavailable' ? `unavailable (${state.code}: ${state.reason})` : 'reconnecting'}; its tools are absent until it is back`
    return Promise.resolve(errorResult(new McpError('MCP_UNAVAILABLE', why)))
  }

  /**
   * Ends the server's session (`DELETE` with its `Mcp-Session-Id`), best effort: on dispose (a removed
   * server, a closed runtime) and, with `keepalive`, when the page goes away. Never rejects.
   */
  async #endSession(transport: StreamableHTTPClientTransport | undefined, { keepalive = false } = {}): Promise<void> {
    const sessionId = transport?.sessionId
    if (!sessionId) return
    const headers = { ...this.config.headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': transport.protocolVersion ?? LATEST_PROTOCOL_VERSION }
    try {
      const response = await this.#fetch(this.config.url, { method: 'DELETE', headers, keepalive, ...(keepalive ? {} : { signal: AbortSignal.timeout(END_SESSION_WAIT_MS) }) })
      await response.body?.cancel()
    } catch (error) { // gone already, or too slow: the server times the session out on its own
      this.ctx.logger('mcp-client').debug('session of %s not ended: %s', this.config.name, (error as Error).message)
    }
  }

  #unregisterAll(): void {
    for (const dispose of this.#registered.values()) dispose()
    this.#registered.clear()
  }

  async dispose(): Promise<void> {
    this.#disposed = true
    this.#stopNetwork()
    clearTimeout(this.#reconnectTimer)
    clearTimeout(this.#syncTimer)
    const client = this.#client
    const transport = this.#transport
    this.#client = undefined
    this.#transport = undefined
    this.#unregisterAll()
    await this.#syncChain
    await this.#endSession(transport)
    await client?.close().catch(() => undefined)
  }
}

interface NetworkTarget {
  addEventListener?(type: string, listener: () => void): void
  removeEventListener?(type: string, listener: () => void): void
  navigator?: { onLine?: unknown }
}

function isOffline(): boolean {
  return (globalThis as NetworkTarget).navigator?.onLine === false
}

/** `offline` / `online` on the realm's global (worker or window); nothing where they do not exist (Node). */
function watchNetwork(onOffline: () => void, onOnline: () => void): () => void {
  const target = globalThis as NetworkTarget
  if (typeof target.addEventListener !== 'function') return () => undefined
  target.addEventListener('offline', onOffline)
  target.addEventListener('online', onOnline)
  return () => {
    target.removeEventListener?.('offline', onOffline)
    target.removeEventListener?.('online', onOnline)
  }
}
