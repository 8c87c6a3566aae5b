/**
 * `<dsh-composer>`: the message box. Enter sends, Shift+Enter adds a line; while a turn runs
 * sending steers it (unless `steer` is off: a reader then only sees Stop) and Stop cancels. Plane: main.
 *
 * @summary Message input with send / steer / stop.
 * @event dsh-submit - `{text}` when the user sends.
 * @event dsh-cancel - when the user presses Stop.
 * @csspart composer, input, send-button, stop-button
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, query } from 'lit/decorators.js'
import { strings } from '../i18n/strings.ts'
import { emit } from '../events/index.ts'
import { composerStyles } from './dsh-composer.styles.ts'

export class DshComposer extends LitElement {
  static override styles = composerStyles

  @property({ type: Boolean }) running = false
  @property({ type: Boolean }) disabled = false
  /** Whether a message sent while a turn runs steers it; off, Send is hidden while a turn runs. */
  @property({ type: Boolean }) steer = true
  /** The input's placeholder; empty uses the built-in one. */
  @property() placeholder = ''
  @property() override lang = 'en'
  @query('textarea') private input!: HTMLTextAreaElement

  /** Puts the caret in the message box (the widget was just opened). */
  focusInput(): void {
    void this.updateComplete.then(() => this.input.focus())
  }

  #send(): void {
    const text = this.input.value.trim()
    if (!text || this.disabled || (this.running && !this.steer)) return
    emit(this, 'dsh-submit', { text })
    this.input.value = ''
  }

  #onKey(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      this.#send()
    }
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    return html`<form part="composer" class="composer" @submit=${(e: Event) => { e.preventDefault(); this.#send() }}>
      <textarea part="input" rows="2" aria-label=${s.composerLabel} aria-describedby="composer-hint" placeholder=${this.placeholder || s.composerPlaceholder} ?disabled=${this.disabled} @keydown=${this.#onKey}></textarea>
      <span id="composer-hint" class="sr-only">${s.composerHint}</span>
      <div class="actions">
        <button part="send-button" type="submit" ?disabled=${this.disabled} ?hidden=${this.running && !this.steer}>${this.running ? s.steer : s.send}</button>
        ${this.running ? html`<button part="stop-button" type="button" class="stop" @click=${() => emit(this, 'dsh-cancel', {})}>${s.stop}</button>` : nothing}
      </div>
    </form>`
  }
}
