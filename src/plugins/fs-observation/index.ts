/**
 * Read-before-edit policy (dsh contracts §10): remembers what each session saw (`fs/observed`)
 * and answers `fs/write-intent` / `fs/edit-intent` with the guard the write must satisfy.
 * Plane: worker. Contract: owner = actor.agent.session (WeakMap); writes over unread files and
 * edits of unread or changed files are refused by `ctx.fs` with FS_NOT_OBSERVED / FS_STALE_VERSION.
 * @module plugins/fs-observation/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { FsError, notFound } from '../../fs/errors.ts'
import type {} from '../../fs/file-system.ts'
import type { FsObservation, FsTarget } from '../../fs/types.ts'
import type { ToolExecution } from '../../tools/types.ts'

export const name = 'fs-observation'

export type Config = Record<string, never>

export function apply(ctx: Context): void {
  const observations = new WeakMap<object, Map<string, FsObservation>>()
  const seen = (actor: ToolExecution, target: FsTarget): FsObservation | undefined => {
    const owner = actor.agent?.session
    return owner ? observations.get(owner)?.get(target.targetKey) : undefined
  }

  ctx.on('fs/observed', (target, observation, actor) => {
    const owner = actor.agent?.session
    if (!owner) return
    let table = observations.get(owner)
    if (!table) observations.set(owner, (table = new Map()))
    table.set(target.targetKey, observation)
  })

  ctx.on('fs/write-intent', async (target, actor) => {
    const observation = seen(actor, target)
    return observation?.kind === 'present' ? { kind: 'replaceIfVersion', version: observation.version } : { kind: 'createIfAbsent' }
  })

  ctx.on('fs/edit-intent', async (target, actor) => {
    const observation = seen(actor, target)
    if (!observation) throw new FsError('FS_NOT_OBSERVED', `${target.displayPath} has not been read yet; read it before editing it`)
    if (observation.kind === 'absent') throw notFound(target.displayPath)
    return { version: observation.version }
  })
}
