/**
 * Tool cards drawn from `presentCall`/`presentResult` views: terminal, diff (lazy), generic,
 * with approval and result status. Plane: main. Contract: all tool text renders as text.
 * @module components/dsh-transcript/tool-card
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ToolItem } from '../../src/protocol/index.ts'
import type { FileDiff, ToolResultView } from '../../src/tools/types.ts'
import type { Strings } from '../i18n/strings.ts'

export type DiffRenderer = ((diffs: readonly FileDiff[]) => TemplateResult) | undefined

function approvalBadge(item: ToolItem, s: Strings): TemplateResult | typeof nothing {
  if (!item.approval) return nothing
  const labels = { 'allowed-once': s.approvalAllowed, rejected: s.approvalRejected, cancelled: s.approvalCancelled, unavailable: s.approvalUnavailable }
  const text = item.approval.outcome ? labels[item.approval.outcome] : s.approvalAsked
  return html`<span part="approval-badge" data-outcome=${item.approval.outcome ?? 'asked'}>${text}</span>`
}

function statusBadge(item: ToolItem, s: Strings): TemplateResult {
  const state = !item.result ? 'running' : item.result.isError ? 'error' : 'done'
  const text = state === 'running' ? s.toolRunning : state === 'error' ? `${s.toolError}${item.result?.code ? ` (${item.result.code})` : ''}` : '✓'
  return html`<span part="tool-status" data-state=${state}>${text}</span>`
}

function terminalBody(item: ToolItem, view: Extract<ToolResultView, { card: 'terminal' }> | undefined, s: Strings): TemplateResult {
  const command = item.call?.card === 'terminal' ? item.call.title : item.arguments
  const output = view?.output ?? item.result?.text ?? ''
  const exit = view?.exitCode
  return html`<pre part="terminal" class="terminal"><span class="prompt">$ </span>${command}${item.result ? `\n${output}` : ''}</pre>
    ${exit !== undefined && exit !== null ? html`<div part="exit-code" data-exit=${exit}>${s.exitCode} ${exit}</div>` : nothing}`
}

function diffBody(item: ToolItem, renderDiffs: DiffRenderer): TemplateResult {
  const diffs = item.result?.card?.card === 'diff' ? item.result.card.diffs : item.call?.card === 'diff' ? item.call.diffs : []
  const errorText = item.result?.isError ? html`<pre part="tool-output" class="error">${item.result.text}</pre>` : nothing
  if (!renderDiffs) return html`<pre part="diff-body">${diffs.map((d) => `${d.path}\n${d.newText}`).join('\n')}</pre>${errorText}`
  return html`${renderDiffs(diffs)}${errorText}`
}

function genericBody(item: ToolItem): TemplateResult {
  const call = item.call?.card === 'generic' ? item.call : undefined
  const input = call?.content ?? item.arguments
  const result = item.result?.card?.card === 'generic' ? item.result.card.content ?? item.result.text : item.result?.text
  return html`${input ? html`<pre part="tool-input">${input}</pre>` : nothing}
    ${result !== undefined ? html`<pre part="tool-output" class=${item.result?.isError ? 'error' : ''}>${result}</pre>` : nothing}`
}

export function renderToolCard(item: ToolItem, s: Strings, renderDiffs: DiffRenderer): TemplateResult {
  const card = item.call?.card ?? (item.result?.card?.card === 'terminal' || item.result?.card?.card === 'diff' ? item.result.card.card : 'generic')
  const title = item.call?.title ?? item.result?.card?.title ?? item.name
  const resultView = item.result?.card?.card === 'terminal' ? item.result.card : undefined
  const body = card === 'terminal' ? terminalBody(item, resultView, s) : card === 'diff' ? diffBody(item, renderDiffs) : genericBody(item)
  return html`<article part="tool-card tool-card-${card}" class="tool" data-card=${card} data-call-id=${item.callId} aria-label=${`${item.name}: ${title}`}>
    <header part="tool-header"><span part="tool-name">${item.name}</span> <span part="tool-title">${title}</span> ${approvalBadge(item, s)} ${statusBadge(item, s)}</header>
    ${body}
  </article>`
}
