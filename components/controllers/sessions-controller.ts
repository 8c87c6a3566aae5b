/**
 * The reader's sessions: the stored list, opening one (its last turns shown while it loads),
 * taking over one another tab writes, full-text search, deleting all data, the storage state and
 * the flush when the page is hidden. `start` boots the connection and opens `sessionId`, the
 * latest, or a new session, then announces `dsh-ready`. Plane: main. Contract: never throws.
 * @module components/controllers/sessions-controller
 */
import type { HostNotice, RuntimeSettings, SessionId, SessionSearchAnswer, SessionSummary, StorageState } from '../../src/protocol/index.ts'
import type { AgentController, AgentFeature } from './agent-controller.ts'
import type { ApprovalsController } from './approvals-controller.ts'
import type { TranscriptController } from './transcript-controller.ts'
import { OpenRecovery } from './open-recovery.ts'

export class SessionsController implements AgentFeature {
  list: SessionSummary[] = []
  storage: StorageState | undefined
  /** The boot's open: ready once, or the named `failed` state with a retry (never `starting` for good). */
  readonly recovery: OpenRecovery

  /** @param onDataDeleted "Delete all my data" went through: what the reader's other features hold is forgotten before a new session opens. */
  constructor(private readonly agent: AgentController, private readonly transcript: TranscriptController, private readonly approvals: ApprovalsController, private readonly onDataDeleted: () => void = () => undefined) {
    agent.join(this)
    const opener = { get sessionId() { return agent.sessionId }, get status() { return agent.status }, set status(status) { agent.status = status }, open: (id: SessionId | undefined) => this.open(id) }
    this.recovery = new OpenRecovery(agent.host, opener)
  }

  /** Starts the worker (see `AgentController.connect`), then opens `sessionId` (or the latest, or a new one): `dsh-ready`, or the named failed state (`recovery`). */
  async start(createWorker: () => Worker, settings: RuntimeSettings | Promise<RuntimeSettings>, sessionId: string | undefined, ports: { webContainer?: MessagePort; pageTools?: MessagePort } = {}): Promise<void> {
    this.recovery.starting()
    if (!(await this.agent.connect(createWorker, settings, ports))) return this.recovery.stop()
    await this.refresh()
    const resume = sessionId ?? latest(this.list)?.id
    await this.recovery.open(resume as SessionId | undefined)
    await this.refresh() // after ready (only the sessions panel needs it): now including a session the open just created
  }

  /**
   * Opens `sessionId` (or a new session). Another stored session's last turns are asked for at the
   * same time and shown as soon as they come, while the worker still loads the whole log.
   */
  async open(sessionId: SessionId | undefined): Promise<void> {
    const { agent, transcript } = this
    const previous = agent.sessionId
    const opening = { done: false }
    if (sessionId !== undefined && sessionId !== previous) void transcript.peek(sessionId, opening)
    const opened = await agent.call({ kind: 'session.open', ...(sessionId ? { sessionId } : {}) })
    opening.done = true
    const peeked = transcript.opening
    transcript.opening = false
    if (!opened) {
      if (peeked) await transcript.backTo(previous)
      return
    }
    if (previous && previous !== opened.sessionId) await agent.call({ kind: 'session.unsubscribe', sessionId: previous })
    agent.sessionId = opened.sessionId
    agent.readOnly = opened.readOnly
    agent.status = opened.status
    await Promise.all([transcript.subscribeFromStart(opened.sessionId, peeked), this.approvals.refreshRules()])
  }

  /** Becomes the writer of the read-only session; the transcript simply continues. */
  async takeOver(): Promise<void> {
    const { agent } = this
    if (!agent.sessionId || !agent.readOnly) return
    const taken = await agent.call({ kind: 'session.takeOver', sessionId: agent.sessionId })
    if (!taken) return
    agent.readOnly = taken.readOnly
    agent.status = taken.status
    agent.host.requestUpdate()
  }

  /** Asks the worker to make everything appended so far durable (the page is being hidden or left). */
  async flush(leaving = false): Promise<void> {
    await this.agent.call(leaving ? { kind: 'storage.flush', leaving } : { kind: 'storage.flush' })
  }

  /** Full-text search across the stored sessions (in the worker); `''` only builds the index. */
  search(query: string): Promise<SessionSearchAnswer | undefined> {
    return this.agent.call({ kind: 'session.search', query })
  }

  async refresh(): Promise<void> {
    this.list = (await this.agent.call({ kind: 'session.list' })) ?? this.list
    this.agent.host.requestUpdate()
  }

  async deleteAll(): Promise<void> {
    if ((await this.agent.call({ kind: 'data.delete-all' })) === undefined) return
    this.onDataDeleted()
    this.agent.sessionId = undefined
    await this.open(undefined)
    await this.refresh()
  }

  notice(notice: HostNotice): void {
    if (notice.kind === 'storage.state') this.storage = notice.state
  }
}

function latest(sessions: readonly SessionSummary[]): SessionSummary | undefined {
  return sessions.reduce<SessionSummary | undefined>((best, s) => (!best || s.createdAt > best.createdAt ? s : best), undefined)
}
