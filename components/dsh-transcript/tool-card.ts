/**
 * The one tool card, for a logged call and for a call waiting for approval: one line (state,
 * verb, target, outcome) that opens to the call's details — terminal output with its exit code,
 * a unified diff, file contents with line numbers, search hits — and, behind "Details", the raw
 * arguments and result. A waiting card is the approval request itself (`approval-request.ts`).
 * Plane: main. Contract: all tool text renders as text.
 * @module components/dsh-transcript/tool-card
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ApprovalQuestion } from '../../src/protocol/index.ts'
import type { ToolStrings } from '../i18n/tool-strings.ts'
import { cardDiffs, cardLine, type CardCall, type CardLine, type CardState } from './tool-summary.ts'
import { renderDiffs } from './diff-view.ts'
import { approvalGrants, approvalHeader, type Decide } from './approval-request.ts'
import { originArguments } from './tool-origin.ts'

export type { CardCall } from './tool-summary.ts'

const STATE_ICON: Record<CardState, string> = { running: '◌', waiting: '●', done: '✓', failed: '✕', rejected: '⊘', cancelled: '–' }

function approvalNote(call: CardCall, t: ToolStrings): string {
  const a = call.approval
  if (!a?.outcome) return ''
  if (a.rule === 'applied') return t.byRule
  if (a.rule === 'made') return t.ruleMade
  return a.outcome === 'allowed-once' ? t.allowedOnce : a.outcome === 'unavailable' ? t.noApprover : ''
}

function terminalBody(call: CardCall, state: CardState, t: ToolStrings): TemplateResult {
  const command = call.call?.card === 'terminal' ? call.call.title : call.arguments
  const view = call.result?.card?.card === 'terminal' ? call.result.card : undefined
  // Only output of a body that ran: a rejected or cancelled call's error text is no terminal output.
  const ran = state === 'done' || state === 'failed'
  const output = ran ? view?.output ?? call.result?.text ?? '' : ''
  const exit = ran ? view?.exitCode : undefined
  return html`<pre part="terminal" class="terminal"><span class="prompt">$ </span>${command}${ran ? `\n${output || t.noOutput}` : ''}</pre>
    ${typeof exit === 'number' ? html`<div part="exit-code" class="exit" data-exit=${exit}>${t.exitCode} ${exit}</div>` : nothing}`
}

function readBody(call: CardCall): TemplateResult | typeof nothing {
  const view = call.result?.card?.card === 'read' ? call.result.card : undefined
  if (!view) return nothing
  return html`<pre part="file-lines" class="file-lines">${view.lines.map((l) => html`<span class="line"><span class="ln">${l.number}</span>${l.text}\n</span>`)}</pre>`
}

function searchBody(call: CardCall, t: ToolStrings): TemplateResult | typeof nothing {
  const view = call.result?.card?.card === 'search' ? call.result.card : undefined
  if (!view) return nothing
  const more = view.truncated ? html`<div class="more">${t.more}</div>` : nothing
  if (view.shape === 'paths') return html`<ul part="search-results" class="hits">${view.paths.map((p) => html`<li><code>${p}</code></li>`)}</ul>${more}`
  return html`<ul part="search-results" class="hits">${view.files.map((f) => html`<li><code>${f.path}</code>
    <pre class="file-lines">${f.matches.map((m) => html`<span class="line"><span class="ln">${m.lineNumber}</span>${m.line}\n</span>`)}</pre></li>`)}</ul>${more}`
}

function genericBody(call: CardCall): TemplateResult | typeof nothing {
  const content = call.call?.card === 'generic' ? call.call.content : undefined
  const result = call.result?.card?.card === 'generic' ? call.result.card.content ?? call.result.text : undefined
  return content || result ? html`${content ? html`<pre part="tool-input">${content}</pre>` : nothing}${result ? html`<pre part="tool-output">${result}</pre>` : nothing}` : nothing
}

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2)
  } catch {
    return raw // not JSON: shown as the model sent it
  }
}

/** The raw call and result, folded behind "Details". */
function rawDetails(call: CardCall, t: ToolStrings): TemplateResult {
  return html`<details part="tool-raw" class="raw"><summary>${t.details}</summary>
    <div class="raw-label">${t.argumentsLabel}</div><pre part="tool-arguments">${pretty(call.arguments)}</pre>
    ${call.result ? html`<div class="raw-label">${t.resultLabel}</div><pre part="tool-result" class=${call.result.isError ? 'error' : ''}>${call.result.text}</pre>` : nothing}
  </details>`
}

function body(call: CardCall, state: CardState, question: ApprovalQuestion | undefined, t: ToolStrings, raw = true): TemplateResult {
  const kind = call.call?.card ?? call.result?.card?.card
  const diffs = cardDiffs(call, question)
  const main = kind === 'terminal' ? terminalBody(call, state, t)
    : diffs.length > 0 ? renderDiffs(diffs)
    : kind === 'read' || call.result?.card?.card === 'read' ? readBody(call)
    : call.result?.card?.card === 'search' ? searchBody(call, t)
    : genericBody(call)
  const failure = state === 'failed' && kind !== 'terminal' ? html`<pre part="tool-error" class="error">${call.result?.text}</pre>` : nothing
  return html`<div part="tool-body" class="body">${main}${failure}${raw ? rawDetails(call, t) : nothing}</div>`
}

function summaryLine(line: CardLine, note: string, trimmed = ''): TemplateResult {
  return html`<span part="tool-status" class="status" data-state=${line.state} aria-hidden="true">${STATE_ICON[line.state]}</span>
    <span part="tool-verb" class="verb">${line.verb}</span>
    ${line.target ? html`<code part="tool-target" class="target">${line.target}</code>` : nothing}
    ${line.outcome ? html`<span part="tool-outcome" class="outcome">· ${line.outcome}</span>` : nothing}
    ${note ? html`<span part="approval-badge" class="note">· ${note}</span>` : nothing}
    ${trimmed ? html`<span part="trimmed-badge" class="note">· ${trimmed}</span>` : nothing}`
}

/**
 * @param question the pending approval of this call: the card then is the request, open, with its grants.
 * @param decide answers the question (required with `question`).
 */
export function renderToolCard(call: CardCall, t: ToolStrings, question?: ApprovalQuestion, decide?: Decide): TemplateResult {
  const line = cardLine(call, question, t)
  const kind = call.call?.card ?? call.result?.card?.card ?? 'generic'
  if (question && decide) {
    return html`<article part="tool-card approval" class="tool approval" data-card=${kind} data-state=${line.state} data-call-id=${call.callId} data-question-id=${question.id}
      aria-labelledby=${`q-${question.id}-title`} tabindex="-1" @keydown=${(e: KeyboardEvent) => onKey(e, decide, question)}>
      ${approvalHeader(question, call, summaryLine({ ...line, outcome: '' }, ''), t)}
      ${body(call, line.state, question, t, false)}
      ${originArguments(call, question, t)}
      ${approvalGrants(question, t, decide)}
      ${rawDetails(call, t)}
    </article>`
  }
  return html`<article part="tool-card" class="tool" data-card=${kind} data-state=${line.state} data-call-id=${call.callId} data-outcome=${call.approval?.outcome ?? nothing} tabindex="-1">
    <details part="tool-details"><summary part="tool-summary" class="summary">${summaryLine(line, approvalNote(call, t), call.result?.trimmed ? t.trimmed : '')}</summary>
      ${body(call, line.state, undefined, t)}
    </details>
  </article>`
}

/** Escape on a waiting card rejects it (the turn goes on, as with Reject). */
function onKey(event: KeyboardEvent, decide: Decide, question: ApprovalQuestion): void {
  if (event.key !== 'Escape') return
  event.preventDefault()
  event.stopPropagation()
  decide(event, question, 'rejected')
}
