/**
 * `<dsh-editor-pane>`: open files as tabs over one CodeMirror view (loaded on the first open), a
 * dirty marker per tab, save (button or Ctrl/⌘+S) guarded by the version the text was edited from.
 * When the agent writes an open file, a clean tab takes the new text with the changed lines
 * highlighted; a tab with unsaved edits keeps them and shows a conflict prompt (keep mine / take
 * theirs) — neither side's text is dropped without the person choosing. Binary and too-large
 * files open as a notice. Plane: main.
 * @module components/dsh-workspace/dsh-editor-pane
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { EditorView } from '@codemirror/view'
import type { WorkspaceChange, WorkspaceFile } from '../../src/protocol/messages.ts'
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'
import { workspaceStrings } from '../i18n/workspace-strings.ts'
import { changedLineSpan } from './line-diff.ts'
import { incoming, type OpenFile } from './open-file.ts'
import { baseName } from './tree-model.ts'
import { editorStyles } from './dsh-editor-pane.styles.ts'

type Cm = typeof import('./codemirror-setup.ts')

export class DshEditorPane extends LitElement {
  static override styles = editorStyles

  @property({ attribute: false }) link: WorkspaceLink | undefined
  @property() override lang = 'en'
  @state() private files: OpenFile[] = []
  @state() private active: string | undefined
  @state() private message = ''
  #cm: Cm | undefined
  #view: EditorView | undefined

  /** The open tabs' paths (what the preview and tests read). */
  get openPaths(): string[] {
    return this.files.map((f) => f.path)
  }

  get activePath(): string | undefined {
    return this.active
  }

  /** The text in the editor for the active file. */
  get text(): string | undefined {
    return this.#view?.state.doc.toString()
  }

  async open(path: string): Promise<void> {
    if (!this.files.some((f) => f.path === path)) {
      const file = await this.#read(path)
      if (!file) return
      this.files = [...this.files, file]
    }
    await this.#activate(path)
  }

  async #read(path: string): Promise<OpenFile | undefined> {
    let read: WorkspaceFile
    try {
      read = await this.link!.request({ kind: 'workspace.read', path })
    } catch (error) {
      this.message = (error as Error).message
      return undefined
    }
    if (read.kind !== 'text') return { path: read.path, kind: read.kind, size: read.size, cap: read.cap, version: null, savedText: '', dirty: false, changedByAgent: false }
    const cm = await this.#loadEditor()
    const file: OpenFile = { path: read.path, kind: 'text', size: read.size, version: read.version, savedText: read.text, dirty: false, changedByAgent: false }
    file.state = this.#newState(cm, file, read.text)
    return file
  }

  #newState(cm: Cm, file: OpenFile, text: string) {
    const s = workspaceStrings(this.lang)
    return cm.EditorState.create({ doc: text, extensions: cm.editorExtensions(file.path, () => this.#edited(file), () => void this.save(), `${s.editor}: ${file.path}`) })
  }

  async #loadEditor(): Promise<Cm> {
    this.#cm ??= await import('./codemirror-setup.ts')
    return this.#cm
  }

  async #activate(path: string): Promise<void> {
    const current = this.#file(this.active)
    if (current && this.#view && current.kind === 'text') current.state = this.#view.state
    this.active = path
    this.dispatchEvent(new CustomEvent('dsh-workspace-active', { detail: { path }, bubbles: true, composed: true }))
    await this.updateComplete
    const file = this.#file(path)
    if (!file || file.kind !== 'text' || !file.state) return
    const cm = await this.#loadEditor()
    const parent = this.renderRoot.querySelector<HTMLElement>('.cm-host')!
    if (!this.#view) {
      this.#view = new cm.EditorView({ state: file.state, parent, root: this.renderRoot as ShadowRoot })
      this.#view.scrollDOM.tabIndex = 0 // a long file scrolls: the scroller is reachable by keyboard too
    } else this.#view.setState(file.state)
    this.#view.focus()
  }

  #file(path: string | undefined): OpenFile | undefined {
    return path === undefined ? undefined : this.files.find((f) => f.path === path)
  }

  #edited(file: OpenFile): void {
    const dirty = this.#view?.state.doc.length !== file.savedText.length || this.#view.state.doc.toString() !== file.savedText
    if (dirty === file.dirty && !file.changedByAgent) return
    file.dirty = dirty
    file.changedByAgent = false
    this.requestUpdate()
  }

  /** Saves the active file over the version it was edited from; a newer version becomes a conflict, nothing is overwritten. */
  async save(): Promise<void> {
    const file = this.#file(this.active)
    if (!file || file.kind !== 'text' || !this.#view || !this.link) return
    await this.#write(file, this.#view.state.doc.toString(), file.version)
  }

  async #write(file: OpenFile, text: string, baseVersion: string | null): Promise<void> {
    const s = workspaceStrings(this.lang)
    try {
      const { version } = await this.link!.request({ kind: 'workspace.write', path: file.path, text, baseVersion })
      Object.assign(file, { version, savedText: text, dirty: this.#textOf(file) !== text, conflict: undefined })
      this.message = `${s.saved}: ${file.path}`
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== 'FS_STALE_VERSION' && code !== 'FS_NOT_OBSERVED') {
        this.message = (error as Error).message
      } else {
        this.message = s.staleSave
        await this.#conflictFromWorkspace(file)
      }
    }
    this.requestUpdate()
  }

  /** The workspace's text differs from the editor's: a conflict — unless it is the same text (e.g. our own save arriving first). */
  async #conflictFromWorkspace(file: OpenFile): Promise<void> {
    const theirs = await this.link!.request({ kind: 'workspace.read', path: file.path }).catch(() => undefined)
    if (theirs?.kind === 'text' && theirs.text === this.#textOf(file)) {
      Object.assign(file, { version: theirs.version, savedText: theirs.text, dirty: false, conflict: undefined })
      return
    }
    file.conflict = theirs?.kind === 'text' ? { kind: 'changed', text: theirs.text, version: theirs.version } : { kind: 'deleted' }
    if (file.conflict.kind === 'deleted') file.version = null
  }

  /** The worker's changes: open files follow writes, renames and deletions. */
  async apply(changes: readonly WorkspaceChange[]): Promise<void> {
    for (const change of changes) {
      const file = this.#file(change.path)
      if (!file) continue
      if (change.kind === 'rename') {
        file.path = change.to
        if (this.active === change.path) this.active = change.to
      } else if (change.kind === 'rm') {
        file.version = null
        if (file.dirty) file.conflict = { kind: 'deleted' }
        else this.#close(file.path)
      } else if (change.kind === 'write' && file.kind === 'text') {
        const action = incoming(file, change.version)
        if (action === 'replace') await this.#takeIn(file)
        else if (action === 'conflict') await this.#conflictFromWorkspace(file)
      }
    }
    this.requestUpdate()
  }

  /** Replaces a clean file's text with the workspace's, highlighting the changed lines. */
  async #takeIn(file: OpenFile): Promise<void> {
    const theirs = await this.link!.request({ kind: 'workspace.read', path: file.path }).catch(() => undefined)
    if (!theirs || theirs.kind !== 'text' || theirs.version === file.version) return
    if (file.dirty) {
      file.conflict = { kind: 'changed', text: theirs.text, version: theirs.version }
      return
    }
    this.#replaceText(file, theirs.text, theirs.version)
  }

  #replaceText(file: OpenFile, text: string, version: string): void {
    const cm = this.#cm!
    const span = changedLineSpan(file.savedText, text)
    const effects = span ? [cm.markChanged.of(span)] : []
    const shown = this.active === file.path && this.#view
    const state = shown ? this.#view!.state : file.state!
    const transaction = state.update({ changes: { from: 0, to: state.doc.length, insert: text }, effects, annotations: cm.Transaction.remote.of(true) })
    if (shown) this.#view!.dispatch(transaction)
    else file.state = transaction.state
    Object.assign(file, { version, savedText: text, dirty: false, conflict: undefined, changedByAgent: span !== undefined })
  }

  async #keepMine(file: OpenFile): Promise<void> {
    const conflict = file.conflict
    await this.#write(file, this.#textOf(file), conflict?.kind === 'changed' ? conflict.version : null)
  }

  #textOf(file: OpenFile): string {
    return (this.active === file.path && this.#view ? this.#view.state : file.state)?.doc.toString() ?? ''
  }

  #takeTheirs(file: OpenFile): void {
    if (file.conflict?.kind !== 'changed') return
    this.#replaceText(file, file.conflict.text, file.conflict.version)
    this.requestUpdate()
  }

  #close(path: string): void {
    const index = this.files.findIndex((f) => f.path === path)
    this.files = this.files.filter((f) => f.path !== path)
    if (this.active !== path) return
    const next = this.files[Math.min(index, this.files.length - 1)]
    this.active = undefined
    if (next) void this.#activate(next.path)
  }

  #renderTab(file: OpenFile): TemplateResult {
    const s = workspaceStrings(this.lang)
    const selected = file.path === this.active
    return html`<li class="tab ${selected ? 'active' : ''}" part="editor-tab">
      <button type="button" class="name" aria-current=${selected ? 'true' : 'false'} title=${file.path} @click=${() => this.#activate(file.path)}>
        ${baseName(file.path)}${file.dirty ? html`<span class="dirty" role="img" aria-label=${s.unsaved} title=${s.unsaved}> ●</span>` : nothing}
      </button><button type="button" class="close" aria-label=${`${s.closeTab} ${file.path}`} @click=${() => this.#close(file.path)}>✕</button></li>`
  }

  #renderBanner(file: OpenFile): TemplateResult | typeof nothing {
    const s = workspaceStrings(this.lang)
    if (file.kind !== 'text') {
      return html`<p part="editor-notice" class="notice" role="status"><code>${file.path}</code> ${file.kind === 'binary' ? s.binary : s.tooLarge}
        (${file.size} ${s.bytes}${file.kind === 'too-large' ? `, ${s.limit} ${file.cap}` : ''})</p>`
    }
    if (file.conflict) {
      return html`<div part="editor-conflict" class="conflict" role="alert">
        <span>${file.conflict.kind === 'deleted' ? s.deletedByAgent : s.conflict}</span>
        ${file.conflict.kind === 'changed' ? html`<details><summary>${s.showTheirs}</summary><pre>${file.conflict.text}</pre></details>` : nothing}
        <button type="button" @click=${() => this.#keepMine(file)}>${s.keepMine}</button>
        ${file.conflict.kind === 'changed' ? html`<button type="button" @click=${() => this.#takeTheirs(file)}>${s.takeTheirs}</button>` : nothing}
      </div>`
    }
    return file.changedByAgent ? html`<p class="changed" role="status">${s.changedByAgent}</p>` : nothing
  }

  override render(): TemplateResult {
    const s = workspaceStrings(this.lang)
    const file = this.#file(this.active)
    return html`<div part="editor" class="pane">
      <div class="bar">
        <ul aria-label=${s.openFiles} class="tabs">${this.files.map((f) => this.#renderTab(f))}</ul>
        <button type="button" part="save-button" class="save" ?disabled=${!file || file.kind !== 'text'} @click=${() => this.save()}>${s.save}</button>
      </div>
      ${file ? this.#renderBanner(file) : html`<p class="empty">${s.noFile}</p>`}
      <div class="cm-host" ?hidden=${!file || file.kind !== 'text'}></div>
      <p part="editor-status" class="status" role="status">${this.message}</p>
    </div>`
  }
}
