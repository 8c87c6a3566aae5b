/**
 * Lineages of frozen lists: a producer that only ever appends tags each frozen list it hands out
 * with a lineage token, so a consumer learns in O(1) that one list starts with another (a prefix
 * compare over a frozen array is slow in V8: ~25 ns per element). Plane: shared; pure.
 * Contract: tag only frozen lists, and only lists where every longer one extends every shorter one.
 * @module util/list-lineage
 */

/** One producer's append-only history (a new token when the history is rewritten). */
export type Lineage = object

const tags = new WeakMap<readonly unknown[], Lineage>()

/** Tags a frozen `list` as part of `lineage`; an unfrozen list is not tagged (it could change). */
export function tagLineage(list: readonly unknown[], lineage: Lineage): void {
  if (Object.isFrozen(list)) tags.set(list, lineage)
}

/** Whether `list` is known to start with every element of `base` (same lineage, not shorter). */
export function extendsList(list: readonly unknown[], base: readonly unknown[]): boolean {
  if (list === base) return true
  const lineage = tags.get(list)
  return lineage !== undefined && lineage === tags.get(base) && base.length <= list.length
}
