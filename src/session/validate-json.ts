/**
 * Lossless JSON validation in one pass (dsh contracts §2.2): a deep-frozen copy (`copyJson`) or,
 * for values nobody else holds, the value itself frozen in place (`freezeJson`, or the faster
 * `parsedJsonFreezer()` walk for values fresh from JSON.parse). Plane: shared; pure. Refuses
 * anything JSON.stringify would drop, coerce or throw on, plus forbidden and secret-looking keys;
 * errors name the event type and the JSON path (built only on failure).
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
/** Shortest and longest key SECRET_KEY can match (`apikey`, `proxy-authorization`). */
const SECRET_MIN = 6
const SECRET_MAX = 19

/** Whether a property name looks like it holds a credential (refused in logs, exports, imports). */
export function isSecretKey(key: string): boolean {
  return key.length >= SECRET_MIN && key.length <= SECRET_MAX && SECRET_KEY.test(key)
}

/** Keys already found harmless (most payloads reuse a few dozen names); bounded. */
const plainKeys = new Set<string>()
const PLAIN_KEYS_CAP = 4096

/** A refusal on its way up; each container adds its key or index while unwinding. */
class JsonProblem {
  readonly path: (string | number)[] = []
  constructor(readonly what: string, readonly code: 'INVALID_EVENT_DATA' | 'PAYLOAD_TOO_LARGE') {}
}

const problem = (what: string): JsonProblem => new JsonProblem(what, 'INVALID_EVENT_DATA')

/** Deepest container nesting accepted (the walk recurses; a deeper value is refused by name, never by a stack overflow). */
export const MAX_JSON_DEPTH = 1000
/** A refusal's path shows at most this many outer steps. */
const MAX_PATH_SHOWN = 8

class Walk {
  /** The containers being walked, `depth` of them (a cycle check, no push/pop). */
  readonly ancestors: object[] = []
  depth = 0
  size = 0
  constructor(readonly options: JsonCopyOptions, readonly copy: boolean) {}

  grow(n: number): void {
    this.size += n
    if (this.size > this.options.maxBytes) throw new JsonProblem(`payload exceeds ${this.options.maxBytes} bytes of JSON`, 'PAYLOAD_TOO_LARGE')
  }
}

/**
 * Validate `value` as lossless JSON and return a deep-frozen copy with the same key order.
 * @param label - the event type, used as the message prefix
 * @param root - the name of the root in paths, e.g. `data`
 * @throws SessionAppendError (`INVALID_EVENT_DATA` or `PAYLOAD_TOO_LARGE`)
 */
export function copyJson<T>(value: T, label: string, root: string, options: JsonCopyOptions): T {
  return run(value, label, root, new Walk(options, true))
}

/**
 * Validate `value` exactly like `copyJson` and deep-freeze it in place (no copy): only for fresh
 * values nobody else holds, e.g. decoded from storage. On a refusal part of it may be frozen.
 * @returns `value` itself
 * @throws SessionAppendError (`INVALID_EVENT_DATA` or `PAYLOAD_TOO_LARGE`)
 */
export function freezeJson<T>(value: T, label: string, root: string, options: JsonCopyOptions): T {
  return run(value, label, root, new Walk(options, false))
}

function run<T>(value: T, label: string, root: string, walk: Walk): T {
  try {
    return walkValue(value, walk) as T
  } catch (error) {
    if (!(error instanceof JsonProblem)) throw error
    const more = error.path.length > MAX_PATH_SHOWN ? '…' : ''
    throw new SessionAppendError(error.code, `${label} ${formatPath(root, error.path.slice(0, MAX_PATH_SHOWN))}${more}: ${error.what}`)
  }
}

function walkValue(value: unknown, walk: Walk): unknown {
  switch (typeof value) {
    case 'string':
      walk.grow(value.length + 2)
      return value
    case 'number':
      if (!Number.isFinite(value)) throw problem(`${value} is not JSON`)
      if (value === 0 && 1 / value < 0) throw problem('-0 is not lossless JSON')
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
      return Array.isArray(value) ? walkArray(value, walk) : walkObject(value, walk)
    case 'bigint':
      throw problem('BigInt is not JSON')
    default:
      throw problem(`${typeof value} is not JSON${value === undefined ? ' (omit optional fields instead)' : ''}`)
  }
}

/** Refuses `value` if it is one of the containers being walked (ancestors[0..depth)). */
function enter(value: object, walk: Walk): void {
  const { ancestors } = walk
  if (walk.depth >= MAX_JSON_DEPTH) throw problem(`nesting too deep (limit ${MAX_JSON_DEPTH})`)
  for (let i = 0; i < walk.depth; i++) if (ancestors[i] === value) throw problem('cycle (the value contains itself)')
  ancestors[walk.depth++] = value
}

function walkArray(value: unknown[], walk: Walk): unknown[] {
  if (Object.getPrototypeOf(value) !== Array.prototype) throw problem(`${describe(value)} is not plain JSON`)
  const length = value.length
  if (Object.getOwnPropertyNames(value).length !== length + 1 || Object.getOwnPropertySymbols(value).length !== 0) throw problem(arrayShapeProblem(value))
  enter(value, walk)
  walk.grow(2 + length)
  const out: unknown[] = walk.copy ? [] : value
  let i = 0
  try {
    for (; i < length; i++) {
      const item = walkValue(value[i], walk)
      if (walk.copy) out.push(item)
    }
  } catch (error) {
    if (error instanceof JsonProblem) error.path.unshift(i)
    throw error
  }
  walk.depth--
  return Object.freeze(out) as unknown[]
}

/** Own string keys, all enumerable, no symbols (for-in below then visits exactly the own keys). */
function checkOwnKeys(value: object): void {
  let enumerable = 0
  for (const _ in value) enumerable++
  if (Object.getOwnPropertyNames(value).length !== enumerable || Object.getOwnPropertySymbols(value).length !== 0) throw problem(hiddenKeyProblem(value))
}

function walkObject(value: object, walk: Walk): object {
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) throw problem(`${describe(value)} is not plain JSON`)
  checkOwnKeys(value)
  enter(value, walk)
  walk.grow(2)
  const source = value as Record<string, unknown>
  const out: Record<string, unknown> = walk.copy ? {} : source
  let current: string | undefined
  try {
    // for-in, not Object.keys: V8 reads each value through the enum cache (~3× faster here).
    for (const key in source) {
      current = key
      checkKey(key, walk)
      walk.grow(key.length + 4)
      const item = walkValue(source[key], walk)
      if (walk.copy) out[key] = item
    }
  } catch (error) {
    if (current !== undefined && error instanceof JsonProblem) error.path.unshift(current)
    throw error
  }
  walk.depth--
  return Object.freeze(out)
}

function checkKey(key: string, walk: Walk): void {
  const why = keyProblem(key, walk.options.hostile === true)
  if (why !== undefined) throw problem(why)
}

/** Why `key` is refused, or undefined (then remembered as plain, up to PLAIN_KEYS_CAP keys). */
function keyProblem(key: string, hostile: boolean): string | undefined {
  if (key.length < SECRET_MIN) return undefined // shorter than every forbidden and secret-looking key: no lookup
  if (hostile && (key === 'constructor' || key === 'prototype')) return `forbidden key "${key}"`
  if (plainKeys.has(key)) return undefined
  if (key === '__proto__') return `forbidden key "${key}"`
  if (isSecretKey(key)) return `secret-looking key "${key}" is refused (credentials never enter the log)`
  if (plainKeys.size < PLAIN_KEYS_CAP) plainKeys.add(key)
  return undefined
}

/**
 * The in-place freezer for values fresh from `JSON.parse`, chosen once per batch of parses: a
 * walk that checks only what JSON.parse can produce wrong (±Infinity from `1e999`, `-0`, nesting,
 * size, forbidden and secret-looking keys) and freezes as it goes; on any doubt it hands the
 * value to `freezeJson`, which throws the very error it always did (or accepts it). JSON.parse
 * builds plain objects and dense arrays of own enumerable data properties without cycles, so the
 * other checks cannot fail — unless `Object.prototype` carries enumerable keys (for-in would see
 * them): then this returns `freezeJson` itself. Only valid until the next change of
 * `Object.prototype` — take it, parse and freeze synchronously, drop it.
 *
 * JSON.parse gives every occurrence of a string its own copy; the batch keeps one copy of each
 * repeated string value (tags, roles, ids, a text or tool output met again) and drops the others
 * (`SharedStrings`). The table belongs to the batch, so nothing outlives it but the strings the
 * values hold anyway.
 */
export function parsedJsonFreezer(): typeof freezeJson {
  for (const _ in {}) return freezeJson
  const walk = new ParsedWalk()
  return (value, label, root, options) => walk.freeze(value, label, root, options)
}

/** Slots of a batch's string table (a power of two). */
const SHARED_SLOTS = 4096

/**
 * Strings a batch met, in a direct-mapped table (slot by length and four sampled characters, no
 * hashing of the whole string): a later equal string is swapped for the one kept, a different one
 * takes the slot. A miss costs at most one comparison, which stops at the first differing character.
 */
class SharedStrings {
  private readonly slots: (string | undefined)[] = Array.from({ length: SHARED_SLOTS }, () => undefined)

  /** The copy kept of a string met before (else `value`, now kept). */
  share(value: string): string {
    const length = value.length
    if (length === 0) return value
    const slot = (length * 977 + value.charCodeAt(0) * 31 + value.charCodeAt(length - 1) * 7 + value.charCodeAt(length >> 1) * 3 + value.charCodeAt(length >> 2)) & (SHARED_SLOTS - 1)
    const kept = this.slots[slot]
    if (kept === value) return kept
    this.slots[slot] = value
    return value
  }
}

class ParsedWalk {
  /** Running size (JSON characters, the same count as `Walk.grow`). */
  private size = 0
  private hostile = false
  private readonly strings = new SharedStrings()

  freeze<T>(value: T, label: string, root: string, options: JsonCopyOptions): T {
    this.size = 0
    this.hostile = options.hostile === true
    if (this.value(value, 0) && this.size <= options.maxBytes) return value
    return freezeJson(value, label, root, options)
  }

  /** False as soon as `value` needs the full walk; freezes each container it accepts. */
  private value(value: unknown, depth: number): boolean {
    switch (typeof value) {
      case 'string':
        this.size += value.length + 2
        return true
      case 'number':
        if (value === 0 ? 1 / value < 0 : !Number.isFinite(value)) return false
        this.size += 8
        return true
      case 'boolean':
        this.size += 5
        return true
      case 'object':
        if (value === null) {
          this.size += 4
          return true
        }
        if (depth >= MAX_JSON_DEPTH) return false
        return Array.isArray(value) ? this.array(value, depth + 1) : this.object(value as Record<string, unknown>, depth + 1)
      default:
        return false
    }
  }

  private array(value: unknown[], depth: number): boolean {
    this.size += 2 + value.length
    for (let i = 0; i < value.length; i++) if (!this.member(value as unknown as Record<number, unknown>, i, depth)) return false
    Object.freeze(value)
    return true
  }

  private object(value: Record<string, unknown>, depth: number): boolean {
    this.size += 2
    for (const key in value) {
      if (keyProblem(key, this.hostile) !== undefined) return false
      this.size += key.length + 4
      if (!this.member(value, key, depth)) return false
    }
    Object.freeze(value)
    return true
  }

  /** One member of a container not yet frozen; a string is swapped for the batch's copy. */
  private member(container: Record<string | number, unknown>, key: string | number, depth: number): boolean {
    const item = container[key]
    if (typeof item !== 'string') return this.value(item, depth)
    this.size += item.length + 2
    container[key] = this.strings.share(item)
    return true
  }
}

function arrayShapeProblem(value: unknown[]): string {
  for (let i = 0; i < value.length; i++) if (!(i in value)) return `sparse array (hole at index ${i})`
  return 'array with extra properties is not plain JSON'
}

function hiddenKeyProblem(value: object): string {
  const keys = Object.keys(value)
  const hidden = Object.getOwnPropertyNames(value).find(k => !keys.includes(k))
  if (hidden !== undefined) return `non-enumerable key "${hidden}" is not JSON`
  const symbol = Object.getOwnPropertySymbols(value)[0]
  if (symbol !== undefined) return `symbol key ${String(symbol)} is not JSON`
  let inherited = ''
  for (const key in value) if (!Object.hasOwn(value, key)) inherited ||= key
  return `inherited enumerable key "${inherited}" is not JSON`
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
