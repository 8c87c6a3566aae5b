/**
 * `<dsh-session-list>`: stored sessions — open, new, export, import, delete (with
 * confirmation) — and the storage state with quota. Plane: main.
 *
 * @summary Session browser.
 * @event dsh-session-action - `{action:'open'|'new'|'export'|'import'|'delete', ...}`.
 * @csspart session-list, session, open-button, export-button, delete-button, confirm-delete-button, new-button, import-button, storage-state
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { SessionSummary, StorageState } from '../../src/protocol/index.ts'
import { strings, type Strings } from '../i18n/strings.ts'
import { emit } from '../events/index.ts'
import { sessionListStyles } from './dsh-session-list.styles.ts'

function formatBytes(n: number): string {
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`
}

export class DshSessionList extends LitElement {
  static override styles = sessionListStyles

  @property({ attribute: false }) sessions: readonly SessionSummary[] = []
  @property({ attribute: false }) storage: StorageState | undefined
  @property() current = ''
  @property() override lang = 'en'
  @state() private confirming = ''
  @state() private estimate: { usage?: number; quota?: number } = {}

  override connectedCallback(): void {
    super.connectedCallback()
    void navigator.storage?.estimate().then((e) => { this.estimate = e }, () => undefined) // no estimate: quota is simply not shown
  }

  async #import(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file) emit(this, 'dsh-session-action', { action: 'import', jsonl: await file.text() })
  }

  #storage(s: Strings): TemplateResult | typeof nothing {
    const st = this.storage ?? { health: 'ok' }
    const label = st.health === 'ok' ? s.storageOk : st.health === 'memory-only' ? s.storageMemory : s.storageError
    const { usage, quota: total } = this.estimate
    const quota = usage !== undefined && total ? ` · ${formatBytes(usage)} / ${formatBytes(total)} ${s.used}` : ''
    return html`<p part="storage-state" data-health=${st.health} role=${st.health === 'ok' ? 'status' : 'alert'}>${label}${quota}${st.message ? html`<br />${st.code}: ${st.message}` : nothing}</p>`
  }

  #row(session: SessionSummary, s: Strings): TemplateResult {
    const when = session.createdAt ? new Date(session.createdAt).toLocaleString(this.lang === 'zh' ? 'zh-CN' : 'en') : ''
    const label = session.title ?? when ?? session.id
    const confirming = this.confirming === session.id
    return html`<li part="session" aria-current=${session.id === this.current ? 'true' : 'false'} data-session-id=${session.id}>
      <button type="button" part="open-button" @click=${() => emit(this, 'dsh-session-action', { action: 'open', sessionId: session.id })}>${label}</button>
      <button type="button" part="export-button" @click=${() => emit(this, 'dsh-session-action', { action: 'export', sessionId: session.id })}>${s.exportFile}</button>
      ${confirming
        ? html`<span role="alert">${s.confirmDelete}</span>
            <button type="button" part="confirm-delete-button" class="danger" @click=${() => { this.confirming = ''; emit(this, 'dsh-session-action', { action: 'delete', sessionId: session.id }) }}>${s.confirm}</button>
            <button type="button" @click=${() => { this.confirming = '' }}>${s.cancel}</button>`
        : html`<button type="button" part="delete-button" @click=${() => { this.confirming = session.id }}>${s.delete}</button>`}
    </li>`
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    return html`<nav part="session-list" aria-label=${s.sessions}>
      <div class="toolbar">
        <button type="button" part="new-button" @click=${() => emit(this, 'dsh-session-action', { action: 'new' })}>${s.newSession}</button>
        <label part="import-button" class="import">${s.importFile}<input type="file" accept=".jsonl,application/jsonl,text/plain" class="sr-only" @change=${this.#import} /></label>
      </div>
      ${this.#storage(s)}
      ${this.sessions.length === 0 ? html`<p>${s.noSessions}</p>` : html`<ul>${this.sessions.map((x) => this.#row(x, s))}</ul>`}
    </nav>`
  }
}
