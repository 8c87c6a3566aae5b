/**
 * The geometry of a windowed transcript: each item's height (measured once it rendered, else the
 * average of the measured ones), where each item starts, which items a viewport needs, and the
 * rows and gaps to draw for a range plus pinned items. Plane: main; pure (no DOM).
 * Contract: an item's top is the sum of the heights before it; appending items or measuring one
 * costs work from that item on only (the sums are kept in two prefix arrays: measured heights and
 * the count of unmeasured items, so a changed average moves no stored sum).
 * @module components/dsh-transcript/window-math
 */

/** Height assumed for an item before any item was measured (px). */
export const FIRST_ESTIMATE = 72

export type ListChange = 'append' | 'prepend' | 'replace'

export class HeightIndex {
  #keys: string[] = []
  readonly #position = new Map<string, number>()
  /** Measured heights by key: they survive a list that was prepended to or replaced. */
  readonly #measured = new Map<string, number>()
  /** `#measuredBefore[i]`: the sum of measured heights of items `0..i-1`; `#unmeasuredBefore[i]` the count of the others. */
  #measuredBefore: number[] = [0]
  #unmeasuredBefore: number[] = [0]
  /** Prefix entries from this index on are stale. */
  #dirtyFrom = 0
  #sum = 0
  #count = 0

  get length(): number {
    return this.#keys.length
  }

  /** The height of an item never measured: the mean of the measured ones. */
  get estimate(): number {
    return this.#count === 0 ? FIRST_ESTIMATE : this.#sum / this.#count
  }

  /**
   * Takes the items in order. A list that only grew at its end (its first item and the old last
   * one where they were) costs the new items only; any other change is read whole.
   * @returns how the list changed: grown at its end, older items put before the old first one, or replaced
   */
  setItems(items: readonly { readonly key: string }[]): ListChange {
    const old = this.#keys
    const appended = items.length >= old.length && old.length > 0 && items[0]!.key === old[0] && items[old.length - 1]!.key === old[old.length - 1]
    const change: ListChange = appended ? 'append' : old.length > 0 && items.length > old.length && items.some((item) => item.key === old[0]) ? 'prepend' : 'replace'
    if (!appended) {
      this.#keys = []
      this.#position.clear()
      this.#dirtyFrom = 0
    }
    for (let i = this.#keys.length; i < items.length; i++) {
      this.#keys.push(items[i]!.key)
      this.#position.set(items[i]!.key, i)
    }
    return change
  }

  keyAt(index: number): string | undefined {
    return this.#keys[index]
  }

  /** Where the item with this key is, or -1. */
  indexOf(key: string): number {
    return this.#position.get(key) ?? -1
  }

  /** Records a rendered item's height. @returns whether it changed */
  measure(key: string, height: number): boolean {
    const before = this.#measured.get(key)
    if (before !== undefined && Math.abs(before - height) < 0.5) return false
    if (before === undefined) this.#count++
    this.#sum += height - (before ?? 0)
    this.#measured.set(key, height)
    const at = this.indexOf(key)
    if (at >= 0) this.#dirtyFrom = Math.min(this.#dirtyFrom, at + 1)
    return true
  }

  /** Whether the item with this key has been measured. */
  measured(key: string): boolean {
    return this.#measured.has(key)
  }

  heightAt(index: number): number {
    return this.#measured.get(this.#keys[index]!) ?? this.estimate
  }

  /** Where item `index` starts (`index === length`: the total height). */
  top(index: number): number {
    this.#refresh(index)
    return this.#measuredBefore[index]! + this.#unmeasuredBefore[index]! * this.estimate
  }

  total(): number {
    return this.top(this.#keys.length)
  }

  /** The item that holds `offset` (0 above the first, the last below the end); -1 when empty. */
  indexAt(offset: number): number {
    const n = this.#keys.length
    if (n === 0) return -1
    this.#refresh(n)
    let low = 0
    let high = n - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (this.top(mid) <= offset) low = mid
      else high = mid - 1
    }
    return low
  }

  #refresh(upTo: number): void {
    if (upTo < this.#dirtyFrom) return
    const n = this.#keys.length
    this.#measuredBefore.length = n + 1
    this.#unmeasuredBefore.length = n + 1
    for (let i = Math.max(1, this.#dirtyFrom); i <= n; i++) {
      const height = this.#measured.get(this.#keys[i - 1]!)
      this.#measuredBefore[i] = this.#measuredBefore[i - 1]! + (height ?? 0)
      this.#unmeasuredBefore[i] = this.#unmeasuredBefore[i - 1]! + (height === undefined ? 1 : 0)
    }
    this.#dirtyFrom = n + 1
  }
}

/** Items `[start, end)` to draw. */
export interface Range { readonly start: number; readonly end: number }

/**
 * The items a viewport `[top, bottom)` (px from the first item's top) needs, `margin` px beyond
 * both edges, at most `maxItems` (cut at the far side from the viewport's top).
 */
export function rangeFor(index: HeightIndex, top: number, bottom: number, margin: number, maxItems: number): Range {
  if (index.length === 0) return { start: 0, end: 0 }
  const start = index.indexAt(top - margin)
  const end = Math.min(index.length, index.indexAt(bottom + margin) + 1, start + maxItems)
  return { start, end }
}

/** The last items up to `height` px plus `margin`: what a reader at the end sees. */
export function tailRange(index: HeightIndex, height: number, margin: number, maxItems: number): Range {
  const end = index.length
  if (end === 0) return { start: 0, end: 0 }
  const start = Math.max(index.indexAt(index.total() - height - margin), end - maxItems)
  return { start, end }
}

/** A row to draw (item `index`) or a gap standing for the items `[from, to)` that are not drawn. */
export type Segment = { readonly kind: 'row'; readonly index: number } | { readonly kind: 'gap'; readonly from: number; readonly to: number; readonly height: number }

/** The rows of `range` and of every `pinned` index outside it, in order, with a gap for each run of items between. */
export function segments(index: HeightIndex, range: Range, pinned: readonly number[]): Segment[] {
  const rows = new Set<number>()
  for (let i = range.start; i < range.end; i++) rows.add(i)
  for (const i of pinned) if (i >= 0 && i < index.length) rows.add(i)
  const sorted = [...rows].sort((a, b) => a - b)
  const out: Segment[] = []
  let next = 0
  for (const i of sorted) {
    if (i > next) out.push({ kind: 'gap', from: next, to: i, height: index.top(i) - index.top(next) })
    out.push({ kind: 'row', index: i })
    next = i + 1
  }
  if (next < index.length) out.push({ kind: 'gap', from: next, to: index.length, height: index.total() - index.top(next) })
  return out
}
