/**
 * Test harness page for the UI parts without a worker: renders folded transcripts, shows
 * approval questions and records the parts' DOM events on `window.dshHarness`. Plane: main.
 * @module demo/test-pages/ui-harness
 */
import '../../components/dsh-transcript/dsh-transcript.ts'
import '../../components/dsh-approval-dialog/dsh-approval-dialog.ts'
import '../../components/dsh-composer/dsh-composer.ts'
import { foldAll } from '../../src/protocol/index.ts'
import type { ApprovalQuestion, WireEvent } from '../../src/protocol/index.ts'

const transcript = document.querySelector('dsh-transcript')!
const dialog = document.querySelector('dsh-approval-dialog')!
const composer = document.querySelector('dsh-composer')!
const events: { type: string; detail: unknown }[] = []
for (const [el, name] of [[dialog, 'dsh-approval-decide'], [composer, 'dsh-submit'], [composer, 'dsh-cancel']] as const) {
  el.addEventListener(name, (e) => events.push({ type: name, detail: (e as CustomEvent).detail }))
}

const harness = {
  events,
  /** Shows the folded events and resolves once every item is drawn (a long list draws its tail first). */
  async renderTranscript(wire: WireEvent[]): Promise<void> {
    await harness.showTranscript(wire)
    while (transcript.shadowRoot!.querySelector('[aria-busy="true"]')) await new Promise((resolve) => setTimeout(resolve, 10))
  },
  /** Shows the folded events; resolves after the first update. */
  async showTranscript(wire: WireEvent[]): Promise<void> {
    transcript.state = foldAll(wire)
    await transcript.updateComplete
  },
  async ask(question: ApprovalQuestion): Promise<void> {
    dialog.question = question
    await dialog.updateComplete
  },
  setRunning(running: boolean): void {
    composer.running = running
  },
}
Object.assign(window, { dshHarness: harness })
document.body.setAttribute('data-ready', '')
