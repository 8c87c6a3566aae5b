/**
 * The empty chat of `<dsh-agent>`: the `heading`, the `suggestions` as chips that send on click,
 * and a line saying which model answers. Plane: main. Contract: `parseSuggestions` accepts only
 * a JSON array of non-empty strings and names what is wrong otherwise.
 * @module components/dsh-agent/empty-state
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ProviderKind } from '../../src/protocol/index.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'
import { AgentInputError } from './resolve-inputs.ts'

/** At most this many chips are shown (the rest of the list is ignored). */
const MAX_SUGGESTIONS = 6

/** `suggestions`: a JSON array of example questions. @throws AgentInputError DSH_ATTRIBUTE_INVALID */
export function parseSuggestions(value: string | null): string[] {
  if (value === null || value.trim() === '') return []
  let list: unknown
  try {
    list = JSON.parse(value)
  } catch (error) {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `suggestions: not valid JSON (${(error as Error).message})`)
  }
  if (!Array.isArray(list) || !list.every((q) => typeof q === 'string' && q.trim() !== '')) {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'suggestions: expected a JSON array of non-empty strings')
  }
  return (list as string[]).slice(0, MAX_SUGGESTIONS)
}

export interface ModelLineInput { provider: ProviderKind; model: string; baseUrl: string }

/** Who answers: the scripted demo model, a replay, or `model · host of the base URL`. */
export function modelLine({ provider, model, baseUrl }: ModelLineInput, s: ShellStrings): string {
  if (provider === 'scripted') return s.modelScripted
  if (provider === 'replay') return s.modelReplay
  let host = ''
  try { host = baseUrl ? new URL(baseUrl).host : '' } catch { host = baseUrl } // a bad URL is shown as typed; the provider reports it
  return `${s.modelProvider} ${model || s.modelDefault}${host ? ` · ${host}` : ''}`
}

export interface EmptyStateInput extends ModelLineInput { heading: string; suggestions: readonly string[]; canSend: boolean; send: (text: string) => void }

export function renderEmptyState(input: EmptyStateInput, s: ShellStrings): TemplateResult {
  return html`<div part="empty-state" class="empty">
    <h2 part="heading">${input.heading || s.emptyHeading}</h2>
    ${input.suggestions.length ? html`<ul part="suggestions" class="chips" aria-label=${s.suggestions}>${input.suggestions.map((q) => html`<li>
      <button type="button" part="suggestion" ?disabled=${!input.canSend} @click=${() => input.send(q)}>${q}</button></li>`)}</ul>` : nothing}
    <p part="model-line" class="model-line">${modelLine(input, s)}</p>
  </div>`
}
