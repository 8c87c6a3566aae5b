/**
 * `ctx.agents`: creates and resumes agents over `ctx.sessions`, owns their scopes, installs the
 * model-visibility check, and disposes every agent with the plugin. Plane: worker.
 * Contract: `agent/created` then `agent/session-start` before the handle is returned.
 * @module agent-loop/service
 */
import { Service, type Context, type Fiber } from '@deepseek-ai/cordis'
import { SessionStoreError } from '../session/errors.ts'
import type { Session } from '../session/session.ts'
import type { SessionMeta } from '../session/store.ts'
import type { SessionEvent } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'
import { InFlight } from '../util/in-flight.ts'
import { LoopAgent } from './agent.ts'
import { assertAgentOptions } from './agent-options.ts'
import { installModelVisibilityCheck } from './invariant.ts'
import { agentNotifier, type AgentNotify } from './notify.ts'
import type { Agent, AgentOptions, SessionStartSource } from './types.ts'
import './events.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    agents: AgentService
  }
}

export interface Config {
  /** Defaults merged under each agent's own options (route, output cap, budgets). */
  defaults?: AgentOptions
  /** `false` skips the model-visible-means-logged check (runtime option `invariants`). */
  invariants?: boolean
}

export interface CreateAgentOptions {
  sessionId?: SessionId
  meta?: SessionMeta
  seed?: readonly SessionEvent[]
  agentOptions?: AgentOptions
  /** Composes the agent's scope before anything is published (dsh setup window). */
  setup?: (agent: Agent) => void
}

export interface ResumeAgentOptions {
  resumeSessionId: SessionId
  agentOptions?: AgentOptions
  setup?: (agent: Agent) => void
}

export interface AgentHandle {
  agent: Agent
  dispose(): Promise<void>
}

export class AgentService extends Service {
  static readonly inject = ['sessions', 'llm', 'tools', 'systemPrompt']
  private readonly live = new Map<SessionId, { agent: LoopAgent; fiber: Fiber }>()
  /** Resumes in flight by session id: a second `resume` of one session waits for the first. */
  private readonly resuming = new InFlight<SessionId, AgentHandle>()
  /** Disposals in flight by session id: a second `dispose` shares the first; a `resume` waits for it. */
  private readonly disposing = new InFlight<SessionId, void>()
  private readonly notify: AgentNotify

  constructor(ctx: Context, private readonly config: Config = {}) {
    super(ctx, 'agents')
    assertAgentOptions(config.defaults)
    this.notify = agentNotifier(ctx)
    if (config.invariants !== false) installModelVisibilityCheck(ctx, (id) => this.live.get(id as SessionId)?.agent.session ?? false)
    ctx.effect(() => () => this.disposeAll(), 'agents: dispose every agent')
  }

  /** A new session (or one seeded from history) with its agent. */
  async create(options: CreateAgentOptions = {}): Promise<AgentHandle> {
    assertAgentOptions(options.agentOptions)
    const session = await this.ctx.sessions.create({
      ...(options.sessionId ? { id: options.sessionId } : {}),
      ...(options.seed ? { seed: options.seed } : {}),
      ...(options.meta ? { meta: options.meta } : {}),
    })
    return this.start(session, 'startup', options.agentOptions, options.setup)
  }

  /**
   * The agent of a stored (or live, idle) session: loaded, repaired, then driven again. Concurrent
   * calls for one session share the one resume in flight (the first caller's options and setup
   * apply, as for an agent already running); a failed resume leaves nothing behind; a resume during
   * the session's `dispose` waits for it and resumes afresh.
   * @throws SessionStoreError SESSION_LIVE when the session is live with a turn open (as dsh: its
   *   repair would close a turn someone is still writing)
   */
  resume(options: ResumeAgentOptions): Promise<AgentHandle> {
    try {
      assertAgentOptions(options.agentOptions)
    } catch (error) {
      return Promise.reject(error)
    }
    const id = options.resumeSessionId
    const disposal = this.disposing.current(id)
    if (disposal) { // the agent being stopped is no answer: resume afresh once it is gone
      const again = (): Promise<AgentHandle> => this.resume(options)
      return disposal.then(again, again)
    }
    const openTurn = this.ctx.sessions.get(id)?.openTurn
    if (openTurn !== undefined) {
      return Promise.reject(new SessionStoreError('SESSION_LIVE', `cannot resume session ${id} while it is live: turn ${openTurn} is open`))
    }
    const running = this.live.get(id)
    if (running) return Promise.resolve({ agent: running.agent, dispose: () => this.dispose(running.agent.id) })
    return this.resuming.share(id, async () => this.start(await this.ctx.sessions.open(id), 'resume', options.agentOptions, options.setup))
  }

  get(id: SessionId): Agent | undefined {
    return this.live.get(id)?.agent
  }

  list(): Agent[] {
    return [...this.live.values()].map((entry) => entry.agent)
  }

  /** Stops the agent (cancel `disposed`, wait for its turn to close) and removes its scope. */
  dispose(id: SessionId): Promise<void> {
    const entry = this.live.get(id)
    if (!entry) return Promise.resolve()
    return this.disposing.share(id, () => this.stop(entry))
  }

  private async stop(entry: { agent: LoopAgent; fiber: Fiber }): Promise<void> {
    const id = entry.agent.id
    await entry.agent.stop()
    this.live.delete(id)
    await entry.fiber.dispose()
    this.notify('agent/disposed', { agent: entry.agent })
  }

  private async start(session: Session, source: SessionStartSource, own: AgentOptions | undefined, setup?: (agent: Agent) => void): Promise<AgentHandle> {
    if (this.live.has(session.id)) throw new Error(`agents: session ${session.id} already has an agent`)
    let scope!: Context
    const fiber = this.ctx.plugin({ name: `agent:${session.id}`, apply: (ctx: Context) => { scope = ctx } })
    await fiber
    const agent = new LoopAgent({ root: this.ctx, scope, session, options: { ...this.config.defaults, ...own } })
    this.live.set(session.id, { agent, fiber })
    setup?.(agent)
    this.notify('agent/created', { agent })
    this.notify('agent/session-start', { agent, source })
    return { agent, dispose: () => this.dispose(agent.id) }
  }

  private async disposeAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.dispose(id)))
  }
}
