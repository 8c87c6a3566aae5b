/**
 * Where spilled tool results appear to the model: `/.dsh/spill/<id>.txt`, outside the workspace
 * root, read-only, never part of the workspace. Plane: shared; pure.
 * @module spill/paths
 */

/** The folder every spill locator names. */
export const SPILL_DIR = '/.dsh/spill'

const LOCATOR = /^\/\.dsh\/spill\/([A-Za-z0-9-]{1,64})\.txt$/

/** The model-facing path of spilled body `id`. */
export function spillLocator(id: string): string {
  return `${SPILL_DIR}/${id}.txt`
}

/** The spill id an absolute, normalized path names, or `undefined` when it is not a spill locator. */
export function spillIdAt(absolutePath: string): string | undefined {
  return LOCATOR.exec(absolutePath)?.[1]
}

/** Whether an absolute, normalized path lies in the spill folder (writes there are refused). */
export function isInSpillDir(absolutePath: string): boolean {
  return absolutePath === SPILL_DIR || absolutePath.startsWith(`${SPILL_DIR}/`)
}
