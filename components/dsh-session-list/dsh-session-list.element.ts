/**
 * `<dsh-session-list>`: stored sessions — open, new, export, import, delete (with
 * confirmation) — each with its title (forks named after their source, with a fork marker) and
 * relative date, and the storage state: how many sessions, bytes used of the quota. One search box
 * filters the titles and (with a `searcher`) searches the conversations' text, in two sections;
 * a sort picks the order. Only the rows in view are drawn (500+ sessions); arrow keys, Home/End
 * and Page Up/Down move between rows. Plane: main.
 *
 * @summary Session browser.
 * @event dsh-session-action - `{action:'open'|'new'|'export'|'import'|'delete', ...}`; a conversation match opens with its `seq`.
 * @csspart session-list, session, session-title, session-date, fork-marker, open-button, export-button, delete-button, confirm-delete-button, new-button, import-button, storage-state, search-input, sort-select, session-rows, section-heading, search-hits, search-hit, snippet, search-status
 */
import { LitElement, html, nothing, svg, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { keyedList } from '../directives/keyed-list.ts'
import type { PropertyValues } from 'lit'
import type { SessionSummary, StorageState } from '../../src/protocol/index.ts'
import type { Persistence } from '../controllers/page-lifecycle.ts'
import { panelStrings, type PanelStrings } from '../i18n/panel-strings.ts'
import { shellStrings, type ShellStrings } from '../i18n/shell-strings.ts'
import { formatBytes, relativeDate, sessionLabels, type SessionLabel } from './session-labels.ts'
import { unsavedFiles } from './unsaved-files.ts'
import { emit } from '../events/index.ts'
import { cssProps } from '../theme/css-props.ts'
import { sessionListStyles } from './dsh-session-list.styles.ts'
import type { SessionSearchAnswer, SessionSearchMatch } from '../../src/protocol/index.ts'
import { sessionSearchStrings, type SessionSearchStrings } from '../i18n/session-search-strings.ts'
import { ROW_HEIGHT, scrollToShow, visibleRows } from './row-window.ts'
import { orderSessions, SESSION_SORTS, type SessionSort } from './session-order.ts'
import { renderHit } from './search-hits.ts'

/** The fork marker: a drawn branch (the ⑂ character is missing from common fonts). */
const forkIcon = html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">${svg`<g fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"><circle cx="4" cy="3" r="1.6"/><circle cx="12" cy="3" r="1.6"/><circle cx="8" cy="13" r="1.6"/><path d="M4 4.6v1.4a2.5 2.5 0 0 0 2.5 2.5h3A2.5 2.5 0 0 0 12 6V4.6M8 8.5v2.9"/></g>`}</svg>`

/** Typing pauses this long before the conversations are searched. */
const SEARCH_DELAY_MS = 200
const ROW_KEYS: Record<string, (index: number, page: number, last: number) => number> = {
  ArrowDown: (i) => i + 1, ArrowUp: (i) => i - 1, Home: () => 0, End: (_i, _p, last) => last,
  PageDown: (i, page) => i + page, PageUp: (i, page) => i - page,
}

export class DshSessionList extends LitElement {
  static override styles = sessionListStyles

  @property({ attribute: false }) sessions: readonly SessionSummary[] = []
  @property({ attribute: false }) storage: StorageState | undefined
  @property() current = ''
  /** What the browser answered to `persist()`; unset while unknown or when sessions stay in memory. */
  @property({ attribute: false }) persistence: Persistence | undefined
  @property() override lang = 'en'
  /** Full-text search over the stored conversations (the widget passes the worker's); absent: titles only. */
  @property({ attribute: false }) searcher: ((query: string) => Promise<SessionSearchAnswer | undefined>) | undefined
  @state() private confirming = ''
  @state() private query = ''
  @state() private sort: SessionSort = 'recent'
  @state() private rowsTop = 0
  @state() private viewportHeight = 0
  /** The row holding focus: drawn wherever the list is scrolled. */
  @state() private focusIndex: number | undefined
  @state() private found: { query: string; answer: SessionSearchAnswer } | undefined
  #searchTimer: ReturnType<typeof setTimeout> | undefined
  #searchTicket = 0
  #warmed = false
  #resize: ResizeObserver | undefined
  /** `undefined` while the browser is asked; `null` when it has no `navigator.storage.estimate` (WebKit) or fails. */
  @state() private estimate: { usage?: number; quota?: number } | null | undefined

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.#searchTimer)
    this.#resize?.disconnect()
    this.#resize = undefined
  }

  protected override updated(): void {
    const viewport = this.renderRoot.querySelector<HTMLElement>('.rows-viewport')
    if (viewport && !this.#resize) {
      this.#resize = new ResizeObserver(() => { this.viewportHeight = viewport.clientHeight })
      this.#resize.observe(viewport)
    }
    if (this.searcher && !this.#warmed) {
      this.#warmed = true
      void this.searcher('') // builds the worker's index in the background while the panel is open
    }
  }

  /** The origin's usage moves with the sessions: estimated again whenever the list changes. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('sessions')) return
    if (this.query.trim()) this.#scheduleSearch() // the matches may have changed with the list
    if (typeof navigator.storage?.estimate !== 'function') this.estimate = null
    else navigator.storage.estimate().then((e) => { this.estimate = e }, () => { this.estimate = null })
  }

  async #import(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (file) emit(this, 'dsh-session-action', { action: 'import', jsonl: new Uint8Array(await file.arrayBuffer()) }) // the store reads UTF-8 or zstd
  }

  #storage(s: PanelStrings, sh: ShellStrings): TemplateResult | typeof nothing {
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

  #row(session: SessionSummary, index: number, count: number, label: SessionLabel, s: PanelStrings, sh: ShellStrings, now: number): TemplateResult {
    const confirming = this.confirming === session.id
    return html`<li part="session" aria-current=${session.id === this.current ? 'true' : 'false'} data-session-id=${session.id} data-index=${index} ?data-fork=${label.fork !== undefined}
      aria-posinset=${index + 1} aria-setsize=${count} ${cssProps({ top: `${index * ROW_HEIGHT}px` })} ?data-confirming=${confirming}>
      <button type="button" part="open-button" @click=${() => emit(this, 'dsh-session-action', { action: 'open', sessionId: session.id })}>
        <span part="session-title" class="title">${label.fork ? html`<span part="fork-marker" class="fork-marker" role="img" aria-label=${sh.fork}>${forkIcon}</span> ` : nothing}${label.name}</span>
        <span part="session-date" class="date">${relativeDate(session.createdAt, now, this.lang)}</span></button>
      <button type="button" part="export-button" @click=${() => emit(this, 'dsh-session-action', { action: 'export', sessionId: session.id })}>${s.exportFile}</button>
      ${confirming
        ? html`<span role="alert" class="confirm-text">${s.confirmDelete}</span>
            <button type="button" part="confirm-delete-button" class="danger" @click=${() => { this.confirming = ''; emit(this, 'dsh-session-action', { action: 'delete', sessionId: session.id }) }}>${s.confirm}</button>
            <button type="button" @click=${() => { this.confirming = '' }}>${s.cancel}</button>`
        : html`<button type="button" part="delete-button" @click=${() => { this.confirming = session.id }}>${s.delete}</button>`}
    </li>`
  }

  #onSearchInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value
    this.focusIndex = undefined
    this.#scrollRowsTo(0)
    this.#scheduleSearch()
  }

  #scheduleSearch(): void {
    clearTimeout(this.#searchTimer)
    const ticket = ++this.#searchTicket
    const query = this.query.trim()
    if (!query || !this.searcher) {
      this.found = undefined
      return
    }
    this.#searchTimer = setTimeout(() => {
      void this.searcher?.(query).then((answer) => {
        if (ticket === this.#searchTicket && answer) this.found = { query, answer }
      })
    }, SEARCH_DELAY_MS)
  }

  #scrollRowsTo(top: number): void {
    const viewport = this.renderRoot.querySelector<HTMLElement>('.rows-viewport')
    if (viewport) viewport.scrollTop = top
    this.rowsTop = top
  }

  /** Arrow keys, Home/End and Page Up/Down move focus between rows (drawing the target first). */
  async #onRowKey(event: KeyboardEvent, count: number): Promise<void> {
    const move = ROW_KEYS[event.key]
    const from = (event.target as HTMLElement).closest('li')?.dataset.index
    if (!move || from === undefined || !(event.target as HTMLElement).matches('[part~="open-button"]')) return
    event.preventDefault()
    const page = Math.max(1, Math.floor(this.viewportHeight / ROW_HEIGHT) - 1)
    await this.#focusRow(Math.min(count - 1, Math.max(0, move(Number(from), page, count - 1))))
  }

  async #focusRow(index: number): Promise<void> {
    this.focusIndex = index
    this.#scrollRowsTo(scrollToShow(index, this.rowsTop, this.viewportHeight))
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>(`li[data-index="${index}"] [part~="open-button"]`)?.focus()
  }

  #onFocusIn(event: FocusEvent): void {
    const index = (event.target as HTMLElement).closest('li')?.dataset.index
    if (index !== undefined) this.focusIndex = Number(index)
  }

  #onFocusOut(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null
    if (!next || !this.renderRoot.querySelector('.rows')?.contains(next)) this.focusIndex = undefined
  }

  #openHit(hit: SessionSearchMatch): void {
    emit(this, 'dsh-session-action', { action: 'open', sessionId: hit.sessionId, seq: hit.seq })
  }

  #rows(ordered: readonly SessionSummary[], labels: ReadonlyMap<string, SessionLabel>, s: PanelStrings, sh: ShellStrings, q: SessionSearchStrings): TemplateResult {
    const now = Date.now()
    const count = ordered.length
    const shown = visibleRows(count, this.rowsTop, this.viewportHeight, this.focusIndex)
    return html`<div class="rows-viewport" part="session-rows" @scroll=${(e: Event) => { this.rowsTop = (e.target as HTMLElement).scrollTop }}>
      <ul class="rows" aria-label=${this.query.trim() ? q.titles : s.sessions} ${cssProps({ height: `${count * ROW_HEIGHT}px` })}
        @keydown=${(e: KeyboardEvent) => void this.#onRowKey(e, count)} @focusin=${this.#onFocusIn} @focusout=${this.#onFocusOut}>
        ${keyedList(shown, (i) => ordered[i]!.id, (i) => this.#row(ordered[i]!, i, count, labels.get(ordered[i]!.id)!, s, sh, now))}
      </ul>
    </div>`
  }

  #conversations(labels: ReadonlyMap<string, SessionLabel>, sh: ShellStrings, q: SessionSearchStrings): TemplateResult {
    const query = this.query.trim()
    const found = this.found?.query === query ? this.found.answer : undefined
    const hits = found?.hits ?? []
    return html`<section class="conversations" aria-labelledby="conversations-heading">
      <h2 part="section-heading" id="conversations-heading">${q.conversations}${found ? ` · ${hits.length}` : ''}</h2>
      ${!found ? html`<p part="search-status" class="muted">${q.searching}</p>`
        : hits.length === 0 ? html`<p part="search-status" class="muted">${q.noMatch}</p>`
        : html`<ul part="search-hits" class="hits">${hits.map((hit) => renderHit(hit, labels.get(hit.sessionId)?.name ?? hit.title ?? sh.untitled, q, (h) => this.#openHit(h)))}</ul>
          ${found.capped ? html`<p part="search-status" class="muted">${q.capped}</p>` : nothing}`}
    </section>`
  }

  override render(): TemplateResult {
    const s = panelStrings(this.lang)
    const sh = shellStrings(this.lang)
    const q = sessionSearchStrings(this.lang)
    const labels = sessionLabels(this.sessions, sh)
    const query = this.query.trim()
    const ordered = orderSessions(this.sessions, labels, this.sort, query, this.lang)
    const found = this.found?.query === query ? this.found.answer : undefined
    const sortNames: Record<SessionSort, string> = { recent: q.sortRecent, oldest: q.sortOldest, title: q.sortTitle }
    return html`<nav part="session-list" aria-label=${s.sessions}>
      <div class="toolbar">
        <button type="button" part="new-button" @click=${() => emit(this, 'dsh-session-action', { action: 'new' })}>${s.newSession}</button>
        <label part="import-button" class="import">${s.importFile}<input type="file" accept=".jsonl,.zstd,.zst,application/jsonl,application/zstd,text/plain" class="sr-only" @change=${this.#import} /></label>
      </div>
      ${this.#storage(s, sh)}
      ${this.sessions.length === 0 ? html`<p>${s.noSessions}</p>` : html`
        <div class="find" role="search">
          <input type="search" part="search-input" aria-label=${q.search} placeholder=${this.searcher ? q.searchPlaceholder : q.search} .value=${this.query} @input=${this.#onSearchInput}
            @keydown=${(e: KeyboardEvent) => { if (e.key === 'ArrowDown' && ordered.length > 0) { e.preventDefault(); void this.#focusRow(0) } }} />
          <label class="sort">${q.sort}
            <select part="sort-select" @change=${(e: Event) => { this.sort = (e.target as HTMLSelectElement).value as SessionSort; this.#scrollRowsTo(0) }}>
              ${SESSION_SORTS.map((v) => html`<option value=${v} ?selected=${v === this.sort}>${sortNames[v]}</option>`)}
            </select></label>
        </div>
        ${query ? html`<p class="sr-only" role="status">${q.summary(ordered.length, this.searcher ? found?.hits.length : undefined)}</p>
          <h2 part="section-heading" class="titles-heading">${q.titles} · ${ordered.length}</h2>` : nothing}
        ${ordered.length > 0 ? this.#rows(ordered, labels, s, sh, q) : html`<p part="search-status" class="muted">${q.noMatch}</p>`}
        ${query && this.searcher ? this.#conversations(labels, sh, q) : nothing}`}
    </nav>`
  }
}
