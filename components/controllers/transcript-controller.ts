/**
 * The open session's transcript: folds its events as they arrive, shows a long session's last
 * turns first (`historyFrom`, `loadOlder` prepends the page before), shows a stored session's last
 * turns while it opens (peek), and announces `dsh-turn-start` / `dsh-turn-end` for live turns.
 * Plane: main. Contract: never throws (commands go through `AgentController.call`).
 * @module components/controllers/transcript-controller
 */
import { emptyTranscript, foldEvents, prependHistory } from '../../src/protocol/index.ts'
import type { HostNotice, SessionId, TranscriptState } from '../../src/protocol/index.ts'
import type { SessionEvent } from '../../src/session/types.ts'
import { emit } from '../events/index.ts'
import type { AgentController, AgentFeature } from './agent-controller.ts'

export class TranscriptController implements AgentFeature {
  state: TranscriptState = emptyTranscript
  /** Seq where the shown events start: older turns exist (`loadOlder`) while it is above 0. */
  historyFrom = 0
  /** A stored session is being opened: its last turns are shown (read ahead of the whole log); sending waits until it is open. */
  opening = false
  /** The next delivery starts the transcript again (it replaces the turns shown while opening). */
  #replaceOnNext = false
  #loadingOlder = false
  /** Counts subscriptions: an answer for an earlier one is dropped. */
  #generation = 0
  #liveSeq = Infinity

  /** @param onTurnEnd a live turn ended (titles and event counts of the session list moved). */
  constructor(private readonly agent: AgentController, private readonly onTurnEnd: () => void) {
    agent.join(this)
  }

  /** Shows the stored last turns of `sessionId` unless its open finished first (the feed then shows them). */
  async peek(sessionId: SessionId, opening: { readonly done: boolean }): Promise<void> {
    const tail = await this.agent.request({ kind: 'session.peek', sessionId }).catch(() => null) // a failure is session.open's to report
    if (!tail || tail.events.length === 0 || opening.done) return
    ++this.#generation // an older page asked for the session shown before is dropped
    this.agent.sessionId = undefined // the previous session's events no longer fold in; nothing is sent meanwhile
    this.opening = true
    this.state = foldEvents(emptyTranscript, tail.events)
    this.historyFrom = tail.fromSeq
    this.agent.host.requestUpdate()
  }

  /** The open failed after its last turns were shown: the session shown before comes back. */
  async backTo(previous: SessionId | undefined): Promise<void> {
    this.agent.sessionId = previous
    this.state = emptyTranscript
    this.historyFrom = 0
    if (previous) await this.subscribeFromStart(previous)
    this.agent.host.requestUpdate()
  }

  /**
   * The session's last turns first: older ones come with `loadOlder` (a long session paints its end at once).
   * @param keepShown the turns shown while opening stay until the feed's first delivery replaces them (no blank frame)
   */
  async subscribeFromStart(sessionId: SessionId, keepShown = false): Promise<void> {
    if (keepShown) this.#replaceOnNext = true
    else {
      this.state = emptyTranscript
      this.historyFrom = 0
    }
    this.#liveSeq = Infinity
    const generation = ++this.#generation
    const sub = await this.agent.call({ kind: 'session.subscribe', sessionId, fromSeq: 0, tail: true })
    if (sub && generation === this.#generation) {
      this.#liveSeq = sub.liveSeq
      this.historyFrom = sub.fromSeq
      if (this.#replaceOnNext && sub.liveSeq === sub.fromSeq) this.state = emptyTranscript // nothing to deliver
    }
    if (!sub) this.#replaceOnNext = false
    this.agent.host.requestUpdate()
  }

  /** Loads the page of turns before the ones shown (the reader scrolled to the top); one page at a time. */
  async loadOlder(): Promise<void> {
    const sessionId = this.agent.sessionId
    if (!sessionId || this.historyFrom === 0 || this.#loadingOlder) return
    this.#loadingOlder = true
    const generation = this.#generation
    try {
      const page = await this.agent.call({ kind: 'session.history', sessionId, beforeSeq: this.historyFrom })
      if (!page || generation !== this.#generation) return // the transcript started again meanwhile (another session, a take-over)
      this.state = prependHistory(this.state, page.events)
      this.historyFrom = page.fromSeq
      this.agent.host.requestUpdate()
    } finally {
      this.#loadingOlder = false
    }
  }

  /** Every event the open session held when it was subscribed has arrived in the transcript. */
  get caughtUp(): boolean {
    return this.state.lastSeq >= this.#liveSeq - 1
  }

  notice(notice: HostNotice): void {
    if (notice.kind === 'session.access' && notice.sessionId === this.agent.sessionId) void this.subscribeFromStart(notice.sessionId)
    if (notice.kind !== 'session.events' || notice.sessionId !== this.agent.sessionId) return
    this.state = foldEvents(this.#replaceOnNext ? emptyTranscript : this.state, notice.events)
    this.#replaceOnNext = false
    for (const wire of notice.events) if (wire.event.seq >= this.#liveSeq) this.#announce(wire.event)
  }

  #announce(event: SessionEvent): void {
    const sessionId = this.agent.sessionId!
    if (event.type === 'turn/start') emit(this.agent.host, 'dsh-turn-start', { sessionId, turn: event.data.turn })
    if (event.type === 'turn/end') {
      emit(this.agent.host, 'dsh-turn-end', { sessionId, turn: event.data.turn, reason: event.data.reason.kind })
      this.onTurnEnd()
    }
  }
}
