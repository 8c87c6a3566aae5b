/**
 * `isDeepFrozen`: whether a value can never change again (primitives, or objects frozen all the
 * way down). Plane: shared; pure. Contract: freezing is permanent, so a true answer stays true —
 * the one fact identity-keyed memos may rely on.
 * @module util/frozen
 */

export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function'
  if (!Object.isFrozen(value)) return false
  for (const key of Object.keys(value)) if (!isDeepFrozen((value as Record<string, unknown>)[key])) return false
  return true
}
