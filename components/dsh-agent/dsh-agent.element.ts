/**
 * `<dsh-agent>`: the one element a site embeds. Starts the agent worker, opens a session and
 * composes the transcript, composer, approval dialog, session list and settings.
 * Plane: main. Contract: talks to the worker only through `AgentController`; reports outward
 * with typed `dsh-*` events.
 *
 * @summary An in-page agent.
 * @event dsh-ready - `{sessionId}` once the worker is up and a session is open.
 * @event dsh-turn-start - `{sessionId, turn}`.
 * @event dsh-turn-end - `{sessionId, turn, reason}`.
 * @event dsh-error - `{code, message}`.
 * @method workspaceFiles - a read-only snapshot of the workspace's text files.
 * @attr panel - the open side panel: `none` (default), `sessions` or `settings`.
 * @attr workspace-id - storage key of the workspace (default `default`); seed files apply only to a new one.
 * @attr workspace-provider - `memory` (default, the embedded workspace) or `webcontainer` (used when the page is cross-origin isolated; otherwise the `workspace-banner` part says why).
 * @attr storage - `indexeddb` (default; the page then asks once for persistent storage) or `memory`.
 * @csspart base, header, title, read-only-banner (the session is written in another tab), take-over-button, workspace-banner, compact-button, sessions-toggle, settings-toggle, panel, main, transcript (forwarded), composer (forwarded)
 * @cssproperty --dsh-color-bg, --dsh-color-fg, --dsh-color-accent, --dsh-radius, --dsh-font-family, --dsh-agent-height
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { PermissionPreset } from '../../src/approval/types.ts'
import type { ProviderKind, RuntimeSettings, SessionId } from '../../src/protocol/index.ts'
import { AgentController } from '../controllers/agent-controller.ts'
import { PageLifecycleController, requestPersistentStorage } from '../controllers/page-lifecycle.ts'
import type { DshSessionActionDetail, DshSettingsChangeDetail } from '../events/index.ts'
import { emit } from '../events/index.ts'
import { strings } from '../i18n/strings.ts'
import { resolveReplay, resolveScript, resolveWorkspace } from './resolve-inputs.ts'
import { agentStyles } from './dsh-agent.styles.ts'
import { startAgentWorker } from './start-worker.ts'
import { startWorkspaceBridge, type WorkspaceBridge, type WorkspaceProvider } from './workspace-bridge.ts'
import '../dsh-transcript/dsh-transcript.ts'
import '../dsh-composer/dsh-composer.ts'
import '../dsh-approval-dialog/dsh-approval-dialog.ts'
import '../dsh-session-list/dsh-session-list.ts'
import '../dsh-settings/dsh-settings.ts'

// The build rewrites this URL to the bundled worker, relative to this module; cross-origin it starts through a blob: bootstrap.
const startWorker = () => startAgentWorker((Worker) => new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module', name: 'dsh-agent' }))

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
  #workspaceBridge: WorkspaceBridge | undefined
  @property() permissions: PermissionPreset = 'ask'
  @property() storage: 'memory' | 'indexeddb' = 'indexeddb'
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto'
  @property() override lang = 'en'
  /** The side panel that is open: `sessions`, `settings` or `none`. */
  @property({ reflect: true }) panel: 'none' | 'sessions' | 'settings' = 'none'
  readonly agent = new AgentController(this)
  /** Hidden or left: the worker makes everything appended so far durable. */
  readonly lifecycle = new PageLifecycleController(this, () => void this.agent.flush())

  override connectedCallback(): void {
    super.connectedCallback()
    void this.#start()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#workspaceBridge?.close()
  }

  #workspaceUnavailable(reason: string): void {
    this.workspaceNotice = reason
    emit(this, 'dsh-error', { code: 'WEBCONTAINER_UNAVAILABLE', message: reason })
  }

  async #settings(): Promise<RuntimeSettings> {
    const settings: RuntimeSettings = { provider: this.provider, permissions: this.permissions, storage: this.provider === 'replay' ? 'memory' : this.storage }
    if (this.model) settings.model = this.model
    if (this.baseUrl) settings.baseURL = this.baseUrl
    const [replies, workspace, replay] = await Promise.all([resolveScript(this.script), resolveWorkspace(this.workspace), resolveReplay(this.src)])
    if (replies) settings.replies = replies as RuntimeSettings['replies'] & object
    if (workspace) settings.workspace = workspace
    if (this.workspaceId) settings.workspaceId = this.workspaceId
    if (replay !== undefined) settings.replay = replay
    return settings
  }

  /** A read-only snapshot of the workspace's text files `{path: content}`; `undefined` until the worker is up. */
  async workspaceFiles(): Promise<Record<string, string> | undefined> {
    return (await this.agent.call({ kind: 'workspace.snapshot' }))?.files
  }

  async #start(): Promise<void> {
    try {
      const settings = await this.#settings()
      if (settings.storage === 'indexeddb') void requestPersistentStorage()
      this.#workspaceBridge?.close()
      const bridge = (this.#workspaceBridge = startWorkspaceBridge(this.workspaceProvider, (reason) => this.#workspaceUnavailable(reason)))
      if (bridge.notice) this.#workspaceUnavailable(bridge.notice)
      await this.agent.start(startWorker, settings, this.session ?? undefined, bridge.port)
    } catch (error) {
      const e = error as { code?: string; message: string }
      emit(this, 'dsh-error', { code: e.code ?? 'DSH_ATTRIBUTE_INVALID', message: e.message })
    }
  }

  async #onSessionAction(event: CustomEvent<DshSessionActionDetail>): Promise<void> {
    const d = event.detail
    const a = this.agent
    if (d.action === 'open') await a.open(d.sessionId as SessionId)
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

  async #onSettings(event: CustomEvent<DshSettingsChangeDetail>): Promise<void> {
    const d = event.detail
    if (d.action === 'key') return this.agent.setKey(d.apiKey, d.remember)
    if (d.action === 'delete-all') return this.agent.deleteAll()
    this.provider = d.provider
    this.baseUrl = d.baseURL
    this.model = d.model
    await this.agent.reconfigure(await this.#settings())
  }

  #toggle(panel: 'sessions' | 'settings'): void {
    this.panel = this.panel === panel ? 'none' : panel
    if (panel === 'sessions') void this.agent.refreshSessions()
  }

  override render(): TemplateResult {
    const s = strings(this.lang)
    const a = this.agent
    const running = a.status === 'running' || a.transcript.openTurn !== null
    const canDrive = Boolean(a.sessionId) && !a.readOnly
    return html`<div part="base" class="base" lang=${this.lang}>
      <header part="header">
        <span part="title">dsh-agent</span>
        ${a.storage && a.storage.health !== 'ok' ? html`<span part="storage-banner" role="alert">${a.storage.health === 'memory-only' ? s.storageMemory : s.storageError}</span>` : nothing}
        ${a.readOnly ? html`<span part="read-only-banner" role="status">${s.readOnly}
          <button type="button" part="take-over-button" @click=${() => a.takeOver()}>${s.takeOver}</button></span>` : nothing}
        ${this.workspaceNotice ? html`<span part="workspace-banner" role="status">${s.webContainerUnavailable}: ${this.workspaceNotice}</span>` : nothing}
        <button type="button" part="compact-button" title=${s.compactHint} ?disabled=${running || !canDrive} @click=${() => a.compact()}>${s.compact}</button>
        <button type="button" part="sessions-toggle" aria-expanded=${this.panel === 'sessions'} @click=${() => this.#toggle('sessions')}>${s.sessions}</button>
        <button type="button" part="settings-toggle" aria-expanded=${this.panel === 'settings'} @click=${() => this.#toggle('settings')}>${s.settings}</button>
      </header>
      <aside part="panel" ?hidden=${this.panel === 'none'} @dsh-session-action=${this.#onSessionAction} @dsh-settings-change=${this.#onSettings}>
        ${this.panel === 'sessions' ? html`<dsh-session-list exportparts="session-list, session, storage-state" lang=${this.lang} current=${a.sessionId ?? ''} .sessions=${a.sessions} .storage=${a.storage}></dsh-session-list>` : nothing}
        ${this.panel === 'settings' ? html`<dsh-settings exportparts="settings" lang=${this.lang} provider=${this.provider} base-url=${this.baseUrl} model=${this.model} .keyState=${a.keyState}></dsh-settings>` : nothing}
      </aside>
      <main part="main" @dsh-session-action=${this.#onSessionAction}>
        <dsh-transcript exportparts="transcript, message, user-message, assistant-message, reasoning, text, tool-card, terminal, turn-status, notice, todos, link, code-block"
          lang=${this.lang} session-id=${a.sessionId ?? ''} .state=${a.transcript}></dsh-transcript>
      </main>
      <dsh-composer exportparts="composer, input, send-button, stop-button" lang=${this.lang} ?running=${running && canDrive} ?disabled=${!canDrive}
        @dsh-submit=${(e: CustomEvent<{ text: string }>) => a.submit(e.detail.text)} @dsh-cancel=${() => a.cancel()}></dsh-composer>
      <dsh-approval-dialog exportparts="dialog, allow-button, reject-button" lang=${this.lang} .question=${a.questions[0]}
        @dsh-approval-decide=${(e: CustomEvent<{ id: string; outcome: 'allowed-once' | 'rejected' | 'cancelled' }>) => a.answer(e.detail.id, e.detail.outcome)}></dsh-approval-dialog>
    </div>`
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
