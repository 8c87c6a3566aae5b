/**
 * The transcript's find bar (Ctrl/Cmd+F in the widget, or `openFind()`): searches the session's
 * items, not the DOM, starts at the newest match and steps to older (↑, Enter) or newer (↓,
 * Shift+Enter) ones; past the oldest loaded match it loads older turns until one matches or
 * none are left. The current match is drawn and scrolled to by the host (`reveal`). Plane: main.
 * Contract: Escape closes the bar and gives focus back to where it was before it opened.
 * @module components/dsh-transcript/session-find
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit'
import type { TranscriptItem } from '../../src/protocol/index.ts'
import type { Strings } from '../i18n/strings.ts'
import { findMatches } from './find-match.ts'

type Host = ReactiveControllerHost & HTMLElement & {
  readonly hasOlder: boolean
  /** Asks for the page of turns before the loaded ones. */
  requestOlder(): void
  /** Draws the item with this key and scrolls it into view. */
  reveal(key: string): void
}

export class SessionFind {
  #open = false
  #query = ''
  #items: readonly TranscriptItem[] = []
  #matches: string[] = []
  #current = -1
  /** Looking for a match older than this key (or any, when undefined) in pages still to load. */
  #seeking: { before: string | undefined } | null = null
  #returnFocus: HTMLElement | null = null

  constructor(private readonly host: Host) {}

  get isOpen(): boolean {
    return this.#open
  }

  /** The key of the current match, if any (pinned: it stays drawn). */
  get currentKey(): string | undefined {
    return this.#current < 0 ? undefined : this.#matches[this.#current]
  }

  /** Opens the bar (or focuses it again) with its text selected. */
  show(): void {
    if (!this.#open) this.#returnFocus = deepActive()
    this.#open = true
    this.host.requestUpdate()
    void this.host.updateComplete.then(() => {
      const input = this.host.shadowRoot?.querySelector<HTMLInputElement>('[part~="find-input"]')
      input?.focus()
      input?.select()
    })
  }

  close(): void {
    this.#open = false
    this.#query = ''
    this.#matches = []
    this.#current = -1
    this.#seeking = null
    this.host.requestUpdate()
    this.#returnFocus?.focus()
    this.#returnFocus = null
  }

  /** Called from render with the current items: matches follow the loaded items while the bar is open. */
  update(items: readonly TranscriptItem[]): void {
    if (!this.#open || items === this.#items) return
    this.#items = items
    const current = this.currentKey
    this.#matches = findMatches(items, this.#query)
    this.#current = current === undefined ? this.#current : this.#matches.indexOf(current)
    if (this.#seeking) this.#continueSeeking()
  }

  #search(query: string): void {
    this.#query = query
    this.#matches = findMatches(this.#items, query)
    this.#seeking = null
    this.#current = this.#matches.length - 1
    if (this.#current >= 0) this.host.reveal(this.#matches[this.#current]!)
    else if (query.trim() && this.host.hasOlder) this.#seekOlder(undefined)
    this.host.requestUpdate()
  }

  /** Steps to an older (`-1`) or newer (`+1`) match; past the oldest loaded one, older pages are searched. */
  step(direction: -1 | 1): void {
    if (!this.#query.trim()) return
    const next = this.#current + direction
    if (next < 0 && this.host.hasOlder) return this.#seekOlder(this.#matches[0])
    if (this.#matches.length === 0) return
    this.#current = (next + this.#matches.length) % this.#matches.length
    this.host.reveal(this.#matches[this.#current]!)
    this.host.requestUpdate()
  }

  #seekOlder(before: string | undefined): void {
    this.#seeking = { before }
    this.host.requestOlder()
    this.host.requestUpdate()
  }

  /** New items arrived while seeking: a match older than the one sought from ends it; else the next page is asked for. */
  #continueSeeking(): void {
    const before = this.#seeking!.before
    const limit = before === undefined ? this.#matches.length : this.#matches.indexOf(before)
    if (limit > 0) {
      this.#seeking = null
      this.#current = limit - 1
      this.host.reveal(this.#matches[this.#current]!)
    } else if (this.host.hasOlder) this.host.requestOlder()
    else this.#seeking = null
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter') {
      event.preventDefault()
      this.step(event.shiftKey ? 1 : -1)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      this.close()
    }
  }

  render(s: Strings): TemplateResult | typeof nothing {
    if (!this.#open) return nothing
    const status = this.#seeking ? s.findOlder : !this.#query.trim() ? '' : this.#matches.length === 0 ? s.findNone : `${this.#current + 1} / ${this.#matches.length}`
    return html`<div part="find" class="find" role="search" aria-label=${s.findLabel}>
      <input part="find-input" type="search" aria-label=${s.findLabel} placeholder=${s.find} .value=${this.#query}
        @input=${(e: Event) => this.#search((e.target as HTMLInputElement).value)} @keydown=${this.#onKeydown}>
      <span part="find-status" class="find-status" role="status">${status}</span>
      <button type="button" part="find-previous" aria-label=${s.findPrevious} title=${s.findPrevious} @click=${() => this.step(-1)}>↑</button>
      <button type="button" part="find-next" aria-label=${s.findNext} title=${s.findNext} @click=${() => this.step(1)}>↓</button>
      <button type="button" part="find-close" aria-label=${s.findClose} title=${s.findClose} @click=${() => this.close()}>✕</button>
    </div>`
  }
}

/** The focused element, inside shadow roots. */
function deepActive(): HTMLElement | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
