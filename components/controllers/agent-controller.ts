/**
 * ReactiveController over `AgentClient`: owns the worker connection, the open session, the
 * folded transcript, approval questions, storage state and the session list; one host update per
 * delivery (the client coalesces deliveries per frame under load). Plane: main; no agent logic —
 * it only sends commands and folds notices. Contract: failures become `dsh-error` events and
 * error notices, never throws. Move-safe: a host removed and put back within the same task
 * (a DOM move) keeps its worker; only a host that stays removed is torn down.
 * @module components/controllers/agent-controller
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { AgentClient, HostCommandError, emptyTranscript, foldEvents, preloadHint, prependHistory } from '../../src/protocol/index.ts'
import type { NoticeListener, ApprovalQuestion, ApprovalRuleView, CommandKind, CommandOf, CommandResultMap, HostNotice, KeyState, McpTokenState, RuntimeSettings, SessionId, SessionSearchAnswer, SessionSummary, StorageState, TranscriptState, UserQuestionPrompt } from '../../src/protocol/index.ts'
import type { AskUserQuestionAnswer } from '../../src/user-questions/types.ts'
import type { SessionEvent } from '../../src/session/types.ts'
import { emit } from '../events/index.ts'
import type { ErrorNotice, FailedAction } from '../dsh-agent/error-notices.ts'
import { OpenRecovery } from './open-recovery.ts'

type Host = ReactiveControllerHost & HTMLElement

/** What the host does when it first connects (start the worker) and when it is really gone (release what it holds). */
export interface AgentLifecycle { boot(): void; teardown(): void }

export class AgentController implements ReactiveController {
  transcript: TranscriptState = emptyTranscript
  status: 'starting' | 'idle' | 'running' | 'failed' = 'starting'
  sessionId: SessionId | undefined
  /** Another tab or instance writes the open session: it is followed here, and `takeOver` makes this one the writer. */
  readOnly = false
  questions: ApprovalQuestion[] = []
  /** Pending `ask_user_question` prompts, oldest first (answered in the composer area). */
  userQuestions: UserQuestionPrompt[] = []
  /** Seq where the shown events start: older turns exist (`loadOlder`) while it is above 0. */
  historyFrom = 0
  /** A stored session is being opened: its last turns are shown (read ahead of the whole log); sending waits until it is open. */
  opening = false
  /** The next delivery starts the transcript again (it replaces the turns shown while opening). */
  #replaceOnNext = false
  #loadingOlder = false
  /** Counts subscriptions: an answer for an earlier one is dropped. */
  #generation = 0
  /** The open session's "Allow for this session" rules. */
  rules: ApprovalRuleView[] = []
  storage: StorageState | undefined
  sessions: SessionSummary[] = []
  keyState: KeyState = { hasKey: false, remembered: false }
  /** MCP server URLs that have a bearer token in the worker. */
  mcpTokens: McpTokenState[] = []
  /** Where the current runtime keeps sessions (switching from IndexedDB to memory opens a new session). */
  #storage: RuntimeSettings['storage'] | undefined
  /** Errors shown in the widget until dismissed (each also went out as `dsh-error`). */
  notices: ErrorNotice[] = []
  #client: AgentClient | undefined
  #liveSeq = Infinity
  #stopNotices: (() => void) | undefined
  #nextNotice = 1
  #booted = false
  /** Notice listeners outside the widget (`<dsh-workspace>`), each with its stop on the current client; kept across restarts. */
  readonly #outside = new Map<NoticeListener, () => void>()
  #teardown: ReturnType<typeof setTimeout> | undefined

  /** The boot's open: ready once, or the named `failed` state with a retry (never `starting` for good). */
  readonly recovery: OpenRecovery

  constructor(private readonly host: Host, private readonly lifecycle: AgentLifecycle) {
    host.addController(this)
    this.recovery = new OpenRecovery(host, this)
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
   * Starts the worker, configures the runtime and opens `sessionId` (or the latest, or a new one).
   * The worker starts at once; `settings` may still be resolving (the configuration waits for them).
   * Settings that reject stop the worker and are not reported here: the caller that resolved them reports it.
   * @param ports the worker's ends of the page's WebContainer bridge and page-tools channel, attached before configuring.
   */
  async start(createWorker: () => Worker, settings: RuntimeSettings | Promise<RuntimeSettings>, sessionId: string | undefined, ports: { webContainer?: MessagePort; pageTools?: MessagePort } = {}): Promise<void> {
    this.stop()
    this.recovery.starting()
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
      if (!resolved) return this.stop()
      const [, configured] = await Promise.all([attached, client.call({ kind: 'host.configure', settings: resolved })])
      this.keyState = configured.keyState
      this.#storage = resolved.storage
      this.mcpTokens = configured.mcpTokens
      await this.refreshSessions()
      const resume = sessionId ?? latest(this.sessions)?.id
      await this.recovery.open(resume as SessionId | undefined)
      await this.refreshSessions() // after ready (only the sessions panel needs it): now including a session the open just created
    } catch (error) {
      this.status = 'failed'
      this.#report(error, 'start')
    }
  }

  stop(): void {
    this.recovery.stop()
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

  /**
   * Opens `sessionId` (or a new session). Another stored session's last turns are asked for at the
   * same time and shown as soon as they come, while the worker still loads the whole log.
   */
  async open(sessionId: SessionId | undefined): Promise<void> {
    const previous = this.sessionId
    const opening = { done: false }
    if (sessionId !== undefined && sessionId !== previous) void this.#peek(sessionId, opening)
    const opened = await this.call({ kind: 'session.open', ...(sessionId ? { sessionId } : {}) })
    opening.done = true
    const peeked = this.opening
    this.opening = false
    if (!opened) {
      if (peeked) await this.#backTo(previous)
      return
    }
    if (previous && previous !== opened.sessionId) await this.call({ kind: 'session.unsubscribe', sessionId: previous })
    this.sessionId = opened.sessionId
    this.readOnly = opened.readOnly
    this.status = opened.status
    await Promise.all([this.#subscribeFromStart(opened.sessionId, peeked), this.refreshRules()])
  }

  /** Shows the stored last turns of `sessionId` unless its open finished first (the feed then shows them). */
  async #peek(sessionId: SessionId, opening: { readonly done: boolean }): Promise<void> {
    const tail = await this.#client?.call({ kind: 'session.peek', sessionId }).catch(() => null) // a failure is session.open's to report
    if (!tail || tail.events.length === 0 || opening.done) return
    ++this.#generation // an older page asked for the session shown before is dropped
    this.sessionId = undefined // the previous session's events no longer fold in; nothing is sent meanwhile
    this.opening = true
    this.transcript = foldEvents(emptyTranscript, tail.events)
    this.historyFrom = tail.fromSeq
    this.host.requestUpdate()
  }

  /** The open failed after its last turns were shown: the session shown before comes back. */
  async #backTo(previous: SessionId | undefined): Promise<void> {
    this.sessionId = previous
    this.transcript = emptyTranscript
    this.historyFrom = 0
    if (previous) await this.#subscribeFromStart(previous)
    this.host.requestUpdate()
  }

  /** Becomes the writer of the read-only session; the transcript simply continues. */
  async takeOver(): Promise<void> {
    if (!this.sessionId || !this.readOnly) return
    const taken = await this.call({ kind: 'session.takeOver', sessionId: this.sessionId })
    if (!taken) return
    this.readOnly = taken.readOnly
    this.status = taken.status
    this.host.requestUpdate()
  }

  /** Asks the worker to make everything appended so far durable (the page is being hidden or left). */
  async flush(): Promise<void> {
    await this.call({ kind: 'storage.flush' })
  }

  /**
   * The session's last turns first: older ones come with `loadOlder` (a long session paints its end at once).
   * @param keepShown the turns shown while opening stay until the feed's first delivery replaces them (no blank frame)
   */
  async #subscribeFromStart(sessionId: SessionId, keepShown = false): Promise<void> {
    if (keepShown) this.#replaceOnNext = true
    else {
      this.transcript = emptyTranscript
      this.historyFrom = 0
    }
    this.#liveSeq = Infinity
    const generation = ++this.#generation
    const sub = await this.call({ kind: 'session.subscribe', sessionId, fromSeq: 0, tail: true })
    if (sub && generation === this.#generation) {
      this.#liveSeq = sub.liveSeq
      this.historyFrom = sub.fromSeq
      if (this.#replaceOnNext && sub.liveSeq === sub.fromSeq) this.transcript = emptyTranscript // nothing to deliver
    }
    if (!sub) this.#replaceOnNext = false
    this.host.requestUpdate()
  }

  /** Loads the page of turns before the ones shown (the reader scrolled to the top); one page at a time. */
  async loadOlder(): Promise<void> {
    const sessionId = this.sessionId
    if (!sessionId || this.historyFrom === 0 || this.#loadingOlder) return
    this.#loadingOlder = true
    const generation = this.#generation
    try {
      const page = await this.call({ kind: 'session.history', sessionId, beforeSeq: this.historyFrom })
      if (!page || generation !== this.#generation) return // the transcript started again meanwhile (another session, a take-over)
      this.transcript = prependHistory(this.transcript, page.events)
      this.historyFrom = page.fromSeq
      this.host.requestUpdate()
    } finally {
      this.#loadingOlder = false
    }
  }

  /** Every event the open session held when it was subscribed has arrived in the transcript. */
  get caughtUp(): boolean {
    return this.transcript.lastSeq >= this.#liveSeq - 1
  }

  /** Full-text search across the stored sessions (in the worker); `''` only builds the index. */
  search(query: string): Promise<SessionSearchAnswer | undefined> {
    return this.call({ kind: 'session.search', query })
  }

  async refreshSessions(): Promise<void> {
    this.sessions = (await this.call({ kind: 'session.list' })) ?? this.sessions
    this.host.requestUpdate()
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

  /** @param remember with `allowed-once`: "Allow for this session" (the worker logs a session rule). */
  async answer(id: string, outcome: 'allowed-once' | 'rejected', remember = false): Promise<void> {
    this.questions = this.questions.filter((q) => q.id !== id)
    this.host.requestUpdate()
    await this.call({ kind: 'approval.answer', id: id as ApprovalQuestion['id'], outcome, ...(remember ? { remember } : {}) })
  }

  /** Reads the open session's allow rules again (after open, and when the log adds or revokes one). */
  async refreshRules(): Promise<void> {
    const sessionId = this.sessionId
    const rules = sessionId && !this.readOnly ? await this.call({ kind: 'approval.rules', sessionId }) : []
    if (sessionId !== this.sessionId) return // another session opened meanwhile
    this.rules = rules ?? []
    this.host.requestUpdate()
  }

  async answerQuestion(id: string, answer: AskUserQuestionAnswer): Promise<void> {
    this.userQuestions = this.userQuestions.filter((q) => q.id !== id)
    this.host.requestUpdate()
    await this.call({ kind: 'question.answer', id: id as UserQuestionPrompt['id'], answer })
  }

  async revokeRule(ruleId: string): Promise<void> {
    if (this.sessionId) await this.call({ kind: 'approval.revoke', sessionId: this.sessionId, ruleId })
    await this.refreshRules()
  }

  /** New settings: the worker restarts its runtime and the session is reopened (a memory runtime's sessions are carried over; one kept in IndexedDB is not in a new memory runtime: a new one opens). */
  async reconfigure(settings: RuntimeSettings): Promise<void> {
    const configured = await this.call({ kind: 'host.configure', settings })
    if (!configured) return
    this.keyState = configured.keyState
    this.mcpTokens = configured.mcpTokens
    const left = this.#storage === 'indexeddb' && settings.storage === 'memory'
    this.#storage = settings.storage
    await this.open(left ? undefined : this.sessionId)
  }

  async setKey(apiKey: string | null, remember: boolean): Promise<void> {
    const keyState = await this.call({ kind: 'provider.key', apiKey, remember })
    if (!keyState) return
    this.keyState = keyState
    await this.open(this.sessionId)
  }

  /** Sets or clears an MCP server's bearer token; the server reconnects with it and the session is reopened. */
  async setMcpToken(url: string, token: string | null, remember: boolean): Promise<void> {
    const tokens = await this.call({ kind: 'mcp.token', url, token, remember })
    if (!tokens) return
    this.mcpTokens = tokens
    await this.open(this.sessionId) // a memory runtime's sessions are carried across the restart
  }

  async deleteAll(): Promise<void> {
    if ((await this.call({ kind: 'data.delete-all' })) === undefined) return
    this.keyState = { hasKey: false, remembered: false }
    this.mcpTokens = []
    this.sessionId = undefined
    await this.open(undefined)
    await this.refreshSessions()
  }

  /** @returns the render the batch caused (the client counts it as this frame's work). */
  #onNotices(batch: readonly HostNotice[]): Promise<boolean> {
    for (const notice of batch) this.#apply(notice)
    this.host.requestUpdate()
    return this.host.updateComplete
  }

  #apply(notice: HostNotice): void {
    switch (notice.kind) {
      case 'session.events':
        if (notice.sessionId !== this.sessionId) return
        this.transcript = foldEvents(this.#replaceOnNext ? emptyTranscript : this.transcript, notice.events)
        this.#replaceOnNext = false
        for (const wire of notice.events) if (wire.event.seq >= this.#liveSeq) this.#announce(wire.event)
        if (notice.events.some((w) => w.event.type === 'approval/rule' || w.event.type === 'approval/rule-revoked')) void this.refreshRules()
        return
      case 'session.access':
        if (notice.sessionId !== this.sessionId) return
        // Taken over elsewhere: what was shown past the stored log is gone, so show the stored log again.
        this.readOnly = notice.readOnly
        this.status = 'idle'
        void this.#subscribeFromStart(notice.sessionId)
        return
      case 'agent.status': if (notice.sessionId === this.sessionId) this.status = notice.status; return
      case 'approval.requested': this.questions = [...this.questions, notice.question]; return
      case 'approval.withdrawn': this.questions = this.questions.filter((q) => q.id !== notice.id); return
      case 'question.requested': this.userQuestions = [...this.userQuestions, notice.prompt]; return
      case 'question.settled': this.userQuestions = this.userQuestions.filter((q) => q.id !== notice.id); return
      case 'storage.state': this.storage = notice.state; return
      case 'host.error': this.fail(notice.code, notice.message, 'host')
    }
  }

  #announce(event: SessionEvent): void {
    const sessionId = this.sessionId!
    if (event.type === 'turn/start') emit(this.host, 'dsh-turn-start', { sessionId, turn: event.data.turn })
    if (event.type === 'turn/end') {
      emit(this.host, 'dsh-turn-end', { sessionId, turn: event.data.turn, reason: event.data.reason.kind })
      void this.refreshSessions() // titles and event counts moved
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

function latest(sessions: readonly SessionSummary[]): SessionSummary | undefined {
  return sessions.reduce<SessionSummary | undefined>((best, s) => (!best || s.createdAt > best.createdAt ? s : best), undefined)
}
