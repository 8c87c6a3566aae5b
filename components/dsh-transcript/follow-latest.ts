/**
 * Keeps the transcript's scroll container at the latest message while the reader is there: an
 * opened session shows its end, streamed text stays in view, and scrolling up stops following
 * until the reader is back at the bottom; the scroll box itself resizing (a question card or a banner
 * taking room beside it) is not the reader leaving. Plane: main. Contract: scrolls only the nearest
 * scrollable ancestor element (across shadow roots), never the page.
 * @module components/dsh-transcript/follow-latest
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { scrollParent } from './scroll-parent.ts'

/** How close to the bottom (px) still counts as being there. */
const SLACK = 24

export class FollowLatest implements ReactiveController {
  #scroller: HTMLElement | null | undefined
  #following = true
  /** Where this controller last put the scroller: anything at or below it is still following. */
  #pinnedTop = Infinity
  /** The scroll box's height when this last put it at the bottom: a scroll at another height is layout. */
  #pinnedHeight = -1
  #frame = 0
  /**
   * The transcript changed height (rows measured, text streamed) or its scroll box did (a card
   * beside it came or went): back to the bottom before the frame is painted, so the scroll a
   * shrinking content or box causes is already where this put it.
   */
  readonly #resize = new ResizeObserver(() => this.#pin())

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#following = true
    this.#resize.observe(this.host)
  }

  hostDisconnected(): void {
    this.#resize.disconnect()
    this.#scroller?.removeEventListener('scroll', this.#onScroll)
    this.#scroller = undefined
    cancelAnimationFrame(this.#frame)
    this.#frame = 0
  }

  /** Whether the view is kept at the latest message (the reader has not scrolled up). */
  get following(): boolean {
    return this.#following
  }

  /** Follow again from the end (a newly opened session). */
  follow(): void {
    this.#following = true
  }

  /** Stop following (the transcript scrolled to an earlier item on purpose). */
  release(): void {
    this.#following = false
    this.#pinnedTop = Infinity
  }

  /**
   * Back to the bottom right after each update (one layout of a windowed, bounded DOM): a frame
   * later, content that shrank under the pinned place (rows measured smaller than estimated) would
   * already have moved the scroller up, and that scroll would read as the reader leaving.
   */
  hostUpdated(): void {
    this.#pin()
  }

  /** After a scroll event: once in its animation frame. */
  #schedule(): void {
    if (this.#frame) return
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0
      this.#pin()
    })
  }

  #pin(): void {
    const scroller = this.#find()
    if (!scroller || !this.#following) return
    const bottom = scroller.scrollHeight - scroller.clientHeight
    if (scroller.scrollTop < bottom - 1) scroller.scrollTop = bottom // text that did not add a line scrolls nothing
    this.#pinnedTop = scroller.scrollTop
    this.#pinnedHeight = scroller.clientHeight
  }

  /**
   * As a scroll happens (not a frame later, when more content may have arrived below): still
   * following unless the reader went above where this put it and off the bottom. A scroll made by
   * content shrinking under where this put it (a clamp) keeps following, and so does one made while
   * the scroll box has another height than when this put it there: the box resized (WebKit moves
   * scrollTop as a question card takes room from it), which no reader did.
   */
  #judge(s: HTMLElement): void {
    const was = this.#following
    const bottom = s.scrollHeight - s.clientHeight
    // Where this last put it is gone: the content shrank under it (rows measured smaller) and the scroll was the clamp.
    const clamped = this.#pinnedTop !== Infinity && this.#pinnedTop > bottom + 1
    const resized = was && this.#pinnedHeight >= 0 && s.clientHeight !== this.#pinnedHeight
    this.#following = clamped || resized || s.scrollTop >= this.#pinnedTop - 1 || bottom - s.scrollTop <= SLACK
    if (!this.#following) this.#pinnedTop = Infinity
    if (was !== this.#following) this.host.requestUpdate() // what is drawn depends on it (virtual-window.ts)
  }

  #find(): HTMLElement | null {
    if (this.#scroller === undefined) {
      this.#scroller = scrollParent(this.host) ?? null
      this.#scroller?.addEventListener('scroll', this.#onScroll, { passive: true })
      if (this.#scroller) this.#resize.observe(this.#scroller)
    }
    return this.#scroller
  }

  readonly #onScroll = (): void => {
    if (this.#scroller) this.#judge(this.#scroller)
    if (this.#following) this.#schedule()
  }
}
