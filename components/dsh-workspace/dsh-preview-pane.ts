/**
 * `<dsh-preview-pane>`: what the workspace serves. With a WebContainer, the URL of a server it
 * opened (`server-ready`) in an iframe; with the embedded workspace, an HTML file of the workspace
 * through a `blob:` URL. Either way the iframe is sandboxed without `allow-same-origin`: the
 * preview runs in an opaque origin and can reach neither this page, its IndexedDB / localStorage
 * (sessions, a remembered API key) nor the agent's worker. Plane: main.
 * @module components/dsh-workspace/dsh-preview-pane
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'
import { workspaceStrings } from '../i18n/workspace-strings.ts'
import { previewStyles } from './dsh-preview-pane.styles.ts'

/** Scripts and forms may run inside the preview; same-origin access never (the isolation rests on its absence). */
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-modals allow-popups'

export class DshPreviewPane extends LitElement {
  static override styles = previewStyles

  @property({ attribute: false }) link: WorkspaceLink | undefined
  @property() override lang = 'en'
  /** The workspace file previewed (embedded workspace). */
  @state() path: string | undefined
  /** A server the WebContainer opened. */
  @state() serverUrl: string | undefined
  @state() private url: string | undefined
  @state() private message = ''
  #stopServers: (() => void) | undefined
  #blobUrl: string | undefined

  /** Follows the WebContainer's servers (the latest one is shown). */
  watchServers(): void {
    this.#stopServers?.()
    this.#stopServers = this.link?.onServerReady((_port, url) => {
      this.serverUrl = url
      this.url = url
    })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#stopServers?.()
    this.#revoke()
  }

  /** Previews the workspace's HTML file `path` (read afresh on every reload). */
  async show(path: string): Promise<void> {
    this.path = path
    await this.reload()
  }

  async reload(): Promise<void> {
    if (this.serverUrl && !this.path) {
      this.url = undefined
      await this.updateComplete
      this.url = this.serverUrl
      return
    }
    if (!this.path || !this.link) return
    try {
      const file = await this.link.request({ kind: 'workspace.read', path: this.path })
      if (file.kind !== 'text') throw new Error(`${file.path}: ${file.kind}`)
      this.#revoke()
      this.#blobUrl = URL.createObjectURL(new Blob([file.text], { type: 'text/html;charset=utf-8' }))
      this.url = this.#blobUrl
      this.message = ''
    } catch (error) {
      this.message = (error as Error).message
    }
  }

  #revoke(): void {
    if (this.#blobUrl) URL.revokeObjectURL(this.#blobUrl)
    this.#blobUrl = undefined
  }

  override render(): TemplateResult {
    const s = workspaceStrings(this.lang)
    return html`<div part="preview" class="pane">
      <div class="bar">
        <span class="where">${this.path ?? this.serverUrl ?? ''}</span>
        <button type="button" part="preview-reload" ?disabled=${!this.url} @click=${() => this.reload()}>${s.reload}</button>
      </div>
      ${this.url
        ? html`<iframe part="preview-frame" title=${`${s.preview}: ${s.previewSandboxed}`} sandbox=${PREVIEW_SANDBOX} referrerpolicy="no-referrer" src=${this.url}></iframe>`
        : html`<p class="empty">${s.previewNone}</p>`}
      ${this.message ? html`<p class="status" role="status">${this.message}</p>` : nothing}
    </div>`
  }
}
