/**
 * `<dsh-mcp-settings>`: the MCP servers section of the settings panel — the servers in use (name,
 * URL, whether a token is set), remove one or clear its token, add one with an optional bearer token
 * and the opt-in to remember it. Plane: main. Contract: a token is never put in an attribute or text node; its field is
 * emptied as soon as it is handed on.
 *
 * @summary MCP servers and their bearer tokens.
 * @event dsh-mcp-change - `{action:'add'|'remove'|'token', ...}`.
 * @csspart mcp-settings, mcp-server, mcp-remove-button, mcp-clear-token-button, mcp-name-input, mcp-url-input, mcp-token-input, mcp-remember-checkbox, mcp-add-button
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import type { McpServerSetting, McpTokenState } from '../../src/protocol/index.ts'
import { panelStrings } from '../i18n/panel-strings.ts'
import { emit } from '../events/index.ts'
import { mcpSettingsStyles } from './dsh-mcp-settings.styles.ts'

const NAME = /^[A-Za-z0-9_-]{1,32}$/

export class DshMcpSettings extends LitElement {
  static override styles = mcpSettingsStyles

  @property({ attribute: false }) servers: McpServerSetting[] = []
  @property({ attribute: false }) tokens: McpTokenState[] = []
  @property() override lang = 'en'
  @state() private remember = false
  @state() private invalid = false
  @query('[part~="mcp-name-input"]') private nameInput!: HTMLInputElement
  @query('[part~="mcp-url-input"]') private urlInput!: HTMLInputElement
  @query('[part~="mcp-token-input"]') private tokenInput!: HTMLInputElement

  #add(event: Event): void {
    event.preventDefault()
    const name = this.nameInput.value.trim()
    const url = this.urlInput.value.trim()
    const valid = NAME.test(name) && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) && !this.servers.some((s) => s.name === name || s.url === url)
    this.invalid = !valid
    if (!valid) return
    const token = this.tokenInput.value.trim()
    this.tokenInput.value = ''
    this.nameInput.value = ''
    this.urlInput.value = ''
    emit(this, 'dsh-mcp-change', { action: 'add', name, url: new URL(url).href, token: token || null, remember: this.remember })
  }

  #tokenState(url: string): string {
    const s = panelStrings(this.lang)
    const token = this.tokens.find((t) => t.url === url)
    return !token ? '' : token.remembered ? s.mcpTokenRemembered : s.mcpHasToken
  }

  override render(): TemplateResult {
    const s = panelStrings(this.lang)
    return html`<form part="mcp-settings" @submit=${this.#add} aria-label=${s.mcpServers}>
      <h2>${s.mcpServers}</h2>
      ${this.servers.length === 0 ? html`<p class="muted">${s.mcpNone}</p>` : html`<ul>${this.servers.map((server) => html`<li part="mcp-server">
        <span class="name">${server.name}</span> <span class="url">${server.url}</span> <span class="muted">${this.#tokenState(server.url)}</span>
        ${this.tokens.some((t) => t.url === server.url) ? html`<button type="button" part="mcp-clear-token-button" aria-label="${s.mcpClearToken} ${server.name}" @click=${() => emit(this, 'dsh-mcp-change', { action: 'token', url: server.url, token: null, remember: false })}>${s.mcpClearToken}</button>` : nothing}
        <button type="button" part="mcp-remove-button" aria-label="${s.mcpRemove} ${server.name}" @click=${() => emit(this, 'dsh-mcp-change', { action: 'remove', name: server.name, url: server.url })}>${s.mcpRemove}</button>
      </li>`)}</ul>`}
      <label>${s.mcpName} <input part="mcp-name-input" autocomplete="off" spellcheck="false" /></label>
      <label>${s.mcpUrl} <input part="mcp-url-input" type="url" autocomplete="off" spellcheck="false" placeholder="https://example.com/mcp" /></label>
      <label>${s.mcpToken} <input part="mcp-token-input" type="password" autocomplete="off" spellcheck="false" /></label>
      <label class="check"><input part="mcp-remember-checkbox" type="checkbox" .checked=${this.remember} @change=${(e: Event) => { this.remember = (e.target as HTMLInputElement).checked }} /> ${s.mcpRememberToken}</label>
      ${this.remember ? html`<p role="alert" class="warning">${s.rememberWarning}</p>` : nothing}
      ${this.invalid ? html`<p role="alert" class="warning">${s.mcpInvalid}</p>` : nothing}
      <div class="actions"><button part="mcp-add-button" type="submit">${s.mcpAdd}</button></div>
    </form>`
  }
}
