/**
 * `<dsh-settings>`: provider, base URL, model and API key. The key stays in worker memory
 * unless the user opts in to remembering it (with the warning that site scripts can read it);
 * clear key; delete all data; the open session's "Allow for this session" rules, each revocable.
 * Plane: main. Contract: the key is never put in an attribute or
 * text node; the field is emptied as soon as it is handed to the worker.
 *
 * @summary Provider and key settings.
 * @event dsh-settings-change - `{action:'provider'|'key'|'delete-all'|'revoke-rule', ...}`.
 * @csspart session-rules, revoke-rule-button, settings, provider-select, base-url-input, model-input, key-input, remember-checkbox, remember-warning, save-button, clear-key-button, delete-all-button, key-state
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import { PROVIDER_KINDS, type ApprovalRuleView, type KeyState, type ProviderKind } from '../../src/protocol/index.ts'
import { panelStrings } from '../i18n/panel-strings.ts'
import { toolStrings } from '../i18n/tool-strings.ts'
import { emit } from '../events/index.ts'
import { settingsStyles } from './dsh-settings.styles.ts'

export class DshSettings extends LitElement {
  static override styles = settingsStyles

  @property() provider: ProviderKind = 'scripted'
  @property({ attribute: 'base-url' }) baseUrl = ''
  @property() model = ''
  @property({ attribute: false }) keyState: KeyState = { hasKey: false, remembered: false }
  @property() override lang = 'en'
  /** The open session's allow rules ("Allow for this session"). */
  @property({ attribute: false }) rules: readonly ApprovalRuleView[] = []
  @state() private remember = false
  @state() private confirmingDelete = false
  @query('[part~="key-input"]') private keyInput!: HTMLInputElement
  @query('[part~="provider-select"]') private providerSelect!: HTMLSelectElement
  @query('[part~="base-url-input"]') private baseUrlInput!: HTMLInputElement
  @query('[part~="model-input"]') private modelInput!: HTMLInputElement

  #save(event: Event): void {
    event.preventDefault()
    emit(this, 'dsh-settings-change', { action: 'provider', provider: this.providerSelect.value as ProviderKind, baseURL: this.baseUrlInput.value.trim(), model: this.modelInput.value.trim() })
    if (!this.keyInput) return
    const key = this.keyInput.value.trim()
    this.keyInput.value = ''
    if (key) emit(this, 'dsh-settings-change', { action: 'key', apiKey: key, remember: this.remember })
  }

  #keyState(): string {
    const s = panelStrings(this.lang)
    return !this.keyState.hasKey ? s.noKey : this.keyState.remembered ? s.keyRemembered : s.keyInMemory
  }

  #rules(): TemplateResult {
    const t = toolStrings(this.lang)
    return html`<fieldset part="session-rules" class="rules"><legend>${t.rulesTitle}</legend>
      ${this.rules.length === 0 ? html`<p class="none">${t.noRules}</p>` : html`<ul>${this.rules.map((rule) => html`<li data-rule-id=${rule.ruleId}>
        <span><strong>${rule.toolName}</strong> · ${rule.subject ? html`<code class="subject">${rule.subject}</code>` : t.anyCall}</span>
        <button type="button" part="revoke-rule-button" aria-label=${`${t.revoke}: ${rule.toolName} ${rule.subject}`}
          @click=${() => emit(this, 'dsh-settings-change', { action: 'revoke-rule', ruleId: rule.ruleId })}>${t.revoke}</button></li>`)}</ul>`}
    </fieldset>`
  }

  /** The key field and its state; a gateway provider has none (the site's gateway holds the key). */
  #keyFields(): TemplateResult {
    const s = panelStrings(this.lang)
    return html`<label>${s.apiKey} <input part="key-input" type="password" autocomplete="off" spellcheck="false" /></label>
      <label class="check"><input part="remember-checkbox" type="checkbox" .checked=${this.remember} @change=${(e: Event) => { this.remember = (e.target as HTMLInputElement).checked }} /> ${s.rememberKey}</label>
      ${this.remember ? html`<p part="remember-warning" role="alert" class="warning">${s.rememberWarning}</p>` : nothing}
      <p part="key-state" role="status">${this.#keyState()}</p>
      <div class="actions">
        <button part="save-button" type="submit">${s.save}</button>
        <button part="clear-key-button" type="button" @click=${() => emit(this, 'dsh-settings-change', { action: 'key', apiKey: null, remember: false })}>${s.clearKey}</button>
      </div>`
  }

  override render(): TemplateResult {
    const s = panelStrings(this.lang)
    return html`<form part="settings" @submit=${this.#save} aria-label=${s.settings}>
      <label>${s.provider}
        <select part="provider-select" .value=${this.provider}>
          ${PROVIDER_KINDS.map((p) => html`<option value=${p} ?selected=${p === this.provider}>${p}</option>`)}
        </select></label>
      <label>${s.baseUrl} <input part="base-url-input" type="url" .value=${this.baseUrl} placeholder="https://api.deepseek.com" /></label>
      <label>${s.model} <input part="model-input" .value=${this.model} placeholder="deepseek-chat" /></label>
      ${this.provider === 'gateway' ? html`<p part="key-state" role="status">${s.gatewayNoKey}</p><div class="actions"><button part="save-button" type="submit">${s.save}</button></div>` : this.#keyFields()}
      ${this.#rules()}
      <div class="actions">
        ${this.confirmingDelete
          ? html`<span role="alert">${s.confirmDeleteAll}</span>
              <button type="button" part="confirm-delete-all-button" class="danger" @click=${() => { this.confirmingDelete = false; emit(this, 'dsh-settings-change', { action: 'delete-all' }) }}>${s.confirm}</button>
              <button type="button" @click=${() => { this.confirmingDelete = false }}>${s.cancel}</button>`
          : html`<button part="delete-all-button" type="button" class="danger" @click=${() => { this.confirmingDelete = true }}>${s.deleteAll}</button>`}
      </div>
    </form>`
  }
}
