/**
 * `ctx.compaction`: context-pressure compaction at `agent/pre-step`, one compaction and retry
 * on a provider context overflow (`agent/request-error`), and manual `compactNow(agent)`.
 * Plane: worker. Contract: no loop changes — it acts only through the documented events; auto
 * failures are logged (`compaction/end {error}`) and never fail the step.
 * @module plugins/compaction/service
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type { PreStepPayload, RequestErrorPayload } from '../../agent-loop/events.ts'
import type {} from '../../llm/index.ts'
import type {} from '../../session/index.ts'
import { measureContext } from '../../llm/token-meter.ts'
import { RequestTokenTally } from '../../llm/token-tally.ts'
import type { Session } from '../../session/session.ts'
import type { LlmCore } from '../../llm/llm-core.ts'
import type { CompactOutcome } from './compact.ts'
import { foldHeader } from './header.ts'
import { limitsFor, resolveConfig, type CompactionConfig, type ResolvedCompactionConfig } from './config.ts'
import { CompactionError } from './errors.ts'
import { lazyPart } from '../../kernel/lazy-plugin.ts'
import type {} from '../tool-result-pruner/service.ts'

/** compact.ts (planning, the summary request, the commit): loaded with the first compaction, or warmed after a first answer. */
const compactPass = lazyPart('compaction: pass', () => import('./compact.ts'))

declare module '@deepseek-ai/cordis' {
  interface Context { compaction: CompactionService }
}

export class CompactionService extends Service {
  static inject = ['llm', 'sessions']
  private readonly config: ResolvedCompactionConfig
  /** The model runtime's core (kernel/cordis/service). */
  private readonly llm: LlmCore
  /** Overflow compactions per session since its last reply or idle. */
  private readonly overflowRetries = new WeakMap<object, number>()
  /** Per session: the pressure heuristic grows with the new messages only. */
  private readonly tallies = new WeakMap<Session, RequestTokenTally>()

  constructor(ctx: Context, config: CompactionConfig = {}) {
    super(ctx, 'compaction')
    this.config = resolveConfig(config)
    this.llm = ctx.llm.core
    ctx.on('agent/pre-step', async (payload, next) => {
      if (this.config.auto) await this.relievePressure(payload)
      return next()
    })
    ctx.on('agent/request-error', async (payload, next) => {
      if (payload.failure.code !== 'CONTEXT_WINDOW_EXCEEDED' || !this.config.auto) return next()
      return (await this.recoverOverflow(payload)) ? { kind: 'retry' } : next()
    })
    ctx.on('agent/status', ({ agent, status }) => {
      if (status === 'idle') this.overflowRetries.delete(agent.session)
    })
    ctx.on('session/event', (session, event) => {
      if (event.type === 'assistant/message') this.overflowRetries.delete(session)
    })
  }

  /** Where automatic compaction starts for `session`, in tokens; undefined when it is off or the window is unknown. */
  threshold(session: Session): number | undefined {
    const window = this.config.auto ? this.contextWindow(session) : undefined
    return window ? limitsFor(this.config, window).threshold : undefined
  }

  /** The window used for thresholds: config, then the logged route, then the model catalog. */
  contextWindow(session: Session): number | undefined {
    if (this.config.contextWindow) return this.config.contextWindow
    const route = session.lastOfType('request/context')?.data ?? foldHeader(session)?.config
    if (!route) return undefined
    return ('contextWindow' in route ? route.contextWindow : undefined) ?? this.llm.resolveModelInfo(route.provider, route.model)?.contextWindow
  }

  /**
   * Compacts the agent's whole history now, between turns (`turn: null`; like a user's /compact,
   * nothing is kept verbatim unless `retainTokens` says so), then flushes storage.
   * @throws CompactionError ('busy' | 'nothing' | 'summary' | 'changed' | 'cancelled' | 'commit')
   */
  compactNow(agent: Agent): Promise<CompactOutcome> {
    return agent.runMaintenance(async (signal) => {
      const outcome = await this.run(agent, null, this.config.retainTokens ?? 0, signal)
      await this.ctx.sessions.flush()
      return outcome
    })
  }

  private async run(agent: Agent, turn: number | null, retain: number, signal: AbortSignal): Promise<CompactOutcome> {
    const { compact } = await compactPass()
    return compact({
      ctx: this.ctx, session: agent.session, turn, retain, signal,
      attempts: this.config.compactionRetries + 1, maxTokens: this.config.summaryMaxTokens,
    })
  }

  private async relievePressure(payload: PreStepPayload): Promise<void> {
    const { agent, turn, signal } = payload
    const session = agent.session
    const window = this.contextWindow(session)
    const header = foldHeader(session)
    if (!window || !header) return
    const { threshold, retain } = limitsFor(this.config, window) // relievePressure runs only with auto on
    let tally = this.tallies.get(session)
    if (!tally) this.tallies.set(session, tally = new RequestTokenTally())
    const measure = (): number => measureContext({
      events: session.events, messages: session.sharedMessages(), pending: payload.messages,
      ...(header.system === undefined ? {} : { system: header.system }),
      ...(header.tools === undefined ? {} : { tools: header.tools }),
    }, tally).totalTokens
    if (measure() <= threshold) return
    if (await this.pruneFirst(session) && measure() <= threshold) return
    try {
      await this.run(agent, turn, retain, signal)
    } catch (error) {
      this.report(error)
    }
  }

  private async recoverOverflow(payload: RequestErrorPayload): Promise<boolean> {
    const { agent, turn, signal } = payload
    const used = this.overflowRetries.get(agent.session) ?? 0
    if (used >= this.config.maxOverflowRetries) return false
    this.overflowRetries.set(agent.session, used + 1)
    const generation = agent.session.surface.replaceGeneration
    await this.pruneFirst(agent.session)
    try {
      await this.run(agent, turn, 0, signal)
    } catch (error) {
      this.report(error)
    }
    return agent.session.surface.replaceGeneration > generation
  }

  /**
   * dsh's order: the model-free pruner (when mounted) before any summary, inside the open turn.
   * @returns whether it replaced anything
   */
  private async pruneFirst(session: Session): Promise<boolean> {
    const pruner = this.ctx.get('toolResultPruner')
    if (!pruner) return false
    try {
      return (await pruner.pruneSession(session)).pruned.length > 0
    } catch (error) {
      this.report(error)
      return false
    }
  }

    private report(error: unknown): void {
    if (error instanceof CompactionError && error.kind === 'nothing') return
    this.ctx.logger('compaction').warn('automatic compaction failed: %s', error instanceof Error ? error.message : String(error))
  }
}
