/**
 * Test harness page for the UI parts without a worker: renders folded transcripts, asks
 * approval questions on them and records the parts' DOM events on `window.dshHarness`. Plane: main.
 * @module demo/test-pages/ui-harness
 */
import '../../components/dsh-transcript/dsh-transcript.ts'
import '../../components/dsh-composer/dsh-composer.ts'
import { html, render } from 'lit'
import { keyedList } from '../../components/directives/keyed-list.ts'
import { foldAll, prependHistory } from '../../src/protocol/index.ts'
import type { ApprovalQuestion, WireEvent } from '../../src/protocol/index.ts'

const transcript = document.querySelector('dsh-transcript')!
const composer = document.querySelector('dsh-composer')!
const events: { type: string; detail: unknown }[] = []
for (const [el, name] of [[transcript, 'dsh-approval-decide'], [transcript, 'dsh-history-request'], [composer, 'dsh-submit'], [composer, 'dsh-cancel']] as const) {
  el.addEventListener(name, (e) => events.push({ type: name, detail: (e as CustomEvent).detail }))
}

const keyedHost = document.createElement('ul')
const serialOf = new WeakMap<Element, number>()
let drawn = 0

const harness = {
  events,
  /**
   * Renders `keys` into a list with `keyedList` and reports what the DOM holds: each item's text and
   * the serial number of the element drawn for it (kept when the key was drawn before), and how many
   * comment nodes the list holds (Lit's part markers).
   */
  renderKeyed(keys: string[]): { texts: string[]; serials: number[]; comments: number; focused: string | null } {
    if (!keyedHost.isConnected) document.body.append(keyedHost)
    render(html`${keyedList(keys, (key) => key, (key) => html`<li><button type="button">${key}</button></li>`)}`, keyedHost)
    const items = [...keyedHost.querySelectorAll('li')]
    for (const li of items) if (!serialOf.has(li)) serialOf.set(li, drawn++)
    return {
      texts: items.map((li) => li.textContent!),
      serials: items.map((li) => serialOf.get(li)!),
      comments: [...keyedHost.childNodes].filter((node) => node.nodeType === Node.COMMENT_NODE).length,
      focused: keyedHost.contains(document.activeElement) ? document.activeElement!.textContent : null,
    }
  },
  /** Focuses the button drawn for `key` by `renderKeyed`. */
  focusKeyed(key: string): void {
    ;[...keyedHost.querySelectorAll('button')].find((button) => button.textContent === key)?.focus()
  },
  /** Shows the folded events and resolves once the drawn window settled (a long list draws only what is near the viewport). */
  async renderTranscript(wire: WireEvent[]): Promise<void> {
    await harness.showTranscript(wire)
    while (transcript.shadowRoot!.querySelector('[aria-busy="true"]')) await new Promise((resolve) => setTimeout(resolve, 10))
  },
  /** Shows the folded events; resolves after the first update. */
  async showTranscript(wire: WireEvent[]): Promise<void> {
    transcript.state = foldAll(wire)
    await transcript.updateComplete
  },
  /** Puts older turns before the shown ones, as a `session.history` page does. */
  async prependTranscript(wire: WireEvent[]): Promise<void> {
    transcript.state = prependHistory(transcript.state, wire)
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
