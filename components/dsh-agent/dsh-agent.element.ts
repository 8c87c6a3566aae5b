/**
 * `<dsh-agent>`: the one element a site embeds. Starts the agent worker, opens a session and
 * composes the transcript (which asks approvals inline, on the call's card), composer, session
 * list and settings in a labelled region — inline in the page, or behind a floating launcher button.
 * Plane: main. Contract: talks to the worker only through `AgentController` and its feature controllers; reports outward
 * with typed `dsh-*` events (each `dsh-error` also shows as a notice in the widget). Move-safe:
 * moving the element in the DOM keeps its worker and conversation. Live: attributes changed
 * after start apply (provider settings restart the runtime and reopen the session).
 *
 * @summary An in-page agent.
 * @event dsh-ready - `{sessionId}` once the worker is up and a session is open.
 * @event dsh-turn-start - `{sessionId, turn}`.
 * @event dsh-turn-end - `{sessionId, turn, reason}`.
 * @event dsh-error - `{code, message}`.
 * @method workspaceFiles - a read-only snapshot of the workspace's text files (at most 200 files / 1 MB; use `workspaceLink` for all of them).
 * @method workspaceLink - the workspace's commands and live notices for `<dsh-workspace for="…">` (paged listing, read, guarded save, terminal).
 * @method registerTool - a page tool `{name, description, parameters, effect?, timeoutMs?, execute}` (or WebMCP's `{name, description, inputSchema, execute, annotations}`) whose body runs on the page; returns the unregister function.
 * @slot logo - the site's mark, before the header's title.
 * @csspart base, header, title, network-status (online/offline chip), banners (the row of banners below the header), offline-banner, offline-unavailable, update-notice, reload-button, storage-banner, workspace-unsaved (files not saved, inside the storage banner), opening-banner (a stored session's last turns are shown while it loads; sending waits), open-failed-banner (the boot has no session: the open failed or is slow), retry-button, start-new-button, read-only-banner (the session is written in another tab), take-over-button, workspace-banner, find-button, compact-button, trim-button, sessions-toggle, settings-toggle, more-button, close-button, launcher-button, panel-close-button, reply-notice, show-reply-button, notices, error-notice, dismiss-button, panel, main, empty-state, heading, suggestions, suggestion, model-line, transcript (forwarded), composer (forwarded), question-card (forwarded, while the agent asks)
 * @cssproperty --dsh-color-bg, --dsh-color-fg, --dsh-color-accent, --dsh-radius, --dsh-font-family, --dsh-agent-height, --dsh-launcher-width, --dsh-launcher-height
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { state } from 'lit/decorators.js'
import type { SessionId } from '../../src/protocol/index.ts'
import { AgentController } from '../controllers/agent-controller.ts'
import { ApprovalsController } from '../controllers/approvals-controller.ts'
import { HostColorSchemeController } from '../controllers/host-color-scheme.ts'
import { LazyOffline } from '../controllers/lazy-offline.ts'
import { PageLifecycleController, requestPersistentStorage, type Persistence } from '../controllers/page-lifecycle.ts'
import { SessionsController } from '../controllers/sessions-controller.ts'
import { SettingsController } from '../controllers/settings-controller.ts'
import { TranscriptController } from '../controllers/transcript-controller.ts'
import type { DshApprovalDecideDetail, DshSessionActionDetail } from '../events/index.ts'
import { strings } from '../i18n/strings.ts'
import { shellStrings } from '../i18n/shell-strings.ts'
import { DshAgentAttributes } from './attributes.ts'
import { PageTools, type PageToolDefinition } from './page-tools.ts'
import { WebMcpToolsController } from './webmcp-tools.ts'
import { parseSuggestions, renderEmptyState } from './empty-state.ts'
import { renderNotices } from './error-notices.ts'
import { renderBanners } from './banners.ts'
import { renderHeader } from './header.ts'
import { HeaderMenu } from './header-menu.ts'
import { LiveSettings, SETTINGS_PROPERTIES, endpoint } from './live-settings.ts'
import { loadRememberedProvider } from './remembered-provider.ts'
import { runSessionAction } from './session-actions.ts'
import { shellKey } from './shell-keys.ts'
import { renderQuestionCard, renderSidePanel } from './side-panel.ts'
import { SidePanelState } from './side-panel-state.ts'
import { agentStyles } from './dsh-agent.styles.ts'
import { startAgentWorker } from './start-worker.ts'
import { startWorkspaceBridge, type WorkspaceBridge } from './workspace-bridge.ts'
import { linkWorkspace, type WorkspaceLink } from './workspace-link.ts'
import '../dsh-transcript/dsh-transcript.ts'
import '../dsh-composer/dsh-composer.ts'
import { LazyParts } from './lazy-parts.ts'

// The build rewrites this URL to the bundled worker, relative to this module; cross-origin it starts through a blob: bootstrap.
const startWorker = () => startAgentWorker((Worker) => new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module', name: 'dsh-agent' }))

export class DshAgent extends DshAgentAttributes {
  static override styles = agentStyles
  /** Why the requested WebContainer workspace is not (or no longer) available. */
  @state() private workspaceNotice = ''
  /** The browser's answer to `persist()` (sessions in IndexedDB only), shown on the storage line. */
  @state() private persistence: Persistence | undefined
  #workspaceBridge: WorkspaceBridge | undefined
  readonly #pageTools = new PageTools((name, message) => this.agent.fail('PAGE_TOOL_REJECTED', `page tool "${name}": ${message}`, 'pagetools.attach'))
  readonly webMcpTools = new WebMcpToolsController(this, () => this.pageToolsSource === 'webmcp', (tool) => this.registerTool(tool),
    (name, message) => this.agent.fail('PAGE_TOOL_REJECTED', `WebMCP tool "${name}": ${message}`, 'pagetools.attach'))
  @state() private suggestionList: string[] = []
  readonly #panelState = new SidePanelState(this, () => this.#shownPanel(), () => this.approvals.questions.length)
  readonly #menu = new HeaderMenu(this)
  /** The panels and the question card, loaded when first shown. */
  readonly #parts = new LazyParts((part, error) => this.agent.fail('DSH_PART_LOAD', `the ${part} part did not load: ${error.message}`, 'host'))
  /** The worker connection, the open session's status, the turn commands and the notices; each feature below is its own controller. */
  readonly agent = new AgentController(this, { boot: () => { this.#started = this.#start() }, teardown: () => this.#teardown() })
  readonly transcript: TranscriptController = new TranscriptController(this.agent, () => { void this.sessions.refresh(); this.#panelState.replyArrived() })
  readonly approvals = new ApprovalsController(this.agent)
  readonly sessions: SessionsController = new SessionsController(this.agent, this.transcript, this.approvals, () => this.settings.forget())
  readonly settings = new SettingsController(this.agent, this.sessions)
  readonly #live = new LiveSettings(this, () => this.#started)
  /** The sessions panel's full-text search (one stable function, so the list does not re-render for it). */
  readonly #searcher = (query: string) => this.sessions.search(query)
  /** Hidden or left: the worker makes everything appended so far durable. */
  readonly lifecycle = new PageLifecycleController(this, (leaving) => void this.sessions.flush(leaving))
  readonly #scheme = new HostColorSchemeController(this, this.attachInternals().states)
  /** The network line and the offline copy: loaded when offline, or when `service-worker` is set, else after the first answer. */
  readonly #offline = new LazyOffline(this, () => !!this.serviceWorker, (error) => this.agent.fail('DSH_PART_LOAD', `the offline status part did not load: ${error.message}`, 'host'))
  /** The boot under way or done; undefined before the first connection and after a teardown. */
  #started: Promise<void> | undefined

  #teardown(): void {
    this.#started = undefined
    this.#live.sent(undefined)
    this.#workspaceBridge?.close()
    this.#workspaceBridge = undefined
    this.#pageTools.close()
  }

  /**
   * Registers a tool whose body runs on this page; the agent calls it through the same pipeline as
   * its own tools (approval by `effect`, guards, timeout, the abort reaching `execute`'s signal).
   * @returns unregisters the tool. @throws TypeError for a bad definition or a name already registered here.
   */
  registerTool(definition: PageToolDefinition): () => void {
    return this.#pageTools.register(definition)
  }

  #workspaceUnavailable(reason: string): void {
    this.agent.fail('WEBCONTAINER_UNAVAILABLE', (this.workspaceNotice = reason), 'workspace')
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#loadShownParts()
    if (changed.has('mcpServersAttr')) this.#live.mcpAttributeChanged()
    if (!changed.has('suggestions')) return
    try {
      this.suggestionList = parseSuggestions(this.suggestions)
    } catch (error) {
      this.suggestionList = []
      this.agent.fail((error as { code: string }).code, (error as Error).message, 'attribute')
    }
  }

  /** The open panel and a pending question card start loading before the render that shows them. */
  #loadShownParts(): void {
    const panel = this.#shownPanel()
    if (panel !== 'none') void this.#parts.need(panel)
    if (this.approvals.pendingQuestion) void this.#parts.need('question')
  }

  #shownPanel(): DshAgent['panel'] {
    return this.controls === 'reader' ? 'none' : this.panel
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('theme')) this.#scheme.apply()
    if (changed.has('serviceWorker') && this.serviceWorker) this.#offline.register(new URL(this.serviceWorker, document.baseURI).href, this.serviceWorkerScope ?? undefined)
    // Only a toggle moves focus: a page that sets `open` in its markup does not have focus taken on load.
    if (changed.has('open') && changed.get('open') !== undefined && this.mode === 'launcher') this.#focusOnToggle()
    if (!this.#started) return
    if (SETTINGS_PROPERTIES.some((p) => changed.has(p))) this.#live.apply()
    if (changed.has('session')) void this.#openSessionAttribute()
  }

  async #submit(text: string): Promise<void> {
    await this.#live.settled
    await this.agent.submit(text)
  }

  /** Live `session`: set after start, it opens that stored session. */
  async #openSessionAttribute(): Promise<void> {
    await this.#started
    if (this.session && this.session !== this.agent.sessionId) await this.sessions.open(this.session as SessionId)
  }

  /** A read-only snapshot of the workspace's text files `{path: content}`; `undefined` until the worker is up. */
  async workspaceFiles(): Promise<Record<string, string> | undefined> {
    return (await this.agent.call({ kind: 'workspace.snapshot' }))?.files
  }

  /** The workspace this agent works on, for `<dsh-workspace for="…">`: paged listing, files, saves, the terminal. */
  workspaceLink(): WorkspaceLink {
    return linkWorkspace(this.agent, () => (this.workspaceNotice ? { kind: 'memory', notice: this.workspaceNotice } : { kind: this.workspaceProvider }))
  }

  /** Starts the worker at once (it loads while the attributes resolve and the element first renders), then configures it. */
  async #start(): Promise<void> {
    let started: Promise<void> | undefined
    try {
      const remembered = loadRememberedProvider()
      if (remembered) Object.assign(this, { provider: remembered.provider, baseUrl: remembered.baseURL, model: remembered.model })
      const settings = this.#live.resolve()
      this.#workspaceBridge?.close()
      const bridge = (this.#workspaceBridge = startWorkspaceBridge(this.workspaceProvider, (reason) => this.#workspaceUnavailable(reason)))
      if (bridge.notice) this.#workspaceUnavailable(bridge.notice)
      // Settings that do not resolve stop the worker there (reported once, below).
      started = this.sessions.start(startWorker, settings, this.session ?? undefined, { ...(bridge.port ? { webContainer: bridge.port } : {}), pageTools: this.#pageTools.connect() })
      const resolved = await settings
      this.#live.sent(resolved)
      if (resolved.storage === 'indexeddb') void requestPersistentStorage().then((answer) => { this.persistence = answer })
    } catch (error) {
      const e = error as { code?: string; message: string }
      this.agent.fail(e.code ?? 'DSH_ATTRIBUTE_INVALID', e.message, 'attribute')
    }
    await started
  }

  #onSessionAction(event: CustomEvent<DshSessionActionDetail>): Promise<void> {
    return runSessionAction({ agent: this.agent, sessions: this.sessions, transcript: this.transcript, renderRoot: this.renderRoot, closePanel: () => { this.panel = 'none' } }, event.detail)
  }

  /** Opening the launcher's widget focuses the message box; closing it returns focus to the launcher. */
  #focusOnToggle(): void {
    if (this.open) this.renderRoot.querySelector('dsh-composer')?.focusInput()
    else this.renderRoot.querySelector<HTMLElement>('[part~="launcher-button"]')?.focus()
  }

  #onKeydown(event: KeyboardEvent): void {
    const key = shellKey(event, this.#shownPanel() !== 'none', this.mode === 'launcher' && this.approvals.questions.length === 0)
    if (key === 'find') this.#openFind()
    else if (key === 'close-panel') this.#panelState.close()
    else if (key === 'close') this.open = false
  }

  /** The find bar loads with its first use: a module that did not load is reported like a part's. */
  #openFind(): void {
    this.renderRoot.querySelector('dsh-transcript')?.openFind().catch((error: unknown) => this.agent.fail('DSH_PART_LOAD', `the find part did not load: ${error instanceof Error ? error.message : String(error)}`, 'host'))
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    const sh = shellStrings(this.lang)
    const { agent: a, transcript: t, approvals, sessions } = this
    const running = a.status === 'running' || t.state.openTurn !== null
    const canDrive = Boolean(a.sessionId) && !a.readOnly
    const launcher = this.mode === 'launcher'
    const panel = this.#shownPanel()
    const empty = t.state.items.length === 0 && t.state.openTurn === null
    return html`${launcher ? html`<button type="button" part="launcher-button" class="launcher" aria-controls="agent" aria-expanded=${this.open}
        ?hidden=${this.open} @click=${() => { this.open = true }}>${this.heading || sh.openAgent}</button>` : nothing}
      <div part="base" id="agent" class="base" role="region" aria-label=${this.heading || sh.region} lang=${this.lang} ?hidden=${launcher && !this.open} @keydown=${this.#onKeydown}>
      ${renderHeader({ title: this.headerTitle, s, sh, offline: this.#offline.status(this.lang), full: this.controls !== 'reader', launcher, running, canDrive, panel: this.panel, openFind: () => this.#openFind(),
        compact: () => void a.compact(), trim: () => void a.trim(), toggle: (p) => { this.#panelState.toggle(p); if (p === 'sessions') void this.sessions.refresh() }, close: () => { this.open = false }, menu: this.#menu })}
      ${renderBanners({ s, sh, offline: this.#offline.banners(this.lang), storage: sessions.storage, opening: t.opening, recovery: sessions.recovery, readOnly: a.readOnly, workspaceNotice: this.workspaceNotice, takeOver: () => void sessions.takeOver() })}
      ${renderNotices(a.notices, sh, (id) => a.dismissNotice(id))}
      <div part="main" class="body" @dsh-session-action=${this.#onSessionAction}>
        ${empty ? renderEmptyState({ heading: this.heading, suggestions: this.suggestionList, canSend: canDrive, send: (text) => { void this.#submit(text); this.renderRoot.querySelector('dsh-composer')?.focusInput() }, provider: this.provider, model: this.model, baseUrl: endpoint(this) }, sh) : nothing}
        <dsh-transcript exportparts="find, find-input, find-status, find-previous, find-next, find-close, transcript, message, user-message, assistant-message, reasoning, text, tool-card, tool-summary, tool-status, tool-outcome, terminal, exit-code, diff, approval, reason, reject-button, allow-button, allow-session-button, turn-status, notice, todos, link, code-block"
          lang=${this.lang} session-id=${a.sessionId ?? ''} .state=${t.state} .questions=${approvals.questions.filter((q) => q.sessionId === a.sessionId)}
          ?has-older=${t.historyFrom > 0} ?no-fork=${this.controls === 'reader'} @dsh-history-request=${() => t.loadOlder()}
          @dsh-approval-decide=${(e: CustomEvent<DshApprovalDecideDetail>) => approvals.answer(e.detail.id, e.detail.outcome, e.detail.remember)}></dsh-transcript>
      </div>
      ${renderSidePanel({ panel, lang: this.lang, current: a.sessionId ?? '', sessions, settings: this.settings, approvals, persistence: this.persistence, searcher: this.#searcher,
        provider: this.provider, baseUrl: endpoint(this), model: this.model, mcpServers: this.#live.shownMcpServers(), onSessionAction: (e) => void this.#onSessionAction(e),
        onSettings: (d) => void this.#live.onSettings(d), onMcp: (d) => void this.#live.onMcp(d), replyUnseen: this.#panelState.replyUnseen, close: () => this.#panelState.close() }, s, sh)}
      ${renderQuestionCard(approvals.pendingQuestion, this.lang, approvals)}
      <dsh-composer exportparts="composer, input, send-button, stop-button" lang=${this.lang} placeholder=${this.placeholder} .steer=${this.controls !== 'reader'} ?running=${running && canDrive} ?disabled=${!canDrive}
        @dsh-submit=${(e: CustomEvent<{ text: string }>) => this.#submit(e.detail.text)} @dsh-cancel=${() => a.cancel()}></dsh-composer>
    </div>`
  }
}
