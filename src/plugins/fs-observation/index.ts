/**
 * Read-before-edit policy (dsh contracts §10): remembers what each session saw (`fs/observed`)
 * and answers `fs/write-intent` / `fs/edit-intent` with the guard the write must satisfy. A save
 * by the person (`fs/person-saved`) outdates every earlier observation of that file: the agent must
 * read it again before it edits or overwrites it, and is told why.
 * Plane: worker. Contract: owner = actor.agent.session (WeakMap); writes over unread files and
 * edits of unread or changed files are refused by `ctx.fs` with FS_NOT_OBSERVED / FS_STALE_VERSION;
 * a file the person saved after the agent's last observation is refused FS_NOT_OBSERVED.
 * @module plugins/fs-observation/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { FsError, notFound } from '../../fs/errors.ts'
import type {} from '../../fs/file-system.ts'
import type { FsObservation, FsTarget } from '../../fs/types.ts'
import type { ToolExecution } from '../../tools/types.ts'

export const name = 'fs-observation'

export type Config = Record<string, never>

/** An observation and when it was made (the policy's own clock, shared with the person's saves). */
interface Seen { observation: FsObservation; at: number }

export function apply(ctx: Context): void {
  const observations = new WeakMap<object, Map<string, Seen>>()
  /** The clock value of the person's last save per target. */
  const personSaved = new Map<string, number>()
  let clock = 0
  const seen = (actor: ToolExecution, target: FsTarget): FsObservation | undefined => {
    const owner = actor.agent?.session
    const entry = owner ? observations.get(owner)?.get(target.targetKey) : undefined
    if (!entry) return undefined
    if (entry.at < (personSaved.get(target.targetKey) ?? -1)) {
      throw new FsError('FS_NOT_OBSERVED', `${target.displayPath} was changed and saved by the person since you last read it; read it again before changing it`)
    }
    return entry.observation
  }

  ctx.on('fs/observed', (target, observation, actor) => {
    const owner = actor.agent?.session
    if (!owner) return
    let table = observations.get(owner)
    if (!table) observations.set(owner, (table = new Map()))
    table.set(target.targetKey, { observation, at: ++clock })
  })

  ctx.on('fs/person-saved', (target) => {
    personSaved.set(target.targetKey, ++clock)
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
