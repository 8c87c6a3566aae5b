/**
 * Recursive `Object.freeze` for plain data (messages, requests, chunks).
 * Plane: shared; no globals. Contract: returns its argument, frozen all the way down.
 * @module llm/deep-freeze
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  return value
}
