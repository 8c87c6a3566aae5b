/**
 * The widget's boot never stays `starting` for good: the first open either makes a session ready
 * (`dsh-ready`, once) or ends in the named state `failed` — the reason is already a notice — with
 * "Try again" (the same session) and "Start a new conversation"; a boot still under way after
 * `slowMs` offers the same. Plane: main; no agent logic (it only asks the controller to open).
 * @module components/controllers/open-recovery
 */
import type { ReactiveControllerHost } from 'lit'
import type { SessionId } from '../../src/protocol/index.ts'
import { emit } from '../events/index.ts'

/** What recovery needs of the agent controller. */
export interface Openable {
  sessionId: SessionId | undefined
  status: 'starting' | 'idle' | 'running' | 'failed'
  open(sessionId: SessionId | undefined): Promise<void>
}

export type OpenProblem = 'failed' | 'slow'

export class OpenRecovery {
  /** Why the boot has no session to show, or undefined (opening normally, or ready). */
  problem: OpenProblem | undefined
  /** The session the boot meant to open (undefined: a new one). */
  #wanted: SessionId | undefined
  #ready = false
  #slowTimer: ReturnType<typeof setTimeout> | undefined
  #retrying = false

  constructor(private readonly host: ReactiveControllerHost & HTMLElement, private readonly agent: Openable, private readonly slowMs = 20_000) {}

  /** A new boot: nothing is ready yet; a boot that has not opened a session after `slowMs` says so. */
  starting(): void {
    this.#ready = false
    this.problem = undefined
    clearTimeout(this.#slowTimer)
    this.#slowTimer = setTimeout(() => {
      if (this.#ready || this.problem) return
      this.problem = 'slow'
      this.host.requestUpdate()
    }, this.slowMs)
  }

  /** The boot's open of `sessionId` (or a new session): ready, or the named failed state. */
  async open(sessionId: SessionId | undefined): Promise<void> {
    this.#wanted = sessionId
    await this.agent.open(sessionId)
    this.#settle()
  }

  /** "Try again": the session the boot meant to open. */
  retry(): Promise<void> {
    return this.#again(this.#wanted)
  }

  /** "Start a new conversation": leaves a session that does not open behind (it stays stored). */
  startNew(): Promise<void> {
    return this.#again(undefined)
  }

  async #again(sessionId: SessionId | undefined): Promise<void> {
    if (this.#retrying) return
    this.#retrying = true
    try {
      await this.agent.open(sessionId)
    } finally {
      this.#retrying = false
    }
    this.#settle()
  }

  #settle(): void {
    const sessionId = this.agent.sessionId
    if (sessionId) {
      clearTimeout(this.#slowTimer)
      this.problem = undefined
      if (!this.#ready) emit(this.host, 'dsh-ready', { sessionId })
      this.#ready = true
    } else {
      this.agent.status = 'failed'
      this.problem = 'failed'
    }
    this.host.requestUpdate()
  }

  stop(): void {
    clearTimeout(this.#slowTimer)
  }
}
