/**
 * `<dsh-question-card>`: answers one pending `ask_user_question` inline, in the composer area (not
 * a modal). Option chips (radio or checkbox semantics), a free-text "Other", keyboard first:
 * focus starts on the first chip, arrow keys move within a question, Space/Enter choose, Ctrl+Enter
 * (or Enter in "Other") answers. Plane: main. Contract: only a trusted user gesture answers; a
 * single-select question's "Other" text replaces its choice (dsh's answer shape).
 *
 * @summary Inline answer card for the agent's question.
 * @event dsh-question-answer - `{id, answer: {answers: [{id, selected, custom?}]}}`.
 * @csspart question-card, question-title, question, option-chip, other-input, submit-button
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { UserQuestionPrompt } from '../../src/protocol/index.ts'
import type { AskUserQuestionItem } from '../../src/user-questions/types.ts'
import { panelStrings, type PanelStrings } from '../i18n/panel-strings.ts'
import { emit } from '../events/index.ts'
import { questionCardStyles } from './dsh-question-card.styles.ts'

interface Draft { selected: string[]; custom: string }

export class DshQuestionCard extends LitElement {
  static override styles = questionCardStyles

  @property({ attribute: false }) prompt: UserQuestionPrompt | undefined
  @property() override lang = 'en'
  @state() private drafts: Draft[] = []
  /** Per question, the chip that takes Tab focus (roving tabindex). */
  @state() private focusIndex: number[] = []

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('prompt')) {
      const questions = this.prompt?.questions ?? []
      this.drafts = questions.map(() => ({ selected: [], custom: '' }))
      this.focusIndex = questions.map(() => 0)
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('prompt') && this.prompt) (this.renderRoot.querySelector<HTMLElement>('[part~="option-chip"], [part~="other-input"]'))?.focus()
  }

  #toggle(qi: number, label: string): void {
    const question = this.prompt!.questions[qi]!
    const draft = this.drafts[qi]!
    const has = draft.selected.includes(label)
    const selected = question.multiSelect ? (has ? draft.selected.filter((l) => l !== label) : [...draft.selected, label]) : has ? [] : [label]
    this.drafts = this.drafts.map((d, i) => (i === qi ? { ...d, selected } : d))
  }

  #onChipKey(event: KeyboardEvent, qi: number, oi: number): void {
    const count = this.prompt!.questions[qi]!.options!.length
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0
    if (step !== 0) {
      event.preventDefault()
      const next = (oi + step + count) % count
      this.focusIndex = this.focusIndex.map((f, i) => (i === qi ? next : f))
      void this.updateComplete.then(() => this.renderRoot.querySelectorAll<HTMLElement>(`[data-question="${qi}"] [part~="option-chip"]`)[next]?.focus())
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      this.#submit(event)
    }
  }

  #onOtherKey(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      this.#submit(event)
    }
  }

  get #answered(): boolean {
    return this.drafts.some((d) => d.selected.length > 0 || d.custom.trim() !== '')
  }

  #submit(event: Event): void {
    if (!event.isTrusted || !this.prompt || !this.#answered) return // an answer is the reader's, never a script's
    const answers = this.prompt.questions.map((q, i) => {
      const { selected, custom } = this.drafts[i]!
      const text = custom.trim()
      return { id: q.id, selected: text !== '' && !q.multiSelect ? [] : [...selected], ...(text !== '' ? { custom: text } : {}) }
    })
    const id = this.prompt.id
    this.prompt = undefined
    emit(this, 'dsh-question-answer', { id, answer: { answers } })
  }

  #question(q: AskUserQuestionItem, qi: number, s: PanelStrings): TemplateResult {
    const draft = this.drafts[qi] ?? { selected: [], custom: '' }
    const role = q.multiSelect ? 'checkbox' : 'radio'
    return html`<fieldset part="question" data-question=${qi}>
      <legend id=${`q${qi}`}>${q.header ? html`<span class="header">${q.header}</span>` : nothing}${q.question}</legend>
      ${q.options?.length ? html`<div class="chips" role=${q.multiSelect ? 'group' : 'radiogroup'} aria-labelledby=${`q${qi}`}>
        ${q.options.map((o, oi) => html`<button type="button" part="option-chip" class="chip" role=${role} aria-checked=${draft.selected.includes(o.label) ? 'true' : 'false'}
          tabindex=${this.focusIndex[qi] === oi ? 0 : -1} @click=${() => this.#toggle(qi, o.label)} @keydown=${(e: KeyboardEvent) => this.#onChipKey(e, qi, oi)}>
          ${o.label}${o.description ? html`<small>${o.description}</small>` : nothing}</button>`)}
      </div>` : nothing}
      <input part="other-input" type="text" aria-label=${`${s.questionOther}: ${q.question}`} placeholder=${s.questionOtherPlaceholder} .value=${draft.custom}
        @input=${(e: InputEvent) => { this.drafts = this.drafts.map((d, i) => (i === qi ? { ...d, custom: (e.target as HTMLInputElement).value } : d)) }}
        @keydown=${this.#onOtherKey}>
    </fieldset>`
  }

  override render(): TemplateResult | typeof nothing {
    const p = this.prompt
    if (!p) return nothing
    const s = panelStrings(this.lang)
    return html`<section part="question-card" class="card" role="group" aria-labelledby="title">
      <h2 id="title" part="question-title">${s.questionTitle}</h2>
      ${p.questions.map((q, qi) => this.#question(q, qi, s))}
      <div class="actions">
        <span class="hint">${s.questionHint}</span>
        <button type="button" part="submit-button" class="submit" ?disabled=${!this.#answered} @click=${this.#submit}>${s.questionAnswer}</button>
      </div>
    </section>`
  }
}
