/**
 * Test harness page for the UI parts without a worker: renders folded transcripts, asks
 * approval questions on them and records the parts' DOM events on `window.dshHarness`. Plane: main.
 * @module demo/test-pages/ui-harness
 */
import '../../components/dsh-transcript/dsh-transcript.ts'
import '../../components/dsh-composer/dsh-composer.ts'
import { foldAll } from '../../src/protocol/index.ts'
import type { ApprovalQuestion, WireEvent } from '../../src/protocol/index.ts'

const transcript = document.querySelector('dsh-transcript')!
const composer = document.querySelector('dsh-composer')!
const events: { type: string; detail: unknown }[] = []
for (const [el, name] of [[transcript, 'dsh-approval-decide'], [composer, 'dsh-submit'], [composer, 'dsh-cancel']] as const) {
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
  /** Asks `question` on the transcript (its call's card becomes the request). */
  async ask(question: ApprovalQuestion): Promise<void> {
    transcript.questions = [...transcript.questions, question]
    await transcript.updateComplete
  },
  setLang(lang: string): void {
    transcript.lang = lang
  },
  setRunning(running: boolean): void {
    composer.running = running
  },
}
Object.assign(window, { dshHarness: harness })
document.body.setAttribute('data-ready', '')
