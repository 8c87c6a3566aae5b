/**
 * `ctx.spill` (dsh's spill-policy + a browser spill store): a `tools/post-execute` listener that
 * keeps over-`maxInlineBytes` plain-text results (not `read`, not nested calls, not value
 * replacements, not blocks) out of the log and the model's context — the whole text is stored
 * (IndexedDB or memory) and the result becomes a head/tail preview naming `/.dsh/spill/<id>.txt`,
 * which `read` and `grep` open. Writes into `/.dsh/spill` are refused. Plane: worker.
 * The `Service` façade over `SpillCore` (kernel/cordis/service). Contract: a spill failure never fails the call.
 * @module spill/service
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type {} from '../tools/events.ts'
import type {} from '../fs/file-system.ts'
import type {} from '../session/index.ts'
import type { PostToolDecision } from '../tools/types.ts'
import type { CoreService } from '../kernel/cordis/service.ts'
import { SpillError } from './errors.ts'
import { idbSpillStore } from './idb-store.ts'
import { isInSpillDir } from './paths.ts'
import { SpillCore, plainText } from './spill-core.ts'
import { memorySpillStore } from './store.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { spill: SpillService }
}

export interface SpillConfig {
  /** Where bodies are kept: the runtime's `storage` (default `memory`). */
  storage?: 'memory' | 'indexeddb'
  /** The cap of a plain-text result in the log, in UTF-8 bytes (default 50 000, dsh's bundle). */
  maxInlineBytes?: number
}

export const DEFAULT_MAX_INLINE_BYTES = 50_000

export class SpillService extends Service implements CoreService<SpillCore> {
  static inject = ['tools']
  readonly core: SpillCore

  constructor(ctx: Context, config: SpillConfig = {}) {
    super(ctx, 'spill')
    const cap = config.maxInlineBytes ?? DEFAULT_MAX_INLINE_BYTES
    if (!Number.isSafeInteger(cap) || cap < 0) throw new TypeError(`spill: maxInlineBytes must be a non-negative integer (got ${cap})`)
    const logger = ctx.logger('spill')
    const core = this.core = new SpillCore(config.storage === 'indexeddb' ? idbSpillStore() : memorySpillStore(), cap, (message) => logger.warn(message))
    ctx.on('tools/post-execute', async (exec, result, next): Promise<PostToolDecision> => {
      // Delegate first: what a later listener accepted is what gets bounded; blocks and value
      // replacements pass through; `read` is skipped (a read → spill → read-again loop).
      const decision = await next()
      if (decision.kind !== 'accept' || Object.hasOwn(decision, 'value') || exec.parent !== undefined || exec.name === 'read') return decision
      const session = exec.agent?.session
      const text = session && plainText(decision.content ?? result.content)
      if (text === undefined) return decision
      const replaced = await core.spill(text, session!.id, exec.name)
      if (replaced === undefined) return decision
      return { kind: 'accept', content: [{ type: 'text', text: replaced }], ...(decision.additionalContexts ? { additionalContexts: decision.additionalContexts } : {}) }
    }, { prepend: true })
    // A deleted session's bodies go with it (a fork that still names one then reads SPILL_MISSING).
    ctx.on('session/deleted', (id) => {
      core.store.deleteSession(id).catch((error: unknown) => logger.warn('spill: deleting the bodies of %s failed: %s', id, error))
    })
    const refuseSpillWrite = (path: string, display: string): void => {
      if (isInSpillDir(path)) throw new SpillError('SPILL_READ_ONLY', `${display} is a stored tool result: read-only`)
    }
    ctx.on('fs/write-intent', async (target, _actor, next) => { refuseSpillWrite(target.targetKey, target.displayPath); return next() }, { prepend: true })
    ctx.on('fs/edit-intent', async (target, _actor, next) => { refuseSpillWrite(target.targetKey, target.displayPath); return next() }, { prepend: true })
  }

  /**
   * The stored body a spill locator names; `undefined` when the path is no spill locator.
   * @throws SpillError SPILL_MISSING
   */
  readAt(absolutePath: string): Promise<string | undefined> {
    return this.core.readAt(absolutePath)
  }
}
