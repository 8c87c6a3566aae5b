/**
 * Which transcript items `<dsh-transcript>` draws: the ones in and near the viewport of its scroll
 * container (`MARGIN` px beyond each edge, at most `MAX_ROWS`), plus pinned ones (the focused item,
 * pending approvals, a find match); every run of items not drawn stands as one gap of their
 * heights — measured by a ResizeObserver as rows render, estimated for the others. Plane: main.
 * Contract: inside a scrolling ancestor the DOM is bounded by the viewport, not by the session
 * (with none, every item is drawn); while the reader is not at the
 * latest message, the item at the top of the viewport stays where it is on screen when items are
 * put before it (history) or rows above it change height. Drawn rows carry `data-key`.
 * @module components/dsh-transcript/virtual-window
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { TranscriptItem } from '../../src/protocol/index.ts'
import { HeightIndex, rangeFor, segments, tailRange, type Range, type Segment } from './window-math.ts'
import { scrollParent } from './scroll-parent.ts'

/** Drawn beyond each edge of the viewport (px). */
export const MARGIN = 800
/** At most this many rows in the range, however small the items are. */
export const MAX_ROWS = 120

type Host = ReactiveControllerHost & HTMLElement
interface Follow { readonly following: boolean; follow(): void }
/** The row at the top of the viewport and how far its top is below the viewport's top on screen (px). */
interface Anchor { readonly key: string; readonly offset: number }

export class VirtualWindow implements ReactiveController {
  readonly #index = new HeightIndex()
  #items: readonly TranscriptItem[] = []
  #range: Range = { start: 0, end: 0 }
  #scroller: HTMLElement | null | undefined
  #rows: HTMLElement | null = null
  #viewTop = 0
  #viewHeight = 0
  #anchor: Anchor | undefined
  /** Items were put before the anchor or rows above it changed height: put it back where it was on screen after the update. */
  #checkAnchor = false
  #frame = 0
  /** The last update only moved the window (no new items): the log is marked busy for that frame. */
  #moving = false
  readonly #observed = new Set<Element>()
  readonly #resize = new ResizeObserver((entries) => this.#measured(entries))

  constructor(private readonly host: Host, private readonly follow: Follow) {
    host.addController(this)
  }

  /** The last update drew rows only because the reader scrolled (assistive tech need not announce them). */
  get moving(): boolean {
    return this.#moving
  }

  hostDisconnected(): void {
    this.#scroller?.removeEventListener('scroll', this.#onScroll)
    this.#scroller = undefined
    this.#resize.disconnect()
    this.#observed.clear()
    cancelAnimationFrame(this.#frame)
    this.#frame = 0
  }

  /**
   * Places the window over `items`: a replaced list follows its end again; older items put
   * before the drawn ones keep the reader's place.
   * @param pinned keys of items drawn wherever they are
   * @returns the rows and gaps to draw
   */
  place(items: readonly TranscriptItem[], pinned: readonly string[]): Segment[] {
    this.#findScroller()
    if (this.#scroller === null) { // no scrolling ancestor (a bare transcript in a page): nothing to window over, every item is drawn
      if (items !== this.#items) this.#index.setItems(items)
      this.#items = items
      return segments(this.#index, { start: 0, end: items.length }, [])
    }
    if (items !== this.#items) {
      const anchorTop = this.#anchorTop()
      const change = this.#index.setItems(items)
      this.#items = items
      if (change === 'replace') {
        this.#anchor = undefined
        this.follow.follow()
      } else if (anchorTop !== undefined && !this.follow.following) this.#keepAnchor(anchorTop)
      this.#range = this.#wanted()
    } else if (!this.#covers()) this.#range = this.#wanted()
    const keep = this.#anchor && !this.follow.following ? [...pinned, this.#anchor.key] : pinned
    return segments(this.#index, this.#range, keep.map((key) => this.#index.indexOf(key)))
  }

  /**
   * Scrolls `row` to the middle of the view and reads the view at once: the anchor is then a row on
   * screen there, not the one the reader left (the scroll event's read comes only with the next
   * frame, and a change placed before it would restore the old anchor and scroll the view back).
   */
  reveal(row: HTMLElement): void {
    row.scrollIntoView({ block: 'center' })
    this.#checkAnchor = false
    this.#readView()
  }

  /** Index of the item with `key` among the items placed, or -1. */
  indexOf(key: string): number {
    return this.#index.indexOf(key)
  }

  hostUpdated(): void {
    const root = this.host.shadowRoot
    this.#rows = root?.querySelector<HTMLElement>('.rows') ?? null
    if (!this.#rows) return
    this.#findScroller()
    for (const row of this.#rows.children) {
      if (!(row instanceof HTMLElement) || !row.dataset.key || this.#observed.has(row)) continue
      this.#observed.add(row)
      this.#resize.observe(row)
    }
    for (const row of this.#observed) {
      if (row.isConnected) continue
      this.#resize.unobserve(row)
      this.#observed.delete(row)
    }
    if (this.#checkAnchor) this.#restoreAnchor()
    if (this.#moving) {
      this.#readView() // the rows now on screen: the anchor is one of them
      this.#moving = false
      requestAnimationFrame(() => this.host.requestUpdate())
    }
  }

  /** Where the anchor item's top is in the items' coordinates now, before a change. */
  #anchorTop(): number | undefined {
    if (!this.#anchor) return undefined
    const at = this.#index.indexOf(this.#anchor.key)
    return at < 0 ? undefined : this.#index.top(at)
  }

  /** The anchor item moved from `before` to where it is now in the items' coordinates: the viewport moves with it (the DOM is corrected after the update). */
  #keepAnchor(before: number): void {
    const now = this.#anchorTop()
    if (now === undefined || Math.abs(now - before) < 0.5) return
    this.#viewTop += now - before
    this.#checkAnchor = true
  }

  /** Scrolls so that the anchor row is where it was on screen (read from the DOM: estimates do not matter). */
  #restoreAnchor(): void {
    this.#checkAnchor = false
    const anchor = this.#anchor
    if (!anchor || !this.#scroller || !this.#rows || this.follow.following) return
    const row = this.#rows.querySelector(`:scope > [data-key="${CSS.escape(anchor.key)}"]`)
    if (!row) return
    const delta = row.getBoundingClientRect().top - this.#scroller.getBoundingClientRect().top - anchor.offset
    if (Math.abs(delta) < 0.5) return
    this.#scroller.scrollTop += delta
    this.#viewTop += delta
  }

  #wanted(): Range {
    const height = this.#viewHeight || (this.#scroller?.clientHeight ?? 0) || 800
    if (this.follow.following) return tailRange(this.#index, height, MARGIN, MAX_ROWS)
    return rangeFor(this.#index, this.#viewTop, this.#viewTop + height, MARGIN, MAX_ROWS)
  }

  /** The current range still covers the viewport with half a margin to spare. */
  #covers(): boolean {
    const { start, end } = this.#range
    if (this.#items.length === 0) return true
    const top = this.#index.top(start)
    const bottom = this.#index.top(end)
    const followingEnd = this.follow.following && end === this.#items.length
    return (start === 0 || top <= this.#viewTop - MARGIN / 2) && (end === this.#items.length || bottom >= this.#viewTop + this.#viewHeight + MARGIN / 2) && (followingEnd || !this.follow.following)
  }

  #measured(entries: readonly ResizeObserverEntry[]): void {
    const anchorTop = this.#anchorTop()
    let changed = false
    for (const entry of entries) {
      const key = (entry.target as HTMLElement).dataset.key
      const height = entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight
      if (key && (entry.target as HTMLElement).isConnected && this.#index.measure(key, height)) changed = true
    }
    if (!changed) return
    if (anchorTop !== undefined && !this.follow.following) {
      this.#keepAnchor(anchorTop)
      this.#checkAnchor = true
    }
    if (!this.#covers()) this.#range = this.#wanted()
    this.host.requestUpdate() // the gaps' heights changed
  }

  #findScroller(): void {
    if (this.#scroller !== undefined || !this.host.isConnected) return
    this.#scroller = scrollParent(this.host) ?? null
    this.#scroller?.addEventListener('scroll', this.#onScroll, { passive: true })
    this.#readView()
  }

  /** Reads where the viewport is over the rows and which drawn row is at its top (one layout read per frame at most). */
  #readView(): void {
    if (!this.#scroller || !this.#rows) return
    const top = this.#scroller.getBoundingClientRect().top + this.#scroller.clientTop
    this.#viewTop = top - this.#rows.getBoundingClientRect().top
    this.#viewHeight = this.#scroller.clientHeight
    this.#anchor = undefined
    for (const row of this.#rows.children) {
      const key = (row as HTMLElement).dataset.key
      if (!key) continue
      const rect = row.getBoundingClientRect()
      if (rect.bottom <= top) continue
      if (rect.top < top + this.#viewHeight) this.#anchor = { key, offset: rect.top - top } // a row on screen, not one beyond a gap
      break
    }
  }

  readonly #onScroll = (): void => {
    if (this.#frame) return
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0
      this.#readView()
      if (this.#covers()) return
      this.#range = this.#wanted()
      this.#moving = true
      this.host.requestUpdate()
    })
  }
}
