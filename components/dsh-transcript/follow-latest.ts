/**
 * Keeps the transcript's scroll container at the latest message while the reader is there: an
 * opened session shows its end, streamed text stays in view, and scrolling up stops following
 * until the reader is back at the bottom. Plane: main. Contract: scrolls only the nearest
 * scrollable ancestor element (across shadow roots), never the page, at most once per frame.
 * @module components/dsh-transcript/follow-latest
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** How close to the bottom (px) still counts as being there. */
const SLACK = 24

function scrollParent(from: Element): HTMLElement | undefined {
  const top = document.scrollingElement
  let node: Element | null = from
  while (node) {
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)
    if (!node || node === top || node === document.body) return undefined
    const overflow = getComputedStyle(node).overflowY
    if (overflow === 'auto' || overflow === 'scroll') return node as HTMLElement
  }
  return undefined
}

export class FollowLatest implements ReactiveController {
  #scroller: HTMLElement | null | undefined
  #following = true
  /** Where this controller last put the scroller: anything at or below it is still following. */
  #pinnedTop = Infinity
  #scrolled = false
  #frame = 0

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#following = true
  }

  hostDisconnected(): void {
    this.#scroller?.removeEventListener('scroll', this.#onScroll)
    this.#scroller = undefined
    cancelAnimationFrame(this.#frame)
    this.#frame = 0
  }

  /** Follow again from the end (a newly opened session). */
  follow(): void {
    this.#following = true
    this.#scrolled = false
  }

  /** Stop following (the transcript scrolled to an earlier item on purpose). */
  release(): void {
    this.#following = false
    this.#pinnedTop = Infinity
  }

  hostUpdated(): void {
    if (this.#following) this.#schedule()
  }

  /** Layout is read and written once per frame, in its animation-frame step (no forced extra layout). */
  #schedule(): void {
    if (this.#frame) return
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0
      const scroller = this.#find()
      if (!scroller) return
      if (this.#scrolled) this.#judge(scroller)
      if (!this.#following) return
      const bottom = scroller.scrollHeight - scroller.clientHeight
      if (scroller.scrollTop < bottom - 1) scroller.scrollTop = bottom // text that did not add a line scrolls nothing
      this.#pinnedTop = scroller.scrollTop
    })
  }

  /** After a scroll: still following unless the reader went above where this put it and off the bottom. */
  #judge(s: HTMLElement): void {
    this.#scrolled = false
    this.#following = s.scrollTop >= this.#pinnedTop - 1 || s.scrollHeight - s.scrollTop - s.clientHeight <= SLACK
    if (!this.#following) this.#pinnedTop = Infinity
  }

  #find(): HTMLElement | null {
    if (this.#scroller === undefined) {
      this.#scroller = scrollParent(this.host) ?? null
      this.#scroller?.addEventListener('scroll', this.#onScroll, { passive: true })
    }
    return this.#scroller
  }

  readonly #onScroll = (): void => {
    this.#scrolled = true
    this.#schedule()
  }
}
