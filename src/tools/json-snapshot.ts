/**
 * Lossless JSON snapshots: one pass that copies a value, rejects anything JSON cannot carry
 * exactly (undefined, functions, -0, NaN, cycles, sparse arrays, class instances) and deep-freezes
 * the copy. Plane: shared; pure. Contract: the result equals JSON.parse(JSON.stringify(value)).
 * @module tools/json-snapshot
 */
import type { JsonValue } from '../util/json.ts'

function fail(path: string, what: string): never {
  throw new TypeError(`${path}: ${what} is not lossless JSON`)
}

function copy(value: unknown, path: string, seen: Set<object>): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      if (!Number.isFinite(value)) fail(path, String(value))
      if (Object.is(value, -0)) fail(path, '-0')
      return value
    case 'object':
      if (value === null) return null
      return copyContainer(value, path, seen)
    default:
      return fail(path, typeof value)
  }
}

function copyContainer(value: object, path: string, seen: Set<object>): JsonValue {
  if (seen.has(value)) fail(path, 'a cycle')
  seen.add(value)
  let out: JsonValue
  if (Array.isArray(value)) {
    const items: JsonValue[] = []
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) fail(`${path}[${i}]`, 'a hole in a sparse array')
      items.push(copy(value[i], `${path}[${i}]`, seen))
    }
    out = items
  } else {
    const proto = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null) fail(path, `an instance of ${value.constructor?.name ?? 'a class'}`)
    if (Object.getOwnPropertySymbols(value).length > 0) fail(path, 'a symbol key')
    const record: Record<string, JsonValue> = {}
    for (const key of Object.getOwnPropertyNames(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!
      if (!descriptor.enumerable) fail(`${path}.${key}`, 'a non-enumerable property')
      if (!('value' in descriptor)) fail(`${path}.${key}`, 'an accessor property')
      record[key] = copy(descriptor.value, `${path}.${key}`, seen)
    }
    out = record
  }
  seen.delete(value)
  return Object.freeze(out) as JsonValue
}

const snapshots = new WeakSet<object>()

/** A deep-frozen lossless copy of `value`; throws a TypeError naming the first offending path. */
export function snapshotJson(value: unknown, path = '$'): JsonValue {
  const snapshot = copy(value, path, new Set())
  if (typeof snapshot === 'object' && snapshot !== null) snapshots.add(snapshot)
  return snapshot
}

/** Whether `value` is a snapshot made by {@link snapshotJson} (deep-frozen, safe to share). */
export function isSnapshot(value: unknown): boolean {
  return typeof value === 'object' && value !== null && snapshots.has(value)
}

/** Deep-freezes a JSON-shaped structure in place (used for results already snapshotted). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
