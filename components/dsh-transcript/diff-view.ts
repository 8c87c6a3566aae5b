/**
 * Draws a file change as a unified diff: per file its path, then hunks (`@@ -a,b +c,d @@`) with
 * removed lines above the lines that replace them. Plane: main. Contract: text only.
 * @module components/dsh-transcript/diff-view
 */
import { html, type TemplateResult } from 'lit'
import type { FileDiff } from '../../src/tools/types.ts'
import { diffHunks } from './diff-lines.ts'

const PART = { ' ': 'diff-ctx', '-': 'diff-del', '+': 'diff-add' } as const
const SIGN = { ' ': ' ', '-': '−', '+': '+' } as const

export function renderDiffs(diffs: readonly FileDiff[]): TemplateResult {
  return html`${diffs.map((d) => html`<div part="diff" class="diff">
    <div part="diff-path" class="diff-path">${d.path}</div>
    <pre part="diff-body" class="diff-body" tabindex="0">${diffHunks(d).map((h) => html`<span part="diff-hunk" class="hunk">@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@\n</span>${h.lines.map((l) => html`<span part=${PART[l.op]} class=${PART[l.op]}><span class="sign">${SIGN[l.op]}</span>${l.text}\n</span>`)}`)}</pre>
  </div>`)}`
}
