/**
 * `<dsh-file-tree>`: the workspace's files, folder by folder (one listing page at a time, "Show
 * more" past the worker's cap), kept live by `apply(changes)`; create, rename and delete with an
 * inline confirmation; text files dropped from the desktop are added (binary refused, named);
 * download one file or the whole workspace as a zip. Plane: main.
 * Contract: opening a file fires `dsh-workspace-open {path}`; every failure shows in the tree's
 * status line (role=status), nothing is lost silently.
 * @module components/dsh-workspace/dsh-file-tree
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { cssProps } from '../theme/css-props.ts'
import type { WorkspaceChange } from '../../src/protocol/messages.ts'
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'
import { workspaceStrings } from '../i18n/workspace-strings.ts'
import { baseName, parentOf, TreeModel, type TreeRow } from './tree-model.ts'
import { DROP_CAP, decodeText } from './text-files.ts'
import { saveAs, zipWorkspace } from './zip-download.ts'
import { treeStyles } from './dsh-file-tree.styles.ts'

/** Indentation through the CSSOM, never a `style` attribute (the README's strict CSP forbids those). */
const depth = (level: number) => cssProps({ '--depth': String(level) })

type Pending = { kind: 'new-file' | 'new-folder' | 'rename'; value: string } | { kind: 'delete'; path: string }

export class DshFileTree extends LitElement {
  static override styles = treeStyles

  @property({ attribute: false }) link: WorkspaceLink | undefined
  @property() override lang = 'en'
  @state() private selected = ''
  @state() private pending: Pending | undefined
  @state() private message = ''
  @state() private dragging = false
  readonly model = new TreeModel()

  /** Lists the root afresh (a new worker, a new binding). */
  async reload(): Promise<void> {
    this.model.dirs.clear()
    await this.#load('', 0)
  }

  /** Applies the worker's changes in place; a change in a folder never opened costs nothing. */
  apply(changes: readonly WorkspaceChange[]): void {
    let shown = false
    for (const change of changes) shown = this.model.apply(change) || shown
    if (shown) this.requestUpdate()
  }

  async #load(path: string, offset: number): Promise<void> {
    if (!this.link) return
    try {
      this.model.addPage(await this.link.request({ kind: 'workspace.list', path, offset }))
    } catch (error) {
      this.message = (error as Error).message
    }
    this.requestUpdate()
  }

  async #toggle(row: TreeRow): Promise<void> {
    const { path } = row.entry
    this.selected = path
    if (row.entry.type !== 'directory') {
      this.dispatchEvent(new CustomEvent('dsh-workspace-open', { detail: { path }, bubbles: true, composed: true }))
      return
    }
    if (this.model.open.delete(path)) return this.requestUpdate()
    this.model.open.add(path)
    if (!this.model.dirs.has(path)) await this.#load(path, 0)
    this.requestUpdate()
  }

  /** Runs one workspace operation; its failure becomes the status line. */
  async #run(done: string, operation: () => Promise<unknown>): Promise<void> {
    try {
      await operation()
      this.message = done
    } catch (error) {
      this.message = (error as Error).message
    }
  }

  async #submit(event: Event): Promise<void> {
    event.preventDefault()
    const pending = this.pending
    this.pending = undefined
    if (!pending || !this.link) return
    const link = this.link
    const s = workspaceStrings(this.lang)
    if (pending.kind === 'delete') return this.#run(`${s.delete}: ${pending.path}`, () => link.request({ kind: 'workspace.delete', path: pending.path }))
    const name = pending.value.trim().replace(/^\/+/, '')
    if (!name) return
    if (pending.kind === 'rename') return this.#run(`${s.rename}: ${name}`, () => link.request({ kind: 'workspace.rename', from: this.selected, to: name }))
    if (pending.kind === 'new-folder') return this.#run(`${s.create}: ${name}`, () => link.request({ kind: 'workspace.mkdir', path: name }))
    await this.#run(`${s.create}: ${name}`, () => link.request({ kind: 'workspace.write', path: name, text: '', baseVersion: null }))
    this.dispatchEvent(new CustomEvent('dsh-workspace-open', { detail: { path: name }, bubbles: true, composed: true }))
  }

  /** The folder new files go into: the selected folder, or the selected file's folder. */
  #targetDir(): string {
    const selected = this.model.dirs.get(parentOf(this.selected))?.entries.find((e) => e.path === this.selected)
    return selected?.type === 'directory' ? selected.path : selected ? parentOf(selected.path) : ''
  }

  #startNew(kind: 'new-file' | 'new-folder'): void {
    const dir = this.#targetDir()
    this.pending = { kind, value: dir ? `${dir}/` : '' }
  }

  async #drop(event: DragEvent): Promise<void> {
    event.preventDefault()
    this.dragging = false
    const files = [...(event.dataTransfer?.files ?? [])]
    const s = workspaceStrings(this.lang)
    const report: string[] = []
    const dir = this.#targetDir()
    for (const file of files) {
      const path = dir ? `${dir}/${file.name}` : file.name
      const text = file.size <= DROP_CAP ? decodeText(new Uint8Array(await file.arrayBuffer())) : undefined
      if (text === undefined) {
        report.push(`${file.name} ${s.dropBinary}`)
        continue
      }
      try {
        await this.link?.request({ kind: 'workspace.write', path, text, baseVersion: null })
        report.push(`${s.dropAdded}: ${path}`)
      } catch (error) {
        report.push((error as { code?: string }).code === 'FS_NOT_OBSERVED' ? `${path} ${s.dropExists}` : `${path}: ${(error as Error).message}`)
      }
    }
    this.message = report.join(' · ')
  }

  async #download(): Promise<void> {
    if (!this.link || !this.selected) return
    const link = this.link
    const path = this.selected
    await this.#run(`${workspaceStrings(this.lang).download}: ${path}`, async () => {
      const file = await link.request({ kind: 'workspace.read', path })
      if (file.kind !== 'text') throw new Error(`${path}: ${file.kind} (${file.size} bytes)`)
      saveAs(baseName(path), file.text, 'text/plain;charset=utf-8')
    })
  }

  async #downloadZip(): Promise<void> {
    if (!this.link) return
    const link = this.link
    await this.#run(workspaceStrings(this.lang).downloadZip, async () => saveAs('workspace.zip', (await zipWorkspace(link)) as Uint8Array<ArrayBuffer>, 'application/zip'))
  }

  #onKeydown(event: KeyboardEvent, rows: TreeRow[]): void {
    const index = rows.findIndex((r) => r.entry.path === this.selected)
    const move = (to: number) => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, to))]
      if (!row) return
      this.selected = row.entry.path
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-selected="true"]')?.focus())
    }
    const row = rows[index]
    if (event.key === 'ArrowDown') move(index + 1)
    else if (event.key === 'ArrowUp') move(index - 1)
    else if (event.key === 'Enter' && row) void this.#toggle(row)
    else if (event.key === 'F2' && row) this.pending = { kind: 'rename', value: row.entry.path }
    else if (event.key === 'Delete' && row) this.pending = { kind: 'delete', path: row.entry.path }
    else return
    event.preventDefault()
  }

  #renderRow(row: TreeRow): TemplateResult {
    const { entry } = row
    const dir = this.model.dirs.get(entry.path)
    const more = row.open && dir?.next !== undefined
    const s = workspaceStrings(this.lang)
    return html`<li role="treeitem" part="tree-item" tabindex=${entry.path === this.selected || (!this.selected && row.depth === 0) ? 0 : -1}
        aria-selected=${entry.path === this.selected ? 'true' : 'false'} aria-expanded=${entry.type === 'directory' ? String(row.open) : nothing}
        aria-level=${row.depth + 1} data-type=${entry.type} ${depth(row.depth)} @click=${() => this.#toggle(row)}>${entry.name}</li>
      ${more ? html`<li role="none" ${depth(row.depth + 1)}><button type="button" class="more" @click=${() => this.#load(entry.path, dir.next!)}>${s.showMore} (${dir.entries.length} ${s.of} ${dir.total})</button></li>` : nothing}`
  }

  #renderPending(): TemplateResult | typeof nothing {
    const pending = this.pending
    if (!pending) return nothing
    const s = workspaceStrings(this.lang)
    const cancel = html`<button type="button" @click=${() => { this.pending = undefined }}>${s.cancel}</button>`
    if (pending.kind === 'delete') {
      return html`<form part="tree-confirm" class="pending" role="alertdialog" aria-label=${s.delete} @submit=${this.#submit}>
        <span>${s.confirmDelete} <code>${pending.path}</code> ${s.confirmDeleteTail}</span>
        <button type="submit" class="danger">${s.delete}</button>${cancel}</form>`
    }
    const label = pending.kind === 'rename' ? s.rename : pending.kind === 'new-folder' ? s.newFolder : s.newFile
    return html`<form part="tree-confirm" class="pending" aria-label=${label} @submit=${this.#submit}>
      <label>${label} <input name="name" aria-label=${s.namePrompt} .value=${pending.value} autofocus
        @input=${(e: Event) => { pending.value = (e.target as HTMLInputElement).value }}
        @keydown=${(e: KeyboardEvent) => { if (e.key === 'Escape') this.pending = undefined }}></label>
      <button type="submit">${pending.kind === 'rename' ? s.rename : s.create}</button>${cancel}</form>`
  }

  override updated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('.pending input[name="name"]:not([data-focused])')?.focus()
    this.renderRoot.querySelector('.pending input[name="name"]')?.setAttribute('data-focused', '')
  }

  override render(): TemplateResult {
    const s = workspaceStrings(this.lang)
    const rows = this.model.rows()
    const hasSelection = this.selected !== ''
    const root = this.model.dirs.get('')
    return html`<div part="file-tree" class="tree ${this.dragging ? 'dragging' : ''}"
        @dragover=${(e: DragEvent) => { e.preventDefault(); this.dragging = true }} @dragleave=${() => { this.dragging = false }} @drop=${this.#drop}>
      <div class="toolbar" role="toolbar" aria-label=${s.files}>
        <button type="button" part="tree-button" @click=${() => this.#startNew('new-file')}>${s.newFile}</button>
        <button type="button" part="tree-button" @click=${() => this.#startNew('new-folder')}>${s.newFolder}</button>
        <button type="button" part="tree-button" ?disabled=${!hasSelection} @click=${() => { this.pending = { kind: 'rename', value: this.selected } }}>${s.rename}</button>
        <button type="button" part="tree-button" ?disabled=${!hasSelection} @click=${() => { this.pending = { kind: 'delete', path: this.selected } }}>${s.delete}</button>
        <button type="button" part="tree-button" ?disabled=${!hasSelection} @click=${this.#download}>${s.download}</button>
        <button type="button" part="tree-button" @click=${this.#downloadZip}>${s.downloadZip}</button>
      </div>
      ${this.#renderPending()}
      <ul role="tree" aria-label=${s.files} @keydown=${(e: KeyboardEvent) => this.#onKeydown(e, rows)}>${rows.map((row) => this.#renderRow(row))}
        ${root?.next !== undefined ? html`<li role="none"><button type="button" class="more" @click=${() => this.#load('', root.next!)}>${s.showMore} (${root.entries.length} ${s.of} ${root.total})</button></li>` : nothing}
      </ul>
      ${root && rows.length === 0 ? html`<p class="hint">${s.empty}</p>` : nothing}
      <p class="hint">${s.dropHint}</p>
      <p part="tree-status" class="status" role="status">${this.message}</p>
    </div>`
  }
}
