/**
 * Lets `read` and `grep` open a spilled tool result (`/.dsh/spill/<id>.txt`, src/spill): the body
 * comes from `ctx.spill`, never from the workspace. Plane: worker.
 * Contract: `undefined` = not a spill locator (or no spill plugin); a missing body throws SPILL_MISSING.
 * @module tool-fs/spill-source
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../spill/service.ts'
import type { FsTarget } from '../fs/types.ts'

export function spilledText(ctx: Context, target: FsTarget): Promise<string | undefined> {
  const spill = ctx.get('spill')
  return spill ? spill.readAt(target.targetKey) : Promise.resolve(undefined)
}
