/**
 * `${keyedList(items, key, template)}`: Lit's `repeat` semantics (one DOM part per key, kept and
 * moved with its item) for windowed lists that add and drop rows on every update. Lit's own
 * `repeat` (lit-html 3.3.1–3.3.3, lit/lit#5298) leaves each dropped item's end marker comment
 * behind, so a transcript that slides its window for hours collects thousands of comment nodes
 * and every layout and insertion walks them; this removes a dropped item whole. Plane: main.
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
    const oldKeys = this.#keys
    const byKey = new Map<unknown, ChildPart>()
    for (let i = 0; i < old.length; i++) if (!byKey.has(oldKeys[i])) byKey.set(oldKeys[i], old[i]!)
    const wanted = new Set(keys)
    // Drop first, so the parts left are in DOM order with nothing unwanted between them.
    const staying: ChildPart[] = []
    for (let i = 0; i < old.length; i++) {
      if (wanted.has(oldKeys[i]) && byKey.get(oldKeys[i]) === old[i]) staying.push(old[i]!)
      else removeWhole(old[i]!)
    }
    const placed = new Set<ChildPart>()
    const parts: ChildPart[] = []
    let next = 0 // the first staying part not yet placed: new and moved parts go before it
    for (let i = 0; i < items.length; i++) {
      while (next < staying.length && placed.has(staying[next]!)) next++
      const reused = byKey.get(keys[i])
      byKey.delete(keys[i])
      let part: ChildPart
      if (reused && reused === staying[next]) {
        part = reused
        next++
      } else part = insertPart(container, staying[next], reused)
      placed.add(part)
      setChildPartValue(part, template(items[i]!, i))
      parts.push(part)
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
