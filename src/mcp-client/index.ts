/**
 * MCP client plugin, one instance per server `{name, url, headers?}`: registers the server's tools
 * as `mcp__<server>__<tool>` on `ctx.tools`, through the full pipeline (approval, guards, abort,
 * timeout). The SDK and the connection code load lazily (their own chunk) when the plugin starts.
 * Plane: worker. Contract: unavailability and left-out tools are named in log-only `mcp/server` /
 * `mcp/problem` events (written `ignorable`) in every live session, and again when a session starts.
 * @module mcp-client
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Session } from '../session/session.ts'
import type {} from '../agent-loop/service.ts'
import type {} from '../tools/registry.ts'
import { ConfigSchema, resolveServerConfig } from './config.ts'
import type { Problem, SupervisorReporter } from './supervisor.ts'
import type { McpServerConfig, McpServerState } from './types.ts'

export type { McpServerConfig, McpServerState } from './types.ts'
export { publicToolName } from './tool-name.ts'

export const name = 'mcp-client'
export const inject = ['tools', 'sessions']
export const Config = ConfigSchema
/** Log-only event types this plugin appends (declared so import and open accept them). */
export const EVENT_TYPES = ['mcp/server', 'mcp/problem'] as const

/** Live server names per runtime root: a second instance with the same name fails at load. */
const liveNames = new WeakMap<object, Set<string>>()

/** The log side of a server: what is wrong now, written into live sessions and each new one. */
class StatusLog implements SupervisorReporter {
  #unavailable: Extract<McpServerState, { status: 'unavailable' }> | undefined
  #problems: readonly Problem[] = []

  constructor(private readonly ctx: Context, private readonly server: string) {}

  #sessions(): Session[] {
    return this.ctx.get('agents')?.list().map((agent) => agent.session) ?? []
  }

  #append(sessions: readonly Session[], write: (session: Session) => void): void {
    for (const session of sessions) {
      try {
        write(session)
      } catch (error) { // a session that refuses appends (closed or fenced by another tab) keeps its log as it is
        this.ctx.logger('mcp-client').debug('status not logged in %s: %s', session.id, (error as Error).message)
      }
    }
  }

  #logState(sessions: readonly Session[], state: McpServerState): void {
    if (state.status === 'unavailable') {
      this.#append(sessions, (s) => s.append('mcp/server', { server: this.server, status: 'unavailable', code: state.code, reason: state.reason }, { ignorable: true }))
    } else if (state.status === 'connected') {
      this.#append(sessions, (s) => s.append('mcp/server', { server: this.server, status: 'connected', tools: state.tools }, { ignorable: true }))
    }
  }

  #logProblems(sessions: readonly Session[], problems: readonly Problem[]): void {
    for (const p of problems) this.#append(sessions, (s) => s.append('mcp/problem', { server: this.server, code: p.code, reason: p.reason, ...(p.tool ? { tool: p.tool } : {}) }, { ignorable: true }))
  }

  state(state: McpServerState): void {
    const recovered = state.status === 'connected' && this.#unavailable !== undefined
    this.#unavailable = state.status === 'unavailable' ? state : undefined
    if (state.status === 'unavailable' || recovered) this.#logState(this.#sessions(), state)
  }

  problems(problems: readonly Problem[]): void {
    const known = new Set(this.#problems.map((p) => `${p.code}\0${p.tool ?? ''}\0${p.reason}`))
    this.#problems = problems
    this.#logProblems(this.#sessions(), problems.filter((p) => !known.has(`${p.code}\0${p.tool ?? ''}\0${p.reason}`)))
  }

  problem(problem: Problem): void {
    this.#logProblems(this.#sessions(), [problem])
  }

  /** A session starting now learns what is wrong now. */
  sessionStarted(session: Session): void {
    if (this.#unavailable) this.#logState([session], this.#unavailable)
    this.#logProblems([session], this.#problems)
  }
}

export async function apply(ctx: Context, config: McpServerConfig): Promise<void> {
  const resolved = resolveServerConfig(config)
  const names = liveNames.get(ctx.root) ?? new Set<string>()
  liveNames.set(ctx.root, names)
  if (names.has(resolved.name)) throw new Error(`MCP server name "${resolved.name}" is configured twice; names must be unique`)
  ctx.effect(() => {
    names.add(resolved.name)
    return () => names.delete(resolved.name)
  }, 'mcp-client: server name')
  ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))
  const log = new StatusLog(ctx, resolved.name)
  ctx.on('agent/session-start', ({ agent }) => log.sessionStarted(agent.session))
  const { ServerSupervisor } = await import('./supervisor.ts')
  const supervisor = new ServerSupervisor(ctx, resolved, log)
  ctx.effect(() => () => supervisor.dispose(), 'mcp-client: disconnect')
  await supervisor.connect()
}
