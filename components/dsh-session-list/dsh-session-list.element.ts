/**
 * `<dsh-session-list>`: stored sessions — open, new, export, import, delete (with
 * confirmation) — each with its title (forks named after their source, with a fork marker) and
 * relative date, and the storage state: how many sessions, bytes used of the quota. Plane: main.
 *
 * @summary Session browser.
 * @event dsh-session-action - `{action:'open'|'new'|'export'|'import'|'delete', ...}`.
 * @csspart session-list, session, session-title, session-date, fork-marker, open-button, export-button, delete-button, confirm-delete-button, new-button, import-button, storage-state
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { PropertyValues } from 'lit'
import type { SessionSummary, StorageState } from '../../src/protocol/index.ts'
import type { Persistence } from '../controllers/page-lifecycle.ts'
import { strings, type Strings } from '../i18n/strings.ts'
import { shellStrings, type ShellStrings } from '../i18n/shell-strings.ts'
import { formatBytes, relativeDate, sessionLabels, type SessionLabel } from './session-labels.ts'
import { unsavedFiles } from './unsaved-files.ts'
import { emit } from '../events/index.ts'
import { sessionListStyles } from './dsh-session-list.styles.ts'

export class DshSessionList extends LitElement {
  static override styles = sessionListStyles

  @property({ attribute: false }) sessions: readonly SessionSummary[] = []
  @property({ attribute: false }) storage: StorageState | undefined
  @property() current = ''
  /** What the browser answered to `persist()`; unset while unknown or when sessions stay in memory. */
  @property({ attribute: false }) persistence: Persistence | undefined
  @property() override lang = 'en'
  @state() private confirming = ''
  /** `undefined` while the browser is asked; `null` when it has no `navigator.storage.estimate` (WebKit) or fails. */
  @state() private estimate: { usage?: number; quota?: number } | null | undefined

  /** The origin's usage moves with the sessions: estimated again whenever the list changes. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('sessions')) return
    if (typeof navigator.storage?.estimate !== 'function') this.estimate = null
    else navigator.storage.estimate().then((e) => { this.estimate = e }, () => { this.estimate = null })
  }

  async #import(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file) emit(this, 'dsh-session-action', { action: 'import', jsonl: new Uint8Array(await file.arrayBuffer()) }) // the store reads UTF-8 or zstd
  }

  #storage(s: Strings, sh: ShellStrings): TemplateResult | typeof nothing {
    const st = this.storage ?? { health: 'ok' }
    const label = st.health === 'ok' ? s.storageOk : st.health === 'memory-only' ? s.storageMemory : s.storageError
    const n = this.sessions.length
    const count = ` · ${n} ${n === 1 ? sh.oneSession : sh.sessionCount}`
    const { usage, quota: total } = this.estimate ?? {}
    const size = this.estimate === null ? s.sizeUnknown : usage !== undefined && total ? `${formatBytes(usage, this.lang)} ${sh.storageUse} ${formatBytes(total, this.lang)}` : ''
    const kept = this.persistence === 'persisted' ? s.persisted : this.persistence === 'best-effort' ? s.bestEffort : this.persistence === 'unavailable' ? s.persistUnavailable : ''
    const details = [size, st.health === 'ok' ? kept : ''].filter(Boolean).map((text) => ` · ${text}`).join('')
    return html`<p part="storage-state" data-health=${st.health} data-persistence=${this.persistence ?? nothing} role=${st.health === 'ok' ? 'status' : 'alert'}>${label}${count}${details}${st.message ? html`<br />${st.code}: ${st.message}` : nothing}${unsavedFiles(st, s)}</p>`
  }

  #row(session: SessionSummary, label: SessionLabel, s: Strings, sh: ShellStrings, now: number): TemplateResult {
    const confirming = this.confirming === session.id
    return html`<li part="session" aria-current=${session.id === this.current ? 'true' : 'false'} data-session-id=${session.id} ?data-fork=${label.fork !== undefined}>
      <button type="button" part="open-button" @click=${() => emit(this, 'dsh-session-action', { action: 'open', sessionId: session.id })}>
        <span part="session-title" class="title">${label.fork ? html`<span part="fork-marker" class="fork-marker" aria-label=${sh.fork}>⑂</span> ` : nothing}${label.name}</span>
        <span part="session-date" class="date">${relativeDate(session.createdAt, now, this.lang)}</span></button>
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
    const sh = shellStrings(this.lang)
    const labels = sessionLabels(this.sessions, sh)
    const now = Date.now()
    return html`<nav part="session-list" aria-label=${s.sessions}>
      <div class="toolbar">
        <button type="button" part="new-button" @click=${() => emit(this, 'dsh-session-action', { action: 'new' })}>${s.newSession}</button>
        <label part="import-button" class="import">${s.importFile}<input type="file" accept=".jsonl,.zstd,.zst,application/jsonl,application/zstd,text/plain" class="sr-only" @change=${this.#import} /></label>
      </div>
      ${this.#storage(s, sh)}
      ${this.sessions.length === 0 ? html`<p>${s.noSessions}</p>` : html`<ul>${this.sessions.map((x) => this.#row(x, labels.get(x.id)!, s, sh, now))}</ul>`}
    </nav>`
  }
}
