/**
 * The lines of `after` that differ from `before`: the span between their common first and last
 * lines (what the editor highlights when the agent's text comes in). Plane: main; pure.
 * Contract: 1-based inclusive line numbers of `after`; `undefined` when nothing differs.
 * @module components/dsh-workspace/line-diff
 */
export function changedLineSpan(before: string, after: string): { from: number; to: number } | undefined {
  if (before === after) return undefined
  const a = before.split('\n')
  const b = after.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const from = head + 1
  const to = b.length - tail
  return to >= from ? { from, to } : { from: Math.min(from, b.length), to: Math.min(from, b.length) }
}
