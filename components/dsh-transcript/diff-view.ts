/**
 * Line diff of a file change for diff cards (lazy chunk). Plane: main.
 * Contract: output is text only; very large inputs skip the LCS and show old/new blocks.
 * @module components/dsh-transcript/diff-view
 */
import { html, type TemplateResult } from 'lit'
import type { FileDiff } from '../../src/tools/types.ts'

type Line = { op: ' ' | '-' | '+'; text: string }
const LCS_CELL_LIMIT = 1_000_000

export function diffLines(oldText: string, newText: string): Line[] {
  const a = oldText === '' ? [] : oldText.split('\n')
  const b = newText === '' ? [] : newText.split('\n')
  if (a.length * b.length > LCS_CELL_LIMIT) return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))]
  const dp: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) {
    dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!)
  }
  const out: Line[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { out.push({ op: ' ', text: a[i]! }); i++; j++ }
    else if (j < b.length && (i === a.length || dp[i]![j + 1]! >= dp[i + 1]![j]!)) out.push({ op: '+', text: b[j++]! })
    else out.push({ op: '-', text: a[i++]! })
  }
  return out
}

export function renderDiffs(diffs: readonly FileDiff[]): TemplateResult {
  return html`${diffs.map((d) => html`<figure part="diff">
    <figcaption part="diff-path">${d.path}</figcaption>
    <pre part="diff-body">${diffLines(d.oldText ?? '', d.newText).map((l) => html`<span part=${l.op === '+' ? 'diff-add' : l.op === '-' ? 'diff-del' : 'diff-ctx'} class=${l.op === '+' ? 'add' : l.op === '-' ? 'del' : 'ctx'}>${l.op} ${l.text}\n</span>`)}</pre>
  </figure>`)}`
}
