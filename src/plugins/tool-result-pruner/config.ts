/**
 * The pruner's budgets (dsh's compaction-tool-result-pruner): Unicode code points of a tool
 * result's text, its fixed marker, and the validation that head + marker + tail fit the threshold.
 * Plane: shared; pure.
 * @module plugins/tool-result-pruner/config
 */

/** dsh's marker substituted for the removed middle of a pruned result. */
export const PRUNE_MARKER = '\n\n[... tool result middle pruned ...]\n\n'

export interface ToolResultPruneConfig {
  /** Prune a result whose text is over this many code points (default 8192). */
  thresholdChars?: number
  /** Code points kept from the start (default 4096). */
  headChars?: number
  /** Code points kept from the end (default 1024). */
  tailChars?: number
}

export type ResolvedPruneConfig = Readonly<Required<ToolResultPruneConfig>>

export const PRUNE_DEFAULTS: ResolvedPruneConfig = Object.freeze({ thresholdChars: 8192, headChars: 4096, tailChars: 1024 })

/** Code points of `text` (a surrogate pair is one). */
export function codePointLength(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++
    count++
  }
  return count
}

/** @throws TypeError naming the bad budget */
export function resolvePruneConfig(config: ToolResultPruneConfig = {}): ResolvedPruneConfig {
  const resolved = { ...PRUNE_DEFAULTS, ...config }
  for (const key of Object.keys(config)) {
    if (!(key in PRUNE_DEFAULTS)) throw new TypeError(`tool-result-pruner: unknown option "${key}" (allowed: thresholdChars, headChars, tailChars)`)
  }
  if (!Number.isSafeInteger(resolved.thresholdChars) || resolved.thresholdChars <= 0) throw new TypeError(`tool-result-pruner: thresholdChars (${resolved.thresholdChars}) must be a positive integer`)
  for (const key of ['headChars', 'tailChars'] as const) {
    if (!Number.isSafeInteger(resolved[key]) || resolved[key] < 0) throw new TypeError(`tool-result-pruner: ${key} (${resolved[key]}) must be a non-negative integer`)
  }
  const emitted = resolved.headChars + codePointLength(PRUNE_MARKER) + resolved.tailChars
  if (emitted > resolved.thresholdChars) throw new TypeError(`tool-result-pruner: headChars + marker + tailChars (${emitted}) must be at most thresholdChars (${resolved.thresholdChars})`)
  return Object.freeze(resolved)
}
