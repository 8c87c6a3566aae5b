/**
 * `<dsh-agent>`: the one element a site embeds. Starts the agent worker, opens a session and
 * composes the transcript (which asks approvals inline, on the call's card), composer, session
 * list and settings in a labelled region — inline in the page, or behind a floating launcher button.
 * Plane: main. Contract: talks to the worker only through `AgentController`; reports outward
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
 * @method registerTool - a page tool `{name, description, parameters, effect?, timeoutMs?, execute}` whose body runs on the page; returns the unregister function.
 * @attr mcp-servers - JSON array of MCP servers `[{"name", "url"}]` (Streamable HTTP); bearer tokens are set in Settings, never in an attribute.
 * @attr mode - `inline` (default: a box in the page) or `launcher` (a floating button that opens the widget as a panel, a full-height sheet on phones).
 * @attr open - launcher mode: whether the widget is open (state is kept while closed).
 * @attr controls - `full` (default) or `reader` (hides Compact, Sessions, Settings and Steer).
 * @attr heading - the empty chat's heading; also the region's label.
 * @attr placeholder - the message box's placeholder.
 * @attr suggestions - a JSON array of example questions, shown as chips in the empty chat; a click sends one.
 * @attr panel - the open side panel: `none` (default), `sessions` or `settings`.
 * @attr workspace-id - storage key of the workspace (default `default`); seed files apply only to a new one.
 * @attr workspace-provider - `memory` (default, the embedded workspace) or `webcontainer` (used when the page is cross-origin isolated; otherwise the `workspace-banner` part says why). Read once, at start.
 * @attr storage - `indexeddb` (default; the page then asks once for persistent storage) or `memory`.
 * @attr instructions - the site-wide instructions layer: inline text, or a same-origin URL of a text file.
 * @attr persona - the system-prompt persona.
 * @attr skills - URL of a JSON skill index `[{name, description, url}]`; bodies load on first use (cached in IndexedDB).
 * @attr web-fetch - the `web_fetch` allow-list: `self` (this site), URL prefixes (space-separated, may include `self`) or `off` (default).
 * @attr service-worker - URL of the offline service worker (`dsh-agent-sw.js`, registered from the page's origin): the widget then keeps an offline copy, shows whether it is complete, and offers "Reload to update" when a new version waits. Absent: no service worker.
 * @attr service-worker-scope - the service worker's scope (default: its directory; above it the server must send `Service-Worker-Allowed`).
 * @attr theme - `auto` (default: the host page's color-scheme, else prefers-color-scheme), `light` or `dark`.
 * @csspart network-status (online/offline chip), offline-banner, offline-unavailable, update-notice, reload-button
 * @csspart base, header, title, storage-banner, workspace-unsaved (files not saved, inside the storage banner), opening-banner (a stored session's last turns are shown while it loads; sending waits), open-failed-banner (the boot has no session: the open failed or is slow), retry-button, start-new-button, read-only-banner (the session is written in another tab), take-over-button, workspace-banner, find-button, compact-button, trim-button, sessions-toggle, settings-toggle, close-button, launcher-button, notices, error-notice, dismiss-button, panel, main, empty-state, heading, suggestions, suggestion, model-line, transcript (forwarded), composer (forwarded), question-card (forwarded, while the agent asks)
 * @cssproperty --dsh-color-bg, --dsh-color-fg, --dsh-color-accent, --dsh-radius, --dsh-font-family, --dsh-agent-height, --dsh-launcher-width, --dsh-launcher-height
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { PermissionPreset } from '../../src/approval/types.ts'
import type { AskUserQuestionAnswer } from '../../src/user-questions/types.ts'
import type { McpServerSetting, ProviderKind, RuntimeSettings, SessionId, UserQuestionPrompt } from '../../src/protocol/index.ts'
import { onServerReady } from '../../src/protocol/index.ts'
import { AgentController } from '../controllers/agent-controller.ts'
import { HostColorSchemeController } from '../controllers/host-color-scheme.ts'
import { LazyOffline } from '../controllers/lazy-offline.ts'
import { PageLifecycleController, requestPersistentStorage, type Persistence } from '../controllers/page-lifecycle.ts'
import type { DshApprovalDecideDetail, DshMcpChangeDetail, DshSessionActionDetail, DshSettingsChangeDetail } from '../events/index.ts'
import { strings } from '../i18n/strings.ts'
import { shellStrings } from '../i18n/shell-strings.ts'
import { resolveInstructions, resolveMcpServers, resolveReplay, resolveScript, resolveSkills, resolveWebFetch, resolveWorkspace } from './resolve-inputs.ts'
import { PageTools, type PageToolDefinition } from './page-tools.ts'
import { parseSuggestions, renderEmptyState } from './empty-state.ts'
import { renderNotices } from './error-notices.ts'
import { forgetRememberedProvider, loadRememberedProvider, saveRememberedProvider } from './remembered-provider.ts'
import { agentStyles } from './dsh-agent.styles.ts'
import { startAgentWorker } from './start-worker.ts'
import { startWorkspaceBridge, type WorkspaceBridge, type WorkspaceProvider } from './workspace-bridge.ts'
import type { WorkspaceLink } from './workspace-link.ts'
import '../dsh-transcript/dsh-transcript.ts'
import '../dsh-composer/dsh-composer.ts'
import { renderStorageBanner } from './storage-banner.ts'
import { renderOpenFailure } from './open-failure-banner.ts'
import { LazyParts } from './lazy-parts.ts'

// The build rewrites this URL to the bundled worker, relative to this module; cross-origin it starts through a blob: bootstrap.
const startWorker = () => startAgentWorker((Worker) => new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module', name: 'dsh-agent' }))

/** Properties that make up the runtime settings: a change after start reconfigures the worker. */
/** How long opening a search match waits for the session's events to arrive before it gives up scrolling. */
const REVEAL_WAIT_MS = 5000
const SETTINGS_PROPERTIES = ['provider', 'model', 'baseUrl', 'permissions', 'storage', 'script', 'workspace', 'src', 'workspaceId', 'instructions', 'persona', 'skills', 'webFetch', 'mcpServersAttr'] as const

export class DshAgent extends LitElement {
  static override styles = agentStyles

  @property() provider: ProviderKind = 'openai-compatible'
  @property() model = ''
  @property({ attribute: 'base-url' }) baseUrl = ''
  @property() script: string | null = null
  @property() src: string | null = null
  @property() session: string | null = null
  @property() workspace: string | null = null
  @property({ attribute: 'workspace-id' }) workspaceId = ''
  @property({ attribute: 'workspace-provider' }) workspaceProvider: WorkspaceProvider = 'memory'
  /** Why the requested WebContainer workspace is not (or no longer) available. */
  @state() private workspaceNotice = ''
  /** The browser's answer to `persist()` (sessions in IndexedDB only), shown on the storage line. */
  @state() private persistence: Persistence | undefined
  #workspaceBridge: WorkspaceBridge | undefined
  @property({ attribute: 'mcp-servers' }) mcpServersAttr: string | null = null
  /** The MCP servers as Settings left them (add/remove); until then, and after `mcp-servers` changes, the attribute's. */
  @state() private mcpEdited: McpServerSetting[] | undefined
  readonly #pageTools = new PageTools((name, message) => this.agent.fail('PAGE_TOOL_REJECTED', `page tool "${name}": ${message}`, 'pagetools.attach'))
  @property() permissions: PermissionPreset = 'ask'
  @property() storage: 'memory' | 'indexeddb' = 'indexeddb'
  @property() instructions: string | null = null
  @property() persona: string | null = null
  @property() skills: string | null = null
  @property({ attribute: 'web-fetch' }) webFetch: string | null = null
  @property({ attribute: 'service-worker' }) serviceWorker: string | null = null
  @property({ attribute: 'service-worker-scope' }) serviceWorkerScope: string | null = null
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto'
  @property() override lang = 'en'
  /** The side panel that is open: `sessions`, `settings` or `none`. */
  @property({ reflect: true }) panel: 'none' | 'sessions' | 'settings' = 'none'
  @property({ reflect: true }) mode: 'inline' | 'launcher' = 'inline'
  /** Launcher mode: the widget is open. */
  @property({ type: Boolean, reflect: true }) open = false
  @property({ reflect: true }) controls: 'reader' | 'full' = 'full'
  @property() heading = ''
  @property() placeholder = ''
  @property() suggestions: string | null = null
  @state() private suggestionList: string[] = []
  /** Approval questions pending at the last update (a new one closes the side panel). */
  #askedCount = 0
  /** The panels and the question card, loaded when first shown. */
  readonly #parts = new LazyParts((part, error) => this.agent.fail('DSH_PART_LOAD', `the ${part} part did not load: ${error.message}`, 'host'))
  readonly agent = new AgentController(this, { boot: () => { this.#started = this.#start() }, teardown: () => this.#teardown() })
  /** The sessions panel's full-text search (one stable function, so the list does not re-render for it). */
  readonly #searcher = (query: string) => this.agent.search(query)
  /** Hidden or left: the worker makes everything appended so far durable. */
  readonly lifecycle = new PageLifecycleController(this, () => void this.agent.flush())
  readonly #scheme = new HostColorSchemeController(this, this.attachInternals().states)
  /** The network line and the offline copy: loaded when offline, or when `service-worker` is set, else after the first answer. */
  readonly #offline = new LazyOffline(this, () => !!this.serviceWorker, (error) => this.agent.fail('DSH_PART_LOAD', `the offline status part did not load: ${error.message}`, 'host'))
  /** The boot under way or done; undefined before the first connection and after a teardown. */
  #started: Promise<void> | undefined
  /** The settings last given to the worker (JSON), so an unchanged attribute set restarts nothing. */
  #sentSettings = ''
  /** Settings changes apply one after another; a message sent meanwhile waits for them (it goes to the new runtime). */
  #settling: Promise<void> = Promise.resolve()

  #teardown(): void {
    this.#started = undefined
    this.#sentSettings = ''
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
    this.workspaceNotice = reason
    this.agent.fail('WEBCONTAINER_UNAVAILABLE', reason, 'workspace')
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#uncoverNewRequest()
    this.#loadShownParts()
    if (changed.has('mcpServersAttr')) this.mcpEdited = undefined
    if (!changed.has('suggestions')) return
    try {
      this.suggestionList = parseSuggestions(this.suggestions)
    } catch (error) {
      this.suggestionList = []
      const e = error as { code: string; message: string }
      this.agent.fail(e.code, e.message, 'attribute')
    }
  }

  /** The open panel and a pending question card start loading before the render that shows them. */
  #loadShownParts(): void {
    const panel = this.#shownPanel()
    if (panel !== 'none') void this.#parts.need(panel)
    if (this.#pendingQuestion()) void this.#parts.need('question')
  }

  #shownPanel(): DshAgent['panel'] {
    return this.controls === 'reader' ? 'none' : this.panel
  }

  /** The oldest pending question of the open session. */
  #pendingQuestion(): UserQuestionPrompt | undefined {
    return this.agent.userQuestions.find((q) => q.sessionId === undefined || q.sessionId === this.agent.sessionId)
  }

  /** A new approval request is asked on its tool card and takes focus: a side panel (a sheet on phones) must not cover it. */
  #uncoverNewRequest(): void {
    const asked = this.agent.questions.length
    if (asked > this.#askedCount && this.panel !== 'none') this.panel = 'none'
    this.#askedCount = asked
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('theme')) this.#scheme.apply()
    if (changed.has('serviceWorker') && this.serviceWorker) this.#offline.register(new URL(this.serviceWorker, document.baseURI).href, this.serviceWorkerScope ?? undefined)
    // Only a toggle moves focus: a page that sets `open` in its markup does not have focus taken on load.
    if (changed.has('open') && changed.get('open') !== undefined && this.mode === 'launcher') this.#focusOnToggle()
    if (!this.#started) return
    if (SETTINGS_PROPERTIES.some((p) => changed.has(p))) this.#settling = this.#settling.then(() => this.#applySettings())
    if (changed.has('session')) void this.#openSessionAttribute()
  }

  /** Live settings: once started, a changed provider, model, base URL, permissions, storage or input restarts the runtime with them. */
  async #applySettings(): Promise<void> {
    await this.#started
    try {
      const settings = await this.#settings()
      const json = JSON.stringify(settings)
      if (json === this.#sentSettings) return
      this.#sentSettings = json
      await this.agent.reconfigure(settings)
    } catch (error) {
      const e = error as { code?: string; message: string }
      this.agent.fail(e.code ?? 'DSH_ATTRIBUTE_INVALID', e.message, 'attribute')
    }
  }

  async #submit(text: string): Promise<void> {
    await this.#settling
    await this.agent.submit(text)
  }

  /** Live `session`: set after start, it opens that stored session. */
  async #openSessionAttribute(): Promise<void> {
    await this.#started
    if (this.session && this.session !== this.agent.sessionId) await this.agent.open(this.session as SessionId)
  }

  async #settings(): Promise<RuntimeSettings> {
    const settings: RuntimeSettings = { provider: this.provider, permissions: this.permissions, storage: this.provider === 'replay' ? 'memory' : this.storage }
    if (this.model) settings.model = this.model
    if (this.baseUrl) settings.baseURL = this.baseUrl
    const [replies, workspace, replay, instructions, skills] = await Promise.all([
      resolveScript(this.script), resolveWorkspace(this.workspace), resolveReplay(this.src), resolveInstructions(this.instructions), resolveSkills(this.skills),
    ])
    if (instructions !== undefined) settings.instructions = instructions
    if (this.persona) settings.persona = this.persona
    if (skills) settings.skills = skills
    settings.webFetch = resolveWebFetch(this.webFetch)
    if (replies) settings.replies = replies as RuntimeSettings['replies'] & object
    if (workspace) settings.workspace = workspace
    if (this.workspaceId) settings.workspaceId = this.workspaceId
    if (replay !== undefined) settings.replay = replay
    const mcpServers = this.#mcpServers()
    if (mcpServers.length > 0) settings.mcpServers = mcpServers
    return settings
  }

  #mcpServers(): McpServerSetting[] {
    return this.mcpEdited ?? resolveMcpServers(this.mcpServersAttr) ?? []
  }

  /** The Settings' MCP section, queued with the other settings changes (a message sent meanwhile waits for it). */
  #onMcp(event: CustomEvent<DshMcpChangeDetail>): Promise<void> {
    const change = event.detail
    this.#settling = this.#settling.then(() => this.#applyMcp(change))
    return this.#settling
  }

  /** A token applies at once; adding or removing a server restarts the runtime with the new list. */
  async #applyMcp(d: DshMcpChangeDetail): Promise<void> {
    if (d.action === 'token') return this.agent.setMcpToken(d.url, d.token, d.remember)
    let servers: McpServerSetting[]
    try {
      servers = this.#mcpServers()
    } catch { // a broken mcp-servers attribute was reported at start; Settings starts from an empty list
      servers = []
    }
    if (d.action === 'remove') {
      if (this.agent.mcpTokens.some((t) => t.url === d.url)) await this.agent.setMcpToken(d.url, null, false)
      this.mcpEdited = servers.filter((server) => server.name !== d.name)
    } else {
      if (d.token) await this.agent.setMcpToken(d.url, d.token, d.remember)
      this.mcpEdited = [...servers, { name: d.name, url: d.url }]
    }
    await this.#applySettings()
  }

  /** A read-only snapshot of the workspace's text files `{path: content}`; `undefined` until the worker is up. */
  async workspaceFiles(): Promise<Record<string, string> | undefined> {
    return (await this.agent.call({ kind: 'workspace.snapshot' }))?.files
  }

  /** The workspace this agent works on, for `<dsh-workspace for="…">`: paged listing, files, saves, the terminal. */
  workspaceLink(): WorkspaceLink {
    return {
      request: (command) => this.agent.request(command),
      listen: (listener) => this.agent.listen(listener),
      provider: () => (this.workspaceNotice ? { kind: 'memory', notice: this.workspaceNotice } : { kind: this.workspaceProvider }),
      onServerReady,
    }
  }

  /** Starts the worker at once (it loads while the attributes resolve and the element first renders), then configures it. */
  async #start(): Promise<void> {
    let started: Promise<void> | undefined
    try {
      const remembered = loadRememberedProvider()
      if (remembered) Object.assign(this, { provider: remembered.provider, baseUrl: remembered.baseURL, model: remembered.model })
      const settings = this.#settings()
      this.#workspaceBridge?.close()
      const bridge = (this.#workspaceBridge = startWorkspaceBridge(this.workspaceProvider, (reason) => this.#workspaceUnavailable(reason)))
      if (bridge.notice) this.#workspaceUnavailable(bridge.notice)
      // Settings that do not resolve stop the worker there (reported once, below).
      started = this.agent.start(startWorker, settings, this.session ?? undefined, { ...(bridge.port ? { webContainer: bridge.port } : {}), pageTools: this.#pageTools.connect() })
      const resolved = await settings
      this.#sentSettings = JSON.stringify(resolved)
      if (resolved.storage === 'indexeddb') void requestPersistentStorage().then((answer) => { this.persistence = answer })
    } catch (error) {
      const e = error as { code?: string; message: string }
      this.agent.fail(e.code ?? 'DSH_ATTRIBUTE_INVALID', e.message, 'attribute')
    }
    await started
  }

  async #onSessionAction(event: CustomEvent<DshSessionActionDetail>): Promise<void> {
    const d = event.detail
    const a = this.agent
    if (d.action === 'open') {
      await a.open(d.sessionId as SessionId)
      if (d.seq !== undefined) await this.#revealMatch(d.seq)
    }
    else if (d.action === 'new') await a.open(undefined)
    else if (d.action === 'delete') {
      await a.call({ kind: 'session.delete', sessionId: d.sessionId as SessionId })
      if (d.sessionId === a.sessionId) await a.open(undefined)
    } else if (d.action === 'fork') {
      const forked = await a.call({ kind: 'session.fork', sessionId: d.sessionId as SessionId, boundarySeq: d.boundarySeq })
      if (forked) await a.open(forked.sessionId)
    } else if (d.action === 'import') {
      const imported = await a.call({ kind: 'session.import', jsonl: d.jsonl })
      if (imported) await a.open(imported.sessionId)
    } else {
      const exported = await a.call({ kind: 'session.export', sessionId: d.sessionId as SessionId })
      if (exported) download(`${d.sessionId}.jsonl`, exported.jsonl)
    }
    await a.refreshSessions()
  }

  /** Shows a search match: loads older turns down to it, scrolls the transcript there, and gets a covering panel out of the way. */
  async #revealMatch(seq: number): Promise<void> {
    const panel = this.renderRoot.querySelector<HTMLElement>('[part~="panel"]')?.getBoundingClientRect()
    const main = this.renderRoot.querySelector<HTMLElement>('[part~="main"]')?.getBoundingClientRect()
    if (panel && main && panel.left < main.right - 1 && panel.right > main.left + 1) this.panel = 'none'
    const transcript = this.renderRoot.querySelector('dsh-transcript')
    const deadline = performance.now() + REVEAL_WAIT_MS
    while (transcript && performance.now() < deadline) {
      if (this.agent.caughtUp && this.agent.historyFrom > seq) await this.agent.loadOlder()
      else if (this.agent.caughtUp && await transcript.revealSeq(seq)) return
      else await new Promise((resolve) => requestAnimationFrame(resolve)) // the opened session's events are still arriving
    }
  }

  /** Provider changes apply through the live settings path; a remembered key remembers them too. */
  async #onSettings(event: CustomEvent<DshSettingsChangeDetail>): Promise<void> {
    const d = event.detail
    if (d.action === 'delete-all') {
      forgetRememberedProvider()
      return this.agent.deleteAll()
    }
    if (d.action === 'revoke-rule') return this.agent.revokeRule(d.ruleId)
    const provider = { provider: this.provider, baseURL: this.baseUrl, model: this.model }
    if (d.action === 'key') {
      if (d.apiKey !== null && d.remember) saveRememberedProvider(provider)
      else forgetRememberedProvider()
      return this.agent.setKey(d.apiKey, d.remember)
    }
    Object.assign(this, { provider: d.provider, baseUrl: d.baseURL, model: d.model })
    if (this.agent.keyState.remembered) saveRememberedProvider({ provider: d.provider, baseURL: d.baseURL, model: d.model })
  }

  #toggle(panel: 'sessions' | 'settings'): void {
    this.panel = this.panel === panel ? 'none' : panel
    if (panel === 'sessions') void this.agent.refreshSessions()
  }

  /** Opening the launcher's widget focuses the message box; closing it returns focus to the launcher. */
  #focusOnToggle(): void {
    if (this.open) this.renderRoot.querySelector('dsh-composer')?.focusInput()
    else this.renderRoot.querySelector<HTMLElement>('[part~="launcher-button"]')?.focus()
  }

  #onKeydown(event: KeyboardEvent): void {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f' && !event.defaultPrevented) {
      event.preventDefault() // find in this session, not in the page (dsh-transcript/session-find.ts)
      this.#openFind()
      return
    }
    if (event.key !== 'Escape' || event.defaultPrevented || this.mode !== 'launcher' || this.agent.questions.length > 0) return
    this.open = false
  }

  /** The find bar loads with its first use: a module that did not load is reported like a part's. */
  #openFind(): void {
    this.renderRoot.querySelector('dsh-transcript')?.openFind().catch((error: unknown) => this.agent.fail('DSH_PART_LOAD', `the find part did not load: ${error instanceof Error ? error.message : String(error)}`, 'host'))
  }

  #header(s: ReturnType<typeof strings>, running: boolean, canDrive: boolean): TemplateResult {
    const a = this.agent
    const full = this.controls !== 'reader'
    return html`<div part="header" class="header">
        <span part="title">dsh-agent</span>
        ${this.#offline.render(this.lang)}
        <button type="button" part="find-button" class="icon" aria-label=${s.findLabel} title=${`${s.findLabel} (Ctrl+F)`} aria-keyshortcuts="Control+F Meta+F"
          @click=${() => this.#openFind()}><span class="magnifier" aria-hidden="true"></span></button>
        ${renderStorageBanner(a.storage, s, shellStrings(this.lang))}
        ${a.opening ? html`<span part="opening-banner" role="status">${s.opening}</span>` : nothing}
        ${renderOpenFailure(a.recovery, shellStrings(this.lang))}
        ${a.readOnly ? html`<span part="read-only-banner" role="status">${s.readOnly}
          <button type="button" part="take-over-button" @click=${() => a.takeOver()}>${s.takeOver}</button></span>` : nothing}
        ${this.workspaceNotice ? html`<span part="workspace-banner" role="status">${s.webContainerUnavailable}: ${this.workspaceNotice}</span>` : nothing}
        ${full ? html`<div class="tools">
          <button type="button" part="compact-button" title=${s.compactHint} ?disabled=${running || !canDrive} @click=${() => a.compact()}>${s.compact}</button>
          <button type="button" part="trim-button" title=${s.trimHint} ?disabled=${running || !canDrive} @click=${() => a.trim()}>${s.trim}</button>
          <button type="button" part="sessions-toggle" aria-expanded=${this.panel === 'sessions'} @click=${() => this.#toggle('sessions')}>${s.sessions}</button>
          <button type="button" part="settings-toggle" aria-expanded=${this.panel === 'settings'} @click=${() => this.#toggle('settings')}>${s.settings}</button>
        </div>` : nothing}
        ${this.mode === 'launcher' ? html`<button type="button" part="close-button" class="icon" aria-label=${shellStrings(this.lang).close} title=${shellStrings(this.lang).close} @click=${() => { this.open = false }}>✕</button>` : nothing}
      </div>`
  }

  /** The oldest pending question of the open session, inline above the composer. */
  #questionCard(): TemplateResult | typeof nothing {
    const prompt = this.#pendingQuestion()
    return prompt ? html`<dsh-question-card exportparts="question-card, question-title, question, option-chip, other-input, submit-button" lang=${this.lang} .prompt=${prompt}
      @dsh-question-answer=${(e: CustomEvent<{ id: string; answer: AskUserQuestionAnswer }>) => this.agent.answerQuestion(e.detail.id, e.detail.answer)}></dsh-question-card>` : nothing
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    const sh = shellStrings(this.lang)
    const a = this.agent
    const running = a.status === 'running' || a.transcript.openTurn !== null
    const canDrive = Boolean(a.sessionId) && !a.readOnly
    const launcher = this.mode === 'launcher'
    const panel = this.#shownPanel()
    const empty = a.transcript.items.length === 0 && a.transcript.openTurn === null
    return html`${launcher ? html`<button type="button" part="launcher-button" class="launcher" aria-controls="agent" aria-expanded=${this.open}
        ?hidden=${this.open} @click=${() => { this.open = true }}>${this.heading || sh.openAgent}</button>` : nothing}
      <div part="base" id="agent" class="base" role="region" aria-label=${this.heading || sh.region} lang=${this.lang} ?hidden=${launcher && !this.open} @keydown=${this.#onKeydown}>
      ${this.#header(s, running, canDrive)}
      ${renderNotices(a.notices, sh, (id) => a.dismissNotice(id))}
      <div part="main" class="body" @dsh-session-action=${this.#onSessionAction}>
        ${empty ? renderEmptyState({ heading: this.heading, suggestions: this.suggestionList, canSend: canDrive, send: (text) => void this.#submit(text), provider: this.provider, model: this.model, baseUrl: this.baseUrl }, sh) : nothing}
        <dsh-transcript exportparts="find, find-input, find-status, find-previous, find-next, find-close, transcript, message, user-message, assistant-message, reasoning, text, tool-card, tool-summary, tool-status, tool-outcome, terminal, exit-code, diff, approval, reason, reject-button, allow-button, allow-session-button, turn-status, notice, todos, link, code-block"
          lang=${this.lang} session-id=${a.sessionId ?? ''} .state=${a.transcript} .questions=${a.questions.filter((q) => q.sessionId === a.sessionId)}
          ?has-older=${a.historyFrom > 0} @dsh-history-request=${() => a.loadOlder()}
          @dsh-approval-decide=${(e: CustomEvent<DshApprovalDecideDetail>) => a.answer(e.detail.id, e.detail.outcome, e.detail.remember)}></dsh-transcript>
      </div>
      <div part="panel" class="panel" role="group" aria-label=${panel === 'sessions' ? s.sessions : s.settings} ?hidden=${panel === 'none'} @dsh-session-action=${this.#onSessionAction} @dsh-settings-change=${this.#onSettings}>
        ${panel === 'sessions' ? html`<dsh-session-list exportparts="session-list, session, storage-state, search-input, search-hit" lang=${this.lang} current=${a.sessionId ?? ''} .sessions=${a.sessions} .storage=${a.storage} .persistence=${this.persistence} .searcher=${this.#searcher}></dsh-session-list>` : nothing}
        ${panel === 'settings' ? html`<dsh-settings exportparts="settings" lang=${this.lang} provider=${this.provider} base-url=${this.baseUrl} model=${this.model} .keyState=${a.keyState} .rules=${a.rules}></dsh-settings>
          <dsh-mcp-settings exportparts="mcp-settings" lang=${this.lang} .servers=${this.mcpEdited ?? safely(() => resolveMcpServers(this.mcpServersAttr)) ?? []} .tokens=${a.mcpTokens} @dsh-mcp-change=${this.#onMcp}></dsh-mcp-settings>` : nothing}
      </div>
      ${this.#questionCard()}
      <dsh-composer exportparts="composer, input, send-button, stop-button" lang=${this.lang} placeholder=${this.placeholder} .steer=${this.controls !== 'reader'} ?running=${running && canDrive} ?disabled=${!canDrive}
        @dsh-submit=${(e: CustomEvent<{ text: string }>) => this.#submit(e.detail.text)} @dsh-cancel=${() => a.cancel()}></dsh-composer>
    </div>`
  }
}

/** `read()`, or undefined when it throws (an invalid attribute is reported where it is applied). */
function safely<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
