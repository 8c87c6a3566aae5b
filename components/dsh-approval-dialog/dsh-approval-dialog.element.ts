/**
 * `<dsh-approval-dialog>`: asks the user to allow one tool call. Native modal `<dialog>`, focus
 * starts on Reject, Esc cancels, fully keyboard usable. Plane: main.
 * Contract: a grant needs a trusted user event (`isTrusted`); a script's synthetic click on
 * Allow grants nothing. Closing any other way answers `rejected` or `cancelled`.
 *
 * @summary Approval prompt for a pending tool call.
 * @event dsh-approval-decide - `{id, outcome}` with outcome `allowed-once` | `rejected` | `cancelled`.
 * @csspart dialog, title, reason, card, allow-button, reject-button
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, query } from 'lit/decorators.js'
import type { ApprovalQuestion } from '../../src/protocol/index.ts'
import { strings } from '../i18n/strings.ts'
import { emit } from '../events/index.ts'
import { renderToolCard } from '../dsh-transcript/tool-card.ts'
import { dialogStyles } from './dsh-approval-dialog.styles.ts'

export class DshApprovalDialog extends LitElement {
  static override styles = dialogStyles

  @property({ attribute: false }) question: ApprovalQuestion | undefined
  @property() override lang = 'en'
  @query('dialog') private dialog!: HTMLDialogElement
  @query('[part~="reject-button"]') private rejectButton!: HTMLButtonElement

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('question')) return
    if (this.question && !this.dialog.open) {
      this.dialog.showModal()
      this.rejectButton.focus()
    } else if (!this.question && this.dialog.open) {
      this.dialog.close()
    }
  }

  #decide(outcome: 'allowed-once' | 'rejected' | 'cancelled'): void {
    const question = this.question
    if (!question) return
    this.question = undefined
    emit(this, 'dsh-approval-decide', { id: question.id, outcome })
  }

  #allow(event: MouseEvent): void {
    if (!event.isTrusted) return // consent must come from the user, not from a script on the page
    this.#decide('allowed-once')
  }

  #onCancel(event: Event): void {
    event.preventDefault()
    this.#decide('cancelled')
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    const q = this.question
    const item = q && { kind: 'tool' as const, key: q.id, seq: 0, callId: q.callId ?? '', name: q.toolName, arguments: q.arguments ?? '', ...(q.card ? { call: q.card } : {}) }
    return html`<dialog part="dialog" aria-labelledby="title" @cancel=${this.#onCancel}>
      <h2 id="title" part="title">${s.approvalTitle}</h2>
      ${q?.reason ? html`<p part="reason"><strong>${s.approvalReason}:</strong> ${q.reason}</p>` : nothing}
      <div part="card">${item ? renderToolCard(item, s, undefined) : nothing}</div>
      <div class="actions">
        <button type="button" part="reject-button" class="reject" @click=${() => this.#decide('rejected')}>${s.approvalReject}</button>
        <button type="button" part="allow-button" class="allow" @click=${this.#allow}>${s.approvalAllow}</button>
      </div>
    </dialog>`
  }
}
