/**
 * ReactiveController over `AgentClient`: owns the worker connection, `call`/`request`/`listen`, the
 * open session's identity and status, the turn commands and the error notices; the features
 * (transcript, approvals, sessions, settings) join as `AgentFeature`s and fold the notices they own.
 * One host update per delivery. Plane: main; no agent logic. Contract: failures become `dsh-error`
 * events and error notices, never throws. Move-safe: a host put back within the same task keeps its worker.
 * @module components/controllers/agent-controller
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { AgentClient, HostCommandError, preloadHint } from '../../src/protocol/index.ts'
import type { NoticeListener, CommandKind, CommandOf, CommandResultMap, HostNotice, RuntimeSettings, SessionId } from '../../src/protocol/index.ts'
import { emit } from '../events/index.ts'
import type { ErrorNotice, FailedAction } from '../dsh-agent/error-notices.ts'

export type AgentHost = ReactiveControllerHost & HTMLElement

/** What the host does when it first connects (start the worker) and when it is really gone (release what it holds). */
export interface AgentLifecycle { boot(): void; teardown(): void }

/** A feature controller joined to the connection: folds the notices it owns, takes what the runtime's configuration returned. */
export interface AgentFeature {
  notice?(notice: HostNotice): void
  configured?(result: CommandResultMap['host.configure'], settings: RuntimeSettings): void
}

export class AgentController implements ReactiveController {
  status: 'starting' | 'idle' | 'running' | 'failed' = 'starting'
  /** The open session (set by the sessions controller's `open`); undefined while none is, or while a stored one is being opened. */
  sessionId: SessionId | undefined
  /** Another tab or instance writes the open session: it is followed here, and `takeOver` makes this one the writer. */
  readOnly = false
  /** Errors shown in the widget until dismissed (each also went out as `dsh-error`). */
  notices: ErrorNotice[] = []
  #client: AgentClient | undefined
  #stopNotices: (() => void) | undefined
  #nextNotice = 1
  #booted = false
  readonly #features: AgentFeature[] = []
  /** Notice listeners outside the widget (`<dsh-workspace>`), each with its stop on the current client; kept across restarts. */
  readonly #outside = new Map<NoticeListener, () => void>()
  #teardown: ReturnType<typeof setTimeout> | undefined

  constructor(readonly host: AgentHost, private readonly lifecycle: AgentLifecycle) {
    host.addController(this)
  }

  /** Joins a feature: it sees every notice after this controller, in the order features joined. */
  join(feature: AgentFeature): void {
    this.#features.push(feature)
  }

  /** First connection boots; a reconnection before the deferred teardown ran (a move) cancels it. */
  hostConnected(): void {
    if (this.#teardown !== undefined) {
      clearTimeout(this.#teardown)
      this.#teardown = undefined
    }
    if (this.#booted) return
    this.#booted = true
    this.lifecycle.boot()
  }

  /** Tears down at the end of the task, unless the host is connected again before (a DOM move). */
  hostDisconnected(): void {
    this.#teardown = setTimeout(() => {
      this.#teardown = undefined
      this.#booted = false
      this.stop()
      this.lifecycle.teardown()
    }, 0)
  }

  /**
   * Starts the worker and configures the runtime; the features take the configuration's answer.
   * The worker starts at once; `settings` may still be resolving (the configuration waits for them).
   * Settings that reject stop the worker and are not reported here: the caller that resolved them reports it.
   * @param ports the worker's ends of the page's WebContainer bridge and page-tools channel, attached before configuring.
   * @returns whether the runtime is configured (a failure was reported, and the status is `failed`).
   */
  async connect(createWorker: () => Worker, settings: RuntimeSettings | Promise<RuntimeSettings>, ports: { webContainer?: MessagePort; pageTools?: MessagePort } = {}): Promise<boolean> {
    this.stop()
    const resolving = Promise.resolve(settings).then((value) => ({ value }), () => undefined)
    try {
      const worker = createWorker()
      // While the worker's host module loads, its entry starts importing the modules these settings pick.
      void resolving.then((resolved) => resolved && worker.postMessage(preloadHint(resolved.value)))
      const client = await AgentClient.connect(worker, { onInvalidNotice: (e) => this.fail('DSH_PROTOCOL_INVALID', e.message, 'host') })
      this.#client = client
      this.#stopNotices = client.onNotices((batch) => this.#onNotices(batch))
      for (const listener of this.#outside.keys()) this.#outside.set(listener, client.onNotices(listener))
      // Sent at once, not one after another: the worker runs them in arrival order (its lifecycle queue).
      const attached = Promise.all([
        ports.webContainer && client.call({ kind: 'webcontainer.attach', port: ports.webContainer }),
        ports.pageTools && client.call({ kind: 'pagetools.attach', port: ports.pageTools }),
      ])
      attached.catch(() => undefined) // awaited below, unless the settings stop the start first
      const resolved = (await resolving)?.value
      if (!resolved) {
        this.stop()
        return false
      }
      const [, configured] = await Promise.all([attached, client.call({ kind: 'host.configure', settings: resolved })])
      for (const feature of this.#features) feature.configured?.(configured, resolved)
      return true
    } catch (error) {
      this.status = 'failed'
      this.#report(error, 'start')
      return false
    }
  }

  stop(): void {
    this.#stopNotices?.()
    void this.#client?.dispose()
    this.#client = undefined
  }

  /** Sends a command; a failure is reported as `dsh-error` and resolves `undefined`. */
  async call<K extends CommandKind>(command: CommandOf<K>): Promise<CommandResultMap[K] | undefined> {
    if (!this.#client) return undefined
    try {
      return await this.#client.call(command)
    } catch (error) {
      this.#report(error, command.kind)
      return undefined
    }
  }

  /** Sends a command and throws its failure (`HostCommandError`): for callers that handle errors themselves. */
  async request<K extends CommandKind>(command: CommandOf<K>): Promise<CommandResultMap[K]> {
    if (!this.#client) throw new HostCommandError('DSH_NOT_READY', `${command.kind}: the agent's worker is not running`)
    return this.#client.call(command)
  }

  /** Adds a notice listener that stays across worker restarts; returns its removal. */
  listen(listener: NoticeListener): () => void {
    this.#outside.set(listener, this.#client?.onNotices(listener) ?? (() => undefined))
    return () => {
      this.#outside.get(listener)?.()
      this.#outside.delete(listener)
    }
  }

  /** Enter sends; while a turn runs the text steers it. */
  async submit(text: string): Promise<void> {
    if (!this.sessionId) return
    const kind = this.status === 'running' ? 'agent.steer' : 'agent.prompt'
    await this.call({ kind, sessionId: this.sessionId, text })
  }

  async cancel(): Promise<void> {
    if (this.sessionId) await this.call({ kind: 'agent.cancel', sessionId: this.sessionId, keepInbox: false })
  }

  /** Summarizes older history for the model now; the transcript keeps every message. */
  async compact(): Promise<void> {
    if (this.sessionId) await this.call({ kind: 'agent.compact', sessionId: this.sessionId })
  }

  /** Trims over-long tool results for the model now (no model call); the log keeps them whole. */
  async trim(): Promise<void> {
    if (this.sessionId) await this.call({ kind: 'agent.trim', sessionId: this.sessionId })
  }

  /** @returns the render the batch caused (the client counts it as this frame's work). */
  #onNotices(batch: readonly HostNotice[]): Promise<boolean> {
    for (const notice of batch) {
      this.#apply(notice)
      for (const feature of this.#features) feature.notice?.(notice)
    }
    this.host.requestUpdate()
    return this.host.updateComplete
  }

  #apply(notice: HostNotice): void {
    if (notice.kind === 'agent.status' && notice.sessionId === this.sessionId) this.status = notice.status
    if (notice.kind === 'host.error') this.fail(notice.code, notice.message, 'host')
    if (notice.kind === 'session.access' && notice.sessionId === this.sessionId) {
      this.readOnly = notice.readOnly // taken over elsewhere (the transcript shows the stored log again)
      this.status = 'idle'
    }
  }

  #report(error: unknown, action: FailedAction): void {
    const e = error as { code?: unknown; message?: unknown }
    this.fail(typeof e.code === 'string' ? e.code : 'DSH_UNEXPECTED', String(e.message ?? error), action)
  }

  /** Reports a failure: the `dsh-error` event for the page, and a notice in the widget until dismissed. */
  fail(code: string, message: string, action: FailedAction): void {
    this.notices = [...this.notices, { id: this.#nextNotice++, code, message, action }]
    this.host.requestUpdate()
    emit(this.host, 'dsh-error', { code, message })
  }

  dismissNotice(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id)
    this.host.requestUpdate()
  }
}
