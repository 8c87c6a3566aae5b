/**
 * Scrolling up in a long transcript loads older turns: while older ones exist, a marker sits above
 * the first item, and when it is on screen, the transcript asks for the next page (`request`).
 * Plane: main. Contract: one request per change of the item list (the controller answers one page
 * at a time).
 * @module components/dsh-transcript/history-loader
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

type Host = ReactiveControllerHost & HTMLElement & { readonly itemCount: number; readonly hasOlder: boolean }

export class HistoryLoader implements ReactiveController {
  #observer: IntersectionObserver | undefined
  #marker: Element | null = null
  #visible = false
  #askedAt = -1

  constructor(private readonly host: Host, private readonly request: () => void) {
    host.addController(this)
  }

  hostDisconnected(): void {
    this.#observer?.disconnect()
    this.#observer = undefined
    this.#marker = null
  }

  hostUpdated(): void {
    if (!this.host.hasOlder && !this.#marker) return // the common case: no query per update
    const marker = this.host.shadowRoot?.querySelector('[part~="history-more"]') ?? null
    if (marker !== this.#marker) {
      this.#observer?.disconnect()
      this.#marker = marker
      this.#visible = false
      if (marker) {
        this.#observer = new IntersectionObserver((entries) => {
          this.#visible = entries.some((entry) => entry.isIntersecting)
          this.#maybeAsk()
        })
        this.#observer.observe(marker)
      }
    }
    this.#maybeAsk()
  }

  #maybeAsk(): void {
    if (!this.#marker || !this.#visible || this.#askedAt === this.host.itemCount) return
    this.#askedAt = this.host.itemCount
    this.request()
  }
}
