/**
 * Lossless JSON validation and deep-frozen copy in one pass (dsh contracts §2.2).
 * Plane: shared; pure. Refuses anything JSON.stringify would drop, coerce or throw on, plus
 * forbidden and secret-looking keys; errors name the event type and the JSON path.
 * @module session/validate-json
 */
import { SessionAppendError } from './errors.ts'

export interface JsonCopyOptions {
  /** Cap on the serialized size (JSON characters, escapes not counted). */
  readonly maxBytes: number
  /** Also refuse `constructor` / `prototype` keys (hostile input such as imports). */
  readonly hostile?: boolean
}

/** Default cap for one event's payload: 8 MiB of JSON. */
export const DEFAULT_MAX_EVENT_BYTES = 8 * 1024 * 1024

const SECRET_KEY = /^(?:x[-_]?)?api[-_]?key$|^(?:proxy[-_]?)?authorization$|^password$|^(?:client[-_]?)?secret$|^(?:access|refresh|auth|bearer)[-_]?token$/i

/** Whether a property name looks like it holds a credential (refused in logs, exports, imports). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

class Walk {
  readonly path: (string | number)[] = []
  readonly ancestors: object[] = []
  size = 0
  constructor(readonly label: string, readonly root: string, readonly options: JsonCopyOptions) {}

  fail(what: string, code: 'INVALID_EVENT_DATA' | 'PAYLOAD_TOO_LARGE' = 'INVALID_EVENT_DATA'): never {
    throw new SessionAppendError(code, `${this.label} ${formatPath(this.root, this.path)}: ${what}`)
  }

  grow(n: number): void {
    this.size += n
    if (this.size > this.options.maxBytes) this.fail(`payload exceeds ${this.options.maxBytes} bytes of JSON`, 'PAYLOAD_TOO_LARGE')
  }
}

/**
 * Validate `value` as lossless JSON and return a deep-frozen copy with the same key order.
 * @param label - the event type, used as the message prefix
 * @param root - the name of the root in paths, e.g. `data`
 * @throws SessionAppendError (`INVALID_EVENT_DATA` or `PAYLOAD_TOO_LARGE`)
 */
export function copyJson<T>(value: T, label: string, root: string, options: JsonCopyOptions): T {
  return copyValue(value, new Walk(label, root, options)) as T
}

function copyValue(value: unknown, walk: Walk): unknown {
  switch (typeof value) {
    case 'string':
      walk.grow(value.length + 2)
      return value
    case 'number':
      if (!Number.isFinite(value)) walk.fail(`${value} is not JSON`)
      if (value === 0 && 1 / value < 0) walk.fail('-0 is not lossless JSON')
      walk.grow(8)
      return value
    case 'boolean':
      walk.grow(5)
      return value
    case 'object':
      if (value === null) {
        walk.grow(4)
        return value
      }
      return Array.isArray(value) ? copyArray(value, walk) : copyObject(value, walk)
    case 'bigint':
      return walk.fail('BigInt is not JSON')
    default:
      return walk.fail(`${typeof value} is not JSON${value === undefined ? ' (omit optional fields instead)' : ''}`)
  }
}

function enter(value: object, walk: Walk): void {
  if (walk.ancestors.includes(value)) walk.fail('cycle (the value contains itself)')
  walk.ancestors.push(value)
}

function copyArray(value: unknown[], walk: Walk): unknown[] {
  if (Object.getPrototypeOf(value) !== Array.prototype) walk.fail(`${describe(value)} is not plain JSON`)
  const length = value.length
  if (Reflect.ownKeys(value).length !== length + 1) walk.fail(arrayShapeProblem(value))
  enter(value, walk)
  walk.grow(2 + length)
  const out: unknown[] = []
  for (let i = 0; i < length; i++) {
    walk.path.push(i)
    out.push(copyValue(value[i], walk))
    walk.path.pop()
  }
  walk.ancestors.pop()
  Object.freeze(out)
  return out
}

function copyObject(value: object, walk: Walk): object {
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) walk.fail(`${describe(value)} is not plain JSON`)
  const keys = Object.keys(value)
  const own = Reflect.ownKeys(value)
  if (own.length !== keys.length) walk.fail(hiddenKeyProblem(own, keys))
  enter(value, walk)
  walk.grow(2)
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    walk.path.push(key)
    checkKey(key, walk)
    walk.grow(key.length + 4)
    out[key] = copyValue((value as Record<string, unknown>)[key], walk)
    walk.path.pop()
  }
  walk.ancestors.pop()
  return Object.freeze(out)
}

function checkKey(key: string, walk: Walk): void {
  if (key === '__proto__' || (walk.options.hostile && (key === 'constructor' || key === 'prototype'))) {
    walk.fail(`forbidden key "${key}"`)
  }
  if (isSecretKey(key)) walk.fail(`secret-looking key "${key}" is refused (credentials never enter the log)`)
}

function arrayShapeProblem(value: unknown[]): string {
  for (let i = 0; i < value.length; i++) if (!(i in value)) return `sparse array (hole at index ${i})`
  return 'array with extra properties is not plain JSON'
}

function hiddenKeyProblem(own: (string | symbol)[], keys: string[]): string {
  const key = own.find(k => typeof k === 'symbol' || !keys.includes(k))
  return typeof key === 'symbol' ? `symbol key ${String(key)} is not JSON` : `non-enumerable key "${String(key)}" is not JSON`
}

function describe(value: object): string {
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name
  return name ? `${name}${name === 'Object' || name === 'Array' ? ' subclass' : ''}` : 'object with a foreign prototype'
}

const IDENT = /^[A-Za-z_$][\w$]*$/

/** `data.meta.when`, `data.content[0]`, `data["a b"]`. */
export function formatPath(root: string, path: readonly (string | number)[]): string {
  let out = root
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : IDENT.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`
  }
  return out
}
