/**
 * `ctx.toolResultPruner` (dsh's compaction-tool-result-pruner): the model-free pass compaction
 * runs before a summary (`pruneSession`, inside the open turn), and "Trim tool results" for a
 * reader without a model (`trimNow`, between turns: the replacements are bracketed by a turn of
 * their own, since the log admits a `tool/result` replacement only inside a turn). Plane: worker.
 * Contract: the originals stay in the log; only the surface changes.
 * @module plugins/tool-result-pruner/service
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type { Session } from '../../session/session.ts'
import type {} from '../../session/index.ts'
import { resolvePruneConfig, type ResolvedPruneConfig, type ToolResultPruneConfig } from './config.ts'
import type { PruneResult } from './prune.ts'
import { lazyPart } from '../../kernel/lazy-plugin.ts'

/** prune.ts (the pass itself): loaded with the first pruning or trim, or warmed after a first answer. */
const prunePass = lazyPart('tool-result-pruner: pass', () => import('./prune.ts'))

declare module '@deepseek-ai/cordis' {
  interface Context { toolResultPruner: ToolResultPruner }
}

const NOTHING: PruneResult = Object.freeze({ pruned: Object.freeze([]), charsRemoved: 0 })

export class ToolResultPruner extends Service {
  static inject = ['sessions']
  readonly config: ResolvedPruneConfig

  constructor(ctx: Context, config: ToolResultPruneConfig = {}) {
    super(ctx, 'toolResultPruner')
    this.config = resolvePruneConfig(config)
  }

  /** Prunes the over-budget results of `session`'s surface; the caller holds the open turn (across the pass's load too). */
  async pruneSession(session: Session): Promise<PruneResult> {
    return (await prunePass()).pruneSession(session, this.config)
  }

  /** How many current results are over the threshold (what `trimNow` would replace). */
  async candidates(session: Session): Promise<number> {
    return (await prunePass()).pruneCandidates(session, this.config)
  }

  /**
   * "Trim tool results": between turns (agent maintenance), prunes every over-budget result in a
   * turn of its own (`turn/start` … `turn/end {completed}`, no step), then flushes storage.
   * Nothing over budget → nothing is logged.
   */
  trimNow(agent: Agent): Promise<PruneResult> {
    return agent.runMaintenance(async () => {
      const session = agent.session
      const { pruneCandidates, pruneSession } = await prunePass()
      if (pruneCandidates(session, this.config) === 0) return NOTHING
      const turn = session.lastTurn + 1
      session.append('turn/start', { turn })
      let result: PruneResult
      try {
        result = pruneSession(session, this.config)
      } finally {
        session.append('turn/end', { turn, reason: { kind: 'completed' } })
      }
      await this.ctx.sessions.flush()
      return result
    })
  }
}
