/**
 * The request part of a waiting tool card: the question, what the call does in one line, the
 * description the model gave, the reason in plain words, and the grants — Reject, Allow once,
 * Allow for this session. Plane: main. Contract: a grant needs a trusted user event
 * (`isTrusted`): a script's synthetic click grants nothing; Reject and Escape need no trust (fail closed).
 * @module components/dsh-transcript/approval-request
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ApprovalQuestion } from '../../src/protocol/index.ts'
import type { ToolStrings } from '../i18n/tool-strings.ts'
import type { CardCall } from './tool-summary.ts'
import { originOf, originReason } from './tool-origin.ts'

export type ApprovalAnswer = 'allowed-once' | 'allowed-session' | 'rejected'
export type Decide = (event: Event, question: ApprovalQuestion, answer: ApprovalAnswer) => void

function description(question: ApprovalQuestion, call: CardCall): string | undefined {
  const view = question.card ?? call.call
  return view?.card === 'terminal' ? view.description : undefined
}

/** Where the call acts in plain words: a server or this page when it acts there, else what it does to the workspace. */
function reasonText(question: ApprovalQuestion, call: CardCall, t: ToolStrings): string {
  const origin = originOf(call, question)
  return origin ? originReason(origin, t) : t.reasons[question.effect ?? 'read']
}

export function approvalHeader(question: ApprovalQuestion, call: CardCall, line: TemplateResult, t: ToolStrings): TemplateResult {
  const said = description(question, call)
  return html`<h2 id=${`q-${question.id}-title`} part="approval-title" class="approval-title">${t.approvalTitle}</h2>
    <div part="tool-summary" class="summary">${line}</div>
    ${said ? html`<p part="approval-description" class="said"><span class="said-label">${t.agentSays}:</span> ${said}</p>` : nothing}
    <p part="reason" class="reason">${reasonText(question, call, t)}</p>`
}

export function approvalGrants(question: ApprovalQuestion, t: ToolStrings, decide: Decide): TemplateResult {
  const grant = (answer: ApprovalAnswer) => (event: MouseEvent) => {
    if (!event.isTrusted) return // consent must come from the user, not from a script on the page
    decide(event, question, answer)
  }
  return html`<div part="approval-actions" class="grants">
      <button type="button" part="reject-button" class="reject" @click=${(event: Event) => decide(event, question, 'rejected')}>${t.reject}</button>
      <button type="button" part="allow-button" class="allow" @click=${grant('allowed-once')}>${t.allowOnce}</button>
      <button type="button" part="allow-session-button" class="allow-session" aria-describedby=${`q-${question.id}-hint`} @click=${grant('allowed-session')}>${t.allowSession}</button>
    </div>
    <p id=${`q-${question.id}-hint`} part="approval-hint" class="hint">${t.sessionHint}</p>`
}
