/**
 * Tools that act outside the workspace — on an MCP server, or on this page — as cards say it: one
 * name (the tool's title, and where it acts), the approval's reason (which server, what its
 * annotations say) and the arguments that will be sent, shown on the request itself.
 * Plane: main; pure. Contract: every text renders as text.
 * @module components/dsh-transcript/tool-origin
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ApprovalQuestion } from '../../src/protocol/index.ts'
import type { ToolOrigin } from '../../src/tools/types.ts'
import type { ToolStrings } from '../i18n/tool-strings.ts'
import type { CardCall } from './tool-summary.ts'

/** Where the call acts, when it is not the workspace (from the question's card, else the logged call's). */
export function originOf(call: CardCall, question?: ApprovalQuestion): ToolOrigin | undefined {
  const view = question?.card ?? call.call
  return view?.card === 'generic' ? view.origin : undefined
}

/** The card's one name: the tool's title, and the server (or this page) it acts on. */
export function originName(origin: ToolOrigin, t: ToolStrings): { verb: string; target: string } {
  return { verb: origin.title, target: origin.kind === 'mcp' ? origin.server : t.thisPage }
}

/** The approval's reason in plain words: where it acts, then what the server's annotations say. */
export function originReason(origin: ToolOrigin, t: ToolStrings): string {
  if (origin.kind === 'page') return t.reasons.page
  const hints = [
    origin.destructive === true ? t.hints.destructive : origin.destructive === false ? t.hints.notDestructive : '',
    origin.openWorld === true ? t.hints.openWorld : origin.openWorld === false ? t.hints.closedWorld : '',
  ].filter(Boolean)
  return [t.reasons.mcp(origin.server), ...hints].join(' ')
}

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw || '{}'), null, 2)
  } catch {
    return raw // not JSON: shown as the model sent it
  }
}

/** The arguments that will be sent, on the request itself (a tool acting elsewhere shows nothing else of them). */
export function originArguments(call: CardCall, question: ApprovalQuestion, t: ToolStrings): TemplateResult | typeof nothing {
  if (!originOf(call, question)) return nothing
  return html`<div part="approval-arguments" class="sent"><div class="raw-label">${t.argumentsSent}</div><pre>${pretty(question.arguments ?? call.arguments)}</pre></div>`
}
