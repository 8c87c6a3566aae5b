/**
 * `<dsh-workspace for="agent-id">`: the person's side of the agent's workspace — file tree, editor,
 * terminal and preview — bound to the `<dsh-agent>` with that id on the same page (its worker,
 * its files: one workspace, no second copy). Resizable panes (tree | editor over terminal/preview |
 * the agent, slotted as `slot="agent"`); a narrow element (phones) shows one pane at a time behind tabs.
 * Plane: main. Contract: every workspace operation goes through the agent element's `workspaceLink()`.
 *
 * @summary A file tree, editor, terminal and preview on an agent's workspace.
 * @attr for - the id of the `<dsh-agent>` whose workspace this is.
 * @attr theme - `auto` (default: the page's color-scheme), `light` or `dark`.
 * @attr lang - `en` (default) or `zh`.
 * @slot agent - the `<dsh-agent>` element, shown as the right-hand pane (a tab on phones).
 * @csspart base, tabs, tab, files-pane, editor-pane, bottom-pane, agent-pane, resizer, shortcuts, status (and forwarded: file-tree, tree-item, tree-button, tree-confirm, tree-status, editor, editor-tab, editor-notice, editor-conflict, editor-status, save-button, terminal, preview, preview-frame, preview-reload)
 * @cssproperty --dsh-workspace-height - the element's height (default 70vh, at least 420px).
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import { cssProps } from '../theme/css-props.ts'
import type { HostNotice, WorkspaceChange } from '../../src/protocol/messages.ts'
import { HostColorSchemeController } from '../controllers/host-color-scheme.ts'
import { workspaceStrings, type WorkspaceStrings } from '../i18n/workspace-strings.ts'
import { WorkspaceBinding } from './workspace-binding.ts'
import { onResizerKeydown, onResizerPointerDown, type ResizeSpec } from './pane-resizer.ts'
import type { DshFileTree } from './dsh-file-tree.ts'
import type { DshEditorPane } from './dsh-editor-pane.ts'
import type { DshTerminalPane } from './dsh-terminal-pane.ts'
import type { DshPreviewPane } from './dsh-preview-pane.ts'
import { workspaceStyles } from './dsh-workspace.styles.ts'

export type WorkspacePane = 'files' | 'editor' | 'terminal' | 'preview' | 'agent'
const PANES: readonly WorkspacePane[] = ['files', 'editor', 'terminal', 'preview', 'agent']
/** Below this width the element shows one pane at a time behind tabs. */
export const NARROW_WIDTH = 900

export class DshWorkspace extends LitElement {
  static override styles = workspaceStyles

  @property() for = ''
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto'
  @property() override lang = 'en'
  /** The pane shown on a narrow element (and the bottom pane's tab otherwise). */
  @state() pane: WorkspacePane = 'editor'
  @state() private bottom: 'terminal' | 'preview' = 'terminal'
  @state() narrow = false
  @state() private treeWidth = 220
  @state() private agentWidth = 380
  @state() private editorShare = 60
  @state() private activePath: string | undefined
  @query('dsh-file-tree') private tree!: DshFileTree
  @query('dsh-editor-pane') private editor!: DshEditorPane
  @query('dsh-terminal-pane') private terminal!: DshTerminalPane
  @query('dsh-preview-pane') private preview!: DshPreviewPane
  readonly binding = new WorkspaceBinding(this, (notices) => this.#onNotices(notices), () => void this.#onReady())
  readonly #scheme = new HostColorSchemeController(this, this.attachInternals().states)
  readonly #resize = new ResizeObserver(([entry]) => { this.narrow = (entry?.contentRect.width ?? NARROW_WIDTH) < NARROW_WIDTH })

  override connectedCallback(): void {
    super.connectedCallback()
    this.#resize.observe(this)
    this.addEventListener('keydown', this.#onShortcut)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#resize.disconnect()
    this.removeEventListener('keydown', this.#onShortcut)
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('theme')) {
      this.#scheme.apply()
      this.terminal?.applyTheme()
    }
    if (changed.has('for') && changed.get('for') !== undefined) void this.binding.bind()
  }

  /** Opens `path` in the editor (also what a click in the tree does). */
  async openFile(path: string): Promise<void> {
    if (this.narrow) this.pane = 'editor'
    await this.updateComplete
    await this.editor.open(path)
  }

  async #onReady(): Promise<void> {
    await this.updateComplete
    this.terminal.streams = this.binding.info?.streams === true
    this.preview.watchServers()
    await Promise.all([this.tree.reload(), this.terminal.start()])
  }

  #onNotices(notices: readonly HostNotice[]): void {
    const changes: WorkspaceChange[] = []
    for (const notice of notices) {
      if (notice.kind === 'workspace.changed') changes.push(...notice.changes)
      else if (notice.kind === 'shell.started' || notice.kind === 'shell.output' || notice.kind === 'shell.ended') this.terminal?.onShell(notice)
    }
    if (changes.length === 0) return
    this.tree?.apply(changes)
    void this.editor?.apply(changes)
  }

  /** Alt+1…5 shows and focuses a pane (Files, Editor, Terminal, Preview, Agent). */
  readonly #onShortcut = (event: KeyboardEvent): void => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return
    const pane = PANES[Number(event.key) - 1]
    if (!pane) return
    event.preventDefault()
    void this.show(pane)
  }

  /** Shows `pane` (a tab on phones; the bottom tab for terminal/preview) and focuses it. */
  async show(pane: WorkspacePane): Promise<void> {
    this.pane = pane
    if (pane === 'terminal' || pane === 'preview') this.bottom = pane
    await this.updateComplete
    if (pane === 'terminal') {
      await this.terminal.start()
      this.terminal.focus()
      return
    }
    const target = pane === 'agent' ? this.querySelector<HTMLElement>('[slot="agent"]') : this.renderRoot.querySelector<HTMLElement>(`[data-pane="${pane}"]`)
    target?.focus()
  }

  async #previewActive(): Promise<void> {
    if (!this.activePath) return
    await this.show('preview')
    await this.preview.show(this.activePath)
  }

  #resizer(label: string, spec: ResizeSpec, value: number): TemplateResult {
    return html`<div part="resizer" class="resizer ${spec.vertical ? 'horizontal' : 'vertical'}" role="separator" tabindex="0"
      aria-orientation=${spec.vertical ? 'horizontal' : 'vertical'} aria-label=${label} aria-valuenow=${value} aria-valuemin=${spec.min} aria-valuemax=${spec.max()}
      @pointerdown=${(e: PointerEvent) => onResizerPointerDown(e, spec)} @keydown=${(e: KeyboardEvent) => onResizerKeydown(e, spec)}></div>`
  }

  #renderTabs(s: WorkspaceStrings): TemplateResult {
    const labels: Record<WorkspacePane, string> = { files: s.files, editor: s.editor, terminal: s.terminal, preview: s.preview, agent: s.agent }
    return html`<div part="tabs" class="tabs" role="tablist" aria-label=${s.workspace}>
      ${PANES.map((pane) => html`<button type="button" part="tab" role="tab" id=${`tab-${pane}`} aria-controls=${`pane-${pane}`} aria-selected=${String(this.pane === pane)} @click=${() => this.show(pane)}>${labels[pane]}</button>`)}
    </div>`
  }

  /** On a narrow element each pane is a tab panel and only the selected one shows. */
  #paneAttrs(pane: WorkspacePane): { hidden: boolean; role: string | typeof nothing; labelledby: string | typeof nothing } {
    return { hidden: this.narrow && this.pane !== pane, role: this.narrow ? 'tabpanel' : nothing, labelledby: this.narrow ? `tab-${pane}` : nothing }
  }

  /** The agent was asked for a WebContainer it could not run (not isolated, the boot failed or timed out): why, and what runs instead. */
  #webContainerNotice(s: WorkspaceStrings): TemplateResult | typeof nothing {
    const notice = this.binding.link?.provider().notice
    return notice ? html`<p part="status" class="connection" role="status">${s.webContainerNotUsed} ${notice}</p>` : nothing
  }

  override render(): TemplateResult {
    const s = workspaceStrings(this.lang)
    const width = () => this.getBoundingClientRect().width
    const centre = () => this.renderRoot.querySelector<HTMLElement>('.centre')?.getBoundingClientRect().height ?? 400
    const treeSpec: ResizeSpec = { start: () => this.treeWidth, min: 140, max: () => width() / 2, direction: 1, vertical: false, set: (v) => { this.treeWidth = v } }
    const agentSpec: ResizeSpec = { start: () => this.agentWidth, min: 260, max: () => width() / 2, direction: -1, vertical: false, set: (v) => { this.agentWidth = v } }
    const splitSpec: ResizeSpec = { start: () => (this.editorShare * centre()) / 100, min: 80, max: () => centre() - 80, direction: 1, vertical: true, set: (v) => { this.editorShare = Math.round((v / centre()) * 100) } }
    const grid: Record<string, string> = this.narrow ? {} : { 'grid-template-columns': `${this.treeWidth}px 6px minmax(0, 1fr) 6px ${this.agentWidth}px` }
    const rows: Record<string, string> = this.narrow ? {} : { 'grid-template-rows': `${this.editorShare}fr 6px ${100 - this.editorShare}fr` }
    const files = this.#paneAttrs('files')
    const editor = this.#paneAttrs('editor')
    const agent = this.#paneAttrs('agent')
    const bottomShown = this.narrow ? this.pane === 'terminal' || this.pane === 'preview' : true
    const html5 = this.activePath?.toLowerCase().match(/\.html?$/)
    return html`<div part="base" class="base ${this.narrow ? 'narrow' : 'wide'}" role="region" aria-label=${s.workspace} lang=${this.lang}>
      ${this.narrow ? this.#renderTabs(s) : nothing}
      ${this.binding.state !== 'ready' ? html`<p part="status" class="connection" role="status">${this.binding.state === 'unbound' ? s.notBound : s.connecting}</p>` : nothing}
      ${this.#webContainerNotice(s)}
      <div class="panes" ${cssProps(grid)}>
      <section part="files-pane" class="files" id="pane-files" data-pane="files" tabindex="-1" aria-label=${s.files} ?hidden=${files.hidden} role=${files.role} aria-labelledby=${files.labelledby}>
        <dsh-file-tree exportparts="file-tree, tree-item, tree-button, tree-confirm, tree-status" lang=${this.lang} .link=${this.binding.link}
          @dsh-workspace-open=${(e: CustomEvent<{ path: string }>) => this.openFile(e.detail.path)}></dsh-file-tree>
      </section>
      ${this.narrow ? nothing : this.#resizer(`${s.resize}: ${s.files}`, treeSpec, this.treeWidth)}
      <div class="centre" ${cssProps(rows)} ?hidden=${this.narrow && this.pane !== 'editor' && !bottomShown}>
        <section part="editor-pane" class="editor" id="pane-editor" data-pane="editor" tabindex="-1" aria-label=${s.editor} ?hidden=${editor.hidden} role=${editor.role} aria-labelledby=${editor.labelledby}>
          <dsh-editor-pane exportparts="editor, editor-tab, editor-notice, editor-conflict, editor-status, save-button" lang=${this.lang} .link=${this.binding.link}
            @dsh-workspace-active=${(e: CustomEvent<{ path: string }>) => { this.activePath = e.detail.path }}></dsh-editor-pane>
        </section>
        ${this.narrow ? nothing : this.#resizer(`${s.resize}: ${s.editor}`, splitSpec, this.editorShare)}
        <section part="bottom-pane" class="bottom" aria-label=${this.bottom === 'terminal' ? s.terminal : s.preview} ?hidden=${!bottomShown}
          id=${this.narrow ? `pane-${this.pane}` : 'pane-bottom'} role=${this.narrow ? 'tabpanel' : nothing} aria-labelledby=${this.narrow ? `tab-${this.pane}` : nothing}>
          ${this.narrow ? nothing : html`<div class="bottom-tabs"><div role="tablist" aria-label=${`${s.terminal} / ${s.preview}`}>
            <button type="button" role="tab" aria-selected=${String(this.bottom === 'terminal')} @click=${() => this.show('terminal')}>${s.terminal}</button>
            <button type="button" role="tab" aria-selected=${String(this.bottom === 'preview')} @click=${() => this.show('preview')}>${s.preview}</button>
          </div>${html5 ? html`<button type="button" class="preview-file" @click=${this.#previewActive}>${s.previewFile}</button>` : nothing}</div>`}
          ${this.narrow && this.pane === 'preview' && html5 ? html`<button type="button" class="preview-file" @click=${this.#previewActive}>${s.previewFile}</button>` : nothing}
          <dsh-terminal-pane data-pane="terminal" exportparts="terminal" lang=${this.lang} ?hidden=${(this.narrow ? this.pane : this.bottom) !== 'terminal'} .link=${this.binding.link}></dsh-terminal-pane>
          <dsh-preview-pane data-pane="preview" exportparts="preview, preview-frame, preview-reload" lang=${this.lang} ?hidden=${(this.narrow ? this.pane : this.bottom) !== 'preview'} .link=${this.binding.link}></dsh-preview-pane>
        </section>
      </div>
      ${this.narrow ? nothing : this.#resizer(`${s.resize}: ${s.agent}`, agentSpec, this.agentWidth)}
      <section part="agent-pane" class="agent" id="pane-agent" aria-label=${s.agent} ?hidden=${agent.hidden} role=${agent.role} aria-labelledby=${agent.labelledby}><slot name="agent"></slot></section>
      </div>
      <details part="shortcuts" class="shortcuts"><summary>${s.shortcuts}</summary><p>${s.shortcutList}</p></details>
    </div>`
  }
}
