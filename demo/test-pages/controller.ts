/**
 * Test page for `AgentController` alone: a bare Lit host element owns the controller over the real
 * agent worker; the host's updates and the `dsh-*` events it receives are recorded on
 * `window.dshController`. Plane: main.
 * @module demo/test-pages/controller
 */
import { LitElement } from 'lit'
import { AgentController } from '../../components/controllers/agent-controller.ts'

class ControllerHost extends LitElement {
  /** The spec starts the controller itself: booting on connect does nothing here. */
  readonly agent = new AgentController(this, { boot: () => undefined, teardown: () => undefined })
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
Object.assign(window, { dshController: { host, agent: host.agent, events, createWorker } })
document.body.setAttribute('data-ready', '')
