/**
 * Line diff of a file change: the changed lines (a removed line before the line that replaces
 * it), grouped into unified hunks with context, and the +/− count. Plane: main; pure.
 * Contract: the common head and tail are matched first, so a whole-file before/after costs only
 * its changed middle; a middle too large for the LCS shows as all removed, then all added.
 * @module components/dsh-transcript/diff-lines
 */
import type { FileDiff } from '../../src/tools/types.ts'

export interface DiffLine { op: ' ' | '-' | '+'; text: string; oldNo?: number; newNo?: number }
export interface Hunk { oldStart: number; oldCount: number; newStart: number; newCount: number; lines: DiffLine[] }

const LCS_CELL_LIMIT = 1_000_000
export const CONTEXT_LINES = 3

const split = (text: string | null): string[] => (text === null || text === '' ? [] : text.replace(/\n$/, '').split('\n'))

/** The edit script of the middle `a`/`b` (no common head or tail): removals before additions. */
function middle(a: readonly string[], b: readonly string[]): ('=' | '-' | '+')[] {
  if (a.length * b.length > LCS_CELL_LIMIT) return [...a.map(() => '-' as const), ...b.map(() => '+' as const)]
  const dp: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) {
    dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!)
  }
  const ops: ('=' | '-' | '+')[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { ops.push('='); i++; j++ }
    else if (i < a.length && (j === b.length || dp[i + 1]![j]! >= dp[i]![j + 1]!)) { ops.push('-'); i++ }
    else { ops.push('+'); j++ }
  }
  return ops
}

const cache = new WeakMap<FileDiff, DiffLine[]>()

/** Every line of the change, numbered in the old and the new file (cached per diff object). */
export function diffLines(diff: FileDiff): DiffLine[] {
  const cached = cache.get(diff)
  if (cached) return cached
  const a = split(diff.oldText)
  const b = split(diff.newText)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const ops = [...Array<'='>(head).fill('='), ...middle(a.slice(head, a.length - tail), b.slice(head, b.length - tail)), ...Array<'='>(tail).fill('=')]
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  for (const op of ops) {
    if (op === '=') out.push({ op: ' ', text: a[i]!, oldNo: ++i, newNo: ++j })
    else if (op === '-') out.push({ op: '-', text: a[i]!, oldNo: ++i })
    else out.push({ op: '+', text: b[j]!, newNo: ++j })
  }
  cache.set(diff, out)
  return out
}

/** The changed lines with `context` unchanged lines around each change, as unified hunks. */
export function diffHunks(diff: FileDiff, context = CONTEXT_LINES): Hunk[] {
  const lines = diffLines(diff)
  const keep = new Uint8Array(lines.length)
  lines.forEach((line, k) => {
    if (line.op === ' ') return
    for (let m = Math.max(0, k - context); m <= Math.min(lines.length - 1, k + context); m++) keep[m] = 1
  })
  const hunks: Hunk[] = []
  let current: DiffLine[] = []
  const close = () => {
    if (current.length === 0) return
    const first = current[0]!
    const oldCount = current.filter((l) => l.op !== '+').length
    const newCount = current.filter((l) => l.op !== '-').length
    // A side with no lines in the hunk is numbered by the line before it (0 for an empty file), as in `diff -u`.
    const oldStart = oldCount === 0 ? (first.newNo ?? 1) - 1 : current.find((l) => l.oldNo !== undefined)!.oldNo!
    const newStart = newCount === 0 ? (first.oldNo ?? 1) - 1 : current.find((l) => l.newNo !== undefined)!.newNo!
    hunks.push({ oldStart, newStart, oldCount, newCount, lines: current })
    current = []
  }
  lines.forEach((line, k) => (keep[k] ? current.push(line) : close()))
  close()
  return hunks
}

export function diffStat(diffs: readonly FileDiff[]): { added: number; removed: number } {
  let added = 0
  let removed = 0
  for (const diff of diffs) for (const line of diffLines(diff)) {
    if (line.op === '+') added++
    else if (line.op === '-') removed++
  }
  return { added, removed }
}
