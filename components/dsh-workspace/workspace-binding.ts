/**
 * Binds `<dsh-workspace for="id">` to the `<dsh-agent id="id">` in the same document (or shadow
 * root): borrows its `workspaceLink()`, turns the worker's workspace notices on (`workspace.watch`)
 * and does it again after every worker (re)start (`dsh-ready`); an agent added after the workspace
 * is found by its first `dsh-ready`. Plane: main; it imports no part of
 * `<dsh-agent>` at run time (only types), so the workspace bundle stays apart from the agent's.
 * Contract: `state` is `unbound` (no such element), `connecting` or `ready`; listeners get every
 * notice batch of the agent's worker.
 * @module components/dsh-workspace/workspace-binding
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { HostNotice } from '../../src/protocol/messages.ts'
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'

type Host = ReactiveControllerHost & HTMLElement & { for: string }

/** What the worker told about the workspace when watching started. */
export interface WorkspaceInfo { root: string; streams: boolean }

interface AgentElement extends HTMLElement { workspaceLink(): WorkspaceLink }

const isAgent = (element: Element | null): element is AgentElement => typeof (element as Partial<AgentElement> | null)?.workspaceLink === 'function'

export class WorkspaceBinding implements ReactiveController {
  state: 'unbound' | 'connecting' | 'ready' = 'connecting'
  link: WorkspaceLink | undefined
  info: WorkspaceInfo | undefined
  #agent: AgentElement | undefined
  #stopListening: (() => void) | undefined
  /** Any agent's `dsh-ready` (it bubbles): ours restarted, or the agent named by `for` appeared late. */
  readonly #onReady = (event: Event) => {
    if (event.target === this.#agent) void this.#watch()
    else if ((event.target as Element | null)?.id === this.host.for && this.host.for) void this.bind()
  }

  constructor(private readonly host: Host, private readonly onNotices: (notices: readonly HostNotice[]) => void, private readonly onReady: () => void) {
    host.addController(this)
  }

  /** Our agent reported a failure (e.g. its WebContainer did not boot): the element redraws what the link now says. */
  readonly #onError = (event: Event) => {
    if (event.target === this.#agent) this.host.requestUpdate()
  }

  hostConnected(): void {
    document.addEventListener('dsh-ready', this.#onReady)
    document.addEventListener('dsh-error', this.#onError)
    void this.bind()
  }

  hostDisconnected(): void {
    document.removeEventListener('dsh-ready', this.#onReady)
    document.removeEventListener('dsh-error', this.#onError)
    this.#release()
  }

  /** (Re)binds to the element named by `for`; waits for `<dsh-agent>` to be defined when it is not yet. */
  async bind(): Promise<void> {
    this.#release()
    const id = this.host.for
    const root = this.host.getRootNode() as Document | ShadowRoot
    let element = id ? root.getElementById?.(id) ?? null : null
    if (element?.localName === 'dsh-agent' && !isAgent(element)) {
      await customElements.whenDefined('dsh-agent')
      element = root.getElementById(id)
    }
    if (!isAgent(element)) {
      this.state = 'unbound'
      this.host.requestUpdate()
      return
    }
    this.#agent = element
    this.link = element.workspaceLink()
    this.#stopListening = this.link.listen(this.onNotices)
    this.state = 'connecting'
    this.host.requestUpdate()
    await this.#watch()
  }

  /** Turns the worker's notices on; before the worker is up this fails quietly and `dsh-ready` retries. */
  async #watch(): Promise<void> {
    const link = this.link
    if (!link) return
    try {
      this.info = await link.request({ kind: 'workspace.watch', on: true })
    } catch {
      return // not started yet (DSH_NOT_READY / DSH_NOT_CONFIGURED): dsh-ready comes later
    }
    if (link !== this.link) return
    this.state = 'ready'
    this.host.requestUpdate()
    this.onReady()
  }

  #release(): void {
    if (this.info) void this.link?.request({ kind: 'workspace.watch', on: false }).catch(() => undefined)
    this.#stopListening?.()
    this.#stopListening = undefined
    this.#agent = undefined
    this.link = undefined
    this.info = undefined
  }
}
