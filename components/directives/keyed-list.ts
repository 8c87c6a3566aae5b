/**
 * `${keyedList(items, key, template)}`: Lit's `repeat` semantics (one DOM part per key, kept and
 * moved with its item) for windowed lists that add and drop rows on every update. Lit's own
 * `repeat` (lit-html 3.3.1–3.3.3, lit/lit#5298) leaves each dropped item's end marker comment
 * behind, so a transcript that slides its window for hours collects thousands of comment nodes
 * and every layout and insertion walks them; this removes a dropped item whole, and moves only the
 * parts outside the longest run already in order (moving a row would blur a focused control in it).
 * Plane: main.
 * @module components/directives/keyed-list
 */
import { noChange, type ChildPart } from 'lit'
import { Directive, PartType, directive, type PartInfo } from 'lit/directive.js'
import { clearPart, getCommittedValue, insertPart, setChildPartValue, setCommittedValue } from 'lit/directive-helpers.js'

type KeyOf<T> = (item: T, index: number) => unknown
type TemplateOf<T> = (item: T, index: number) => unknown

/** Takes a part and both of its markers out of the DOM (its directives are told they are disconnected). */
function removeWhole(part: ChildPart): void {
  clearPart(part)
  part.startNode?.parentNode?.removeChild(part.startNode)
  part.endNode?.parentNode?.removeChild(part.endNode)
}

/**
 * The positions of a longest strictly increasing run in `from` (ignoring -1 entries): the items whose
 * old parts are already in order relative to each other. Patience sorting, O(n log n).
 */
function increasingRun(from: readonly number[]): Set<number> {
  const tails: number[] = [] // tails[k]: position whose value ends the best run of length k + 1
  const previous: number[] = Array.from({ length: from.length }, () => -1)
  for (let i = 0; i < from.length; i++) {
    const value = from[i]!
    if (value < 0) continue
    let low = 0
    let high = tails.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (from[tails[mid]!]! < value) low = mid + 1
      else high = mid
    }
    if (low > 0) previous[i] = tails[low - 1]!
    tails[low] = i
  }
  const run = new Set<number>()
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) run.add(i)
  return run
}

class KeyedList extends Directive {
  /** The key of each committed part, in DOM order. */
  #keys: unknown[] = []

  constructor(part: PartInfo) {
    super(part)
    if (part.type !== PartType.CHILD) throw new Error('keyedList belongs in a child position, not an attribute')
  }

  render<T>(items: readonly T[], _key: KeyOf<T>, template: TemplateOf<T>): unknown[] {
    return items.map((item, index) => template(item, index))
  }

  override update<T>(container: ChildPart, [items, key, template]: [readonly T[], KeyOf<T>, TemplateOf<T>]): unknown {
    const committed = getCommittedValue(container)
    const keys = items.map((item, index) => key(item, index))
    if (!Array.isArray(committed)) { // first render: Lit draws the array, one part per item, in order
      this.#keys = keys
      return this.render(items, key, template)
    }
    const old = committed as ChildPart[]
    const oldIndex = new Map<unknown, number>() // each key's first old part
    for (let i = 0; i < old.length; i++) if (!oldIndex.has(this.#keys[i])) oldIndex.set(this.#keys[i], i)
    // Where each new item's part was (-1: a new part), each old part used at most once.
    const from = keys.map((k) => {
      const at = oldIndex.get(k)
      oldIndex.delete(k)
      return at ?? -1
    })
    const used = new Set(from)
    for (let i = 0; i < old.length; i++) if (!used.has(i)) removeWhole(old[i]!)
    // The parts already in the right order stay where they are; the others move (a focused row stays put).
    const stay = increasingRun(from)
    const values = items.map((item, index) => template(item, index))
    const parts: ChildPart[] = Array.from({ length: items.length })
    let after: ChildPart | undefined // placed last to first: each part goes right before the one after it
    for (let i = items.length - 1; i >= 0; i--) {
      const reused = from[i]! >= 0 ? old[from[i]!]! : undefined
      const part = reused && stay.has(i) ? reused : insertPart(container, after, reused)
      setChildPartValue(part, values[i])
      parts[i] = part
      after = part
    }
    setCommittedValue(container, parts)
    this.#keys = keys
    return noChange
  }
}

/**
 * Renders `template` for each item, keeping one DOM part per `key` (moved, not re-created, when
 * the item moves; duplicate keys get their own parts). A drop-in for `repeat(items, key, template)`.
 */
export const keyedList = directive(KeyedList) as <T>(items: readonly T[], key: KeyOf<T>, template: TemplateOf<T>) => unknown
