/**
 * A failed turn in the transcript, in the reader's words: what failed and what to do (the same
 * wording as the widget's error notices, by error code), with the engine's message and code in a
 * details line. Plane: main. Contract: the message is model/adapter text, rendered as text only.
 * @module components/dsh-transcript/turn-failure
 */
import { html, type TemplateResult } from 'lit'
import { describeError } from '../dsh-agent/error-notices.ts'
import { shellStrings } from '../i18n/shell-strings.ts'

export function turnFailure(error: { code: string; message: string }, lang: string): TemplateResult {
  const s = shellStrings(lang)
  const { what, todo } = describeError({ code: error.code, action: 'turn' }, s)
  return html`<span class="failure"><strong>${what}${s.stop}</strong>${todo}
    <details part="turn-error-details"><summary>${s.details}</summary><code>${error.code}</code>: ${error.message}</details></span>`
}
