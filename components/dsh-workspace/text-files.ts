/**
 * Which dropped desktop files are text: strict UTF-8 with no NUL byte (the same rule the worker's
 * `workspace.read` applies). Plane: main; pure. Contract: `undefined` for a binary file.
 * @module components/dsh-workspace/text-files
 */

/** The largest file a drop adds (the worker's read cap). */
export const DROP_CAP = 4_000_000

export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}
