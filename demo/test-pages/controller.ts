/**
 * Test page for the page controllers alone: a bare Lit host element owns `AgentController` and its
 * feature controllers (transcript, approvals, sessions, settings) over the real agent worker; the host's updates and the `dsh-*` events it receives are recorded on
 * `window.dshController`. Plane: main.
 * @module demo/test-pages/controller
 */
import { LitElement } from 'lit'
import { AgentController } from '../../components/controllers/agent-controller.ts'
import { ApprovalsController } from '../../components/controllers/approvals-controller.ts'
import { SessionsController } from '../../components/controllers/sessions-controller.ts'
import { SettingsController } from '../../components/controllers/settings-controller.ts'
import { TranscriptController } from '../../components/controllers/transcript-controller.ts'

class ControllerHost extends LitElement {
  /** The spec starts the controller itself: booting on connect does nothing here. */
  readonly agent = new AgentController(this, { boot: () => undefined, teardown: () => undefined })
  readonly transcript: TranscriptController = new TranscriptController(this.agent, () => void this.sessions.refresh())
  readonly approvals = new ApprovalsController(this.agent)
  readonly sessions: SessionsController = new SessionsController(this.agent, this.transcript, this.approvals, () => this.settings.forget())
  readonly settings = new SettingsController(this.agent, this.sessions)
  updates = 0
  override updated(): void {
    this.updates++
  }
}
customElements.define('controller-host', ControllerHost)

const host = document.querySelector('controller-host') as ControllerHost
const events: { type: string; detail: unknown }[] = []
for (const type of ['dsh-ready', 'dsh-turn-start', 'dsh-turn-end', 'dsh-error'] as const) {
  host.addEventListener(type, (event) => events.push({ type, detail: event.detail }))
}
const createWorker = () => new Worker(new URL('../../workers/agent.worker.ts', import.meta.url), { type: 'module' })
Object.assign(window, { dshController: { host, agent: host.agent, transcript: host.transcript, approvals: host.approvals, sessions: host.sessions, events, createWorker } })
document.body.setAttribute('data-ready', '')
