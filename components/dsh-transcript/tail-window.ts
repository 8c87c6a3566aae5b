/**
 * Which transcript items `<dsh-transcript>` draws: a list that arrives in bulk (an opened session)
 * draws its last `FIRST_SCREEN` items first, then the earlier ones in idle-time slices of about
 * `SLICE_MS` each until all are drawn. Plane: main; draws nothing itself.
 * Contract: the drawn items are always a suffix of `items`, and they grow back to all of them.
 * @module components/dsh-transcript/tail-window
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { TranscriptItem } from '../../src/protocol/index.ts'

/** Items drawn first: more than a tall screen holds. */
export const FIRST_SCREEN = 40
const SLICE_MS = 8
const MIN_STEP = 10
const MAX_STEP = 400

type Host = ReactiveControllerHost & { readonly updateComplete: Promise<boolean> }
type Idle = (run: () => void) => void

const whenIdle: Idle = (run) => {
  const idle = globalThis.requestIdleCallback as ((cb: () => void, options?: { timeout: number }) => number) | undefined
  if (idle) idle(run, { timeout: 100 })
  else setTimeout(run, 0)
}

export class TailWindow implements ReactiveController {
  #items: readonly TranscriptItem[] = []
  #drawn: readonly TranscriptItem[] = []
  #start = 0
  #startKey: string | undefined
  #step = 50
  #scheduled = false
  #connected = false

  /** @param onRestart called when the window starts again from the tail of a new list */
  constructor(private readonly host: Host, private readonly onRestart: () => void, private readonly idle: Idle = whenIdle) {
    host.addController(this)
  }

  /**
   * Draws every item at once when `index` (a search match) is above the drawn part: drawing the
   * earlier ones later would push the match out of view. Returns the first drawn index.
   */
  reveal(index: number): number {
    if (index < this.#start) {
      this.#start = 0
      this.#draw()
      this.host.requestUpdate()
    }
    return this.#start
  }

  /** Earlier items are still being drawn. */
  get filling(): boolean {
    return this.#start > 0
  }

  hostConnected(): void {
    this.#connected = true
    this.#fill()
  }

  hostDisconnected(): void {
    this.#connected = false
  }

  /**
   * Places the window over `items`: older items put before the drawn ones (history loaded on
   * scrolling up) are drawn above them in idle slices; a replaced list (its first drawn item is
   * gone) or one that grew by more than a screen at once starts again from its tail.
   * @returns the items to draw
   */
  place(items: readonly TranscriptItem[]): readonly TranscriptItem[] {
    if (items === this.#items) return this.#drawn
    const tail = Math.max(0, items.length - FIRST_SCREEN)
    const prepended = this.#prependedAt(items)
    if (prepended > 0) this.#start = prepended
    const replaced = prepended < 0 && (this.#start > items.length || items[this.#start]?.key !== this.#startKey)
    const bulk = prepended < 0 && items.length - this.#items.length > FIRST_SCREEN
    if (replaced || bulk) {
      this.#start = replaced ? tail : Math.max(this.#start, tail)
      this.onRestart()
    }
    this.#items = items
    this.#draw()
    this.#fill()
    return this.#drawn
  }

  /** Where the first drawn item now is, when `items` is the last list with older items put before it; else -1. */
  #prependedAt(items: readonly TranscriptItem[]): number {
    const added = items.length - this.#items.length
    if (added <= 0 || this.#startKey === undefined || items.at(-1)?.key !== this.#items.at(-1)?.key) return -1
    return items[added + this.#start]?.key === this.#startKey ? added + this.#start : -1
  }

  #draw(): void {
    this.#startKey = this.#items[this.#start]?.key
    this.#drawn = this.#start === 0 ? this.#items : this.#items.slice(this.#start)
  }

  #fill(): void {
    if (this.#scheduled || this.#start === 0 || !this.#connected) return
    this.#scheduled = true
    this.idle(() => void this.#slice())
  }

  /** Draws one slice of earlier items, sized from the last slice's time. */
  async #slice(): Promise<void> {
    this.#scheduled = false
    if (!this.#connected || this.#start === 0) return
    const started = performance.now()
    this.#start = Math.max(0, this.#start - this.#step)
    this.#draw()
    this.host.requestUpdate()
    await this.host.updateComplete
    const spent = Math.max(performance.now() - started, 1)
    this.#step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.round(this.#step * SLICE_MS / spent)))
    this.#fill()
  }
}
