// Lossless JSON on append: every non-JSON value is refused with the event type and JSON path,
// and the log, surface and messages stay exactly as they were.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { SessionAppendError } from '../../../src/session/errors.ts'
import type { SessionEventMap } from '../../../src/session/types.ts'
import { copyJson, formatPath, freezeJson, MAX_JSON_DEPTH, parsedJsonFreezer } from '../../../src/session/validate-json.ts'
import { bootStore } from './store-fixture.ts'
import { newSession, toolResult } from './fixtures.ts'

function appendMeta(meta: unknown, options: { maxEventBytes?: number } = {}) {
  const session = newSession(options)
  session.append('turn/start', { turn: 1 })
  session.append('step/start', { turn: 1, step: 1 })
  const before = [...session.events]
  const data = { turn: 1, step: 1, message: toolResult('c1', 'ok'), meta } as unknown as SessionEventMap['tool/result']
  let error: unknown
  try {
    session.append('tool/result', data, { surfaceOp: 'append' })
  } catch (e) {
    error = e
  }
  expect(session.events).toEqual(before)
  expect(session.surface.nodes).toEqual([])
  expect(session.deriveMessages()).toEqual([])
  expect(error).toBeInstanceOf(SessionAppendError)
  return error as SessionAppendError
}

class Point {
  x = 1
}

const cyclic: Record<string, unknown> = { a: 1 }
cyclic.self = cyclic
const sparse = [1, 2, 3]
delete sparse[1]
const withSymbolKey = { [Symbol('s')]: 1 }
const withHidden = Object.defineProperty({}, 'hidden', { value: 1, enumerable: false })

const REFUSED: [unknown, string][] = [
    [{ when: new Date(0) }, 'tool/result data.meta.when: Date is not plain JSON'],
    [{ m: new Map() }, 'tool/result data.meta.m: Map is not plain JSON'],
    [{ s: new Set() }, 'tool/result data.meta.s: Set is not plain JSON'],
    [{ p: new Point() }, 'tool/result data.meta.p: Point is not plain JSON'],
    [{ u: undefined }, 'tool/result data.meta.u: undefined is not JSON (omit optional fields instead)'],
    [{ n: Number.NaN }, 'tool/result data.meta.n: NaN is not JSON'],
    [{ list: [1, Infinity] }, 'tool/result data.meta.list[1]: Infinity is not JSON'],
    [{ n: -Infinity }, 'tool/result data.meta.n: -Infinity is not JSON'],
    [{ z: -0 }, 'tool/result data.meta.z: -0 is not lossless JSON'],
    [{ b: 10n }, 'tool/result data.meta.b: BigInt is not JSON'],
    [{ f: () => 1 }, 'tool/result data.meta.f: function is not JSON'],
    [{ y: Symbol('y') }, 'tool/result data.meta.y: symbol is not JSON'],
    [cyclic, 'tool/result data.meta.self: cycle (the value contains itself)'],
    [{ sparse }, 'tool/result data.meta.sparse: sparse array (hole at index 1)'],
    [withSymbolKey, 'tool/result data.meta: symbol key Symbol(s) is not JSON'],
    [withHidden, 'tool/result data.meta: non-enumerable key "hidden" is not JSON'],
    [JSON.parse('{"__proto__": {"polluted": true}}'), 'tool/result data.meta.__proto__: forbidden key "__proto__"'],
    [{ headers: { Authorization: 'Bearer x' } }, 'tool/result data.meta.headers.Authorization: secret-looking key "Authorization" is refused (credentials never enter the log)'],
    [{ 'a b': { apiKey: 'k' } }, 'tool/result data.meta["a b"].apiKey: secret-looking key "apiKey" is refused (credentials never enter the log)'],
]

describe('append refuses non-JSON data, naming type and path', () => {
  it.each(REFUSED)('%o', (meta, message) => {
    const error = appendMeta(meta)
    expect(error.code).toBe('INVALID_EVENT_DATA')
    expect(error.message).toBe(message)
  })

  it('refuses an over-size payload with PAYLOAD_TOO_LARGE', () => {
    const error = appendMeta({ blob: 'x'.repeat(2000) }, { maxEventBytes: 1000 })
    expect(error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(error.message).toBe('tool/result data.meta.blob: payload exceeds 1000 bytes of JSON')
  })

  it('refuses constructor keys only for hostile input', () => {
    expect(copyJson({ constructor: 1 }, 't', 'data', { maxBytes: 100 })).toEqual({ constructor: 1 })
    expect(() => copyJson({ constructor: 1 }, 't', 'data', { maxBytes: 100, hostile: true })).toThrow('t data.constructor: forbidden key "constructor"')
  })

  it('copies with the same key order and freezes every level', () => {
    const source = { b: 1, a: [{ z: null, y: 's', x: true }] }
    const copy = copyJson(source, 't', 'data', { maxBytes: 1000 })
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source))
    expect(copy).not.toBe(source)
    expect(Object.isFrozen(copy) && Object.isFrozen(copy.a) && Object.isFrozen(copy.a[0])).toBe(true)
  })

  it('allows shared (non-cyclic) references and accepts 0', () => {
    const shared = { v: 0 }
    expect(copyJson({ a: shared, b: shared }, 't', 'data', { maxBytes: 1000 })).toEqual({ a: { v: 0 }, b: { v: 0 } })
  })

  it('formats paths with brackets for non-identifier keys', () => {
    expect(formatPath('data', ['meta', 0, 'a-b', 'ok'])).toBe('data.meta[0]["a-b"].ok')
  })
})

describe('freezeJson: the same checks in place, for values nobody else holds', () => {
  const opts = { maxBytes: 8 * 1024 * 1024 }
  const payload = (meta: unknown) => ({ turn: 1, step: 1, message: toolResult('c1', 'ok'), meta })

  it.each(REFUSED)('refuses %o with the append error', (meta, message) => {
    expect(() => freezeJson(payload(meta), 'tool/result', 'data', opts)).toThrow(expect.objectContaining({ name: 'SessionAppendError', code: 'INVALID_EVENT_DATA', message }))
  })

  it('refuses an over-size payload with PAYLOAD_TOO_LARGE at the same path', () => {
    const run = () => freezeJson(payload({ blob: 'x'.repeat(2000) }), 'tool/result', 'data', { maxBytes: 1000 })
    expect(run).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: 'tool/result data.meta.blob: payload exceeds 1000 bytes of JSON' }))
  })

  it('returns the value itself, frozen at every level, same key order', () => {
    const value = JSON.parse('{"b":1,"a":[{"z":null,"y":"s","x":true}]}')
    const frozen = freezeJson(value, 't', 'data', opts)
    expect(frozen).toBe(value)
    expect(JSON.stringify(frozen)).toBe('{"b":1,"a":[{"z":null,"y":"s","x":true}]}')
    expect(Object.isFrozen(frozen) && Object.isFrozen(frozen.a) && Object.isFrozen(frozen.a[0])).toBe(true)
  })

  it('refuses a key inherited from a polluted Object.prototype instead of copying it', () => {
    Object.defineProperty(Object.prototype, 'polluted', { value: 1, enumerable: true, configurable: true, writable: true })
    const messages: string[] = []
    try {
      for (const check of [copyJson, freezeJson]) {
        try {
          check({ a: 1 }, 't', 'data', opts)
        } catch (error) {
          messages.push((error as Error).message)
        }
      }
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
    expect(messages).toEqual(['t data: inherited enumerable key "polluted" is not JSON', 't data: inherited enumerable key "polluted" is not JSON'])
  })
})

describe('parsedJsonFreezer: the walk for values fresh from JSON.parse', () => {
  const opts = { maxBytes: 8 * 1024 * 1024 }
  const verdict = (check: typeof freezeJson, text: string, options: { maxBytes: number; hostile?: boolean } = opts) => {
    try {
      return check(JSON.parse(text), 'tool/result', 'data', options)
    } catch (error) {
      return { error: { name: (error as Error).name, code: (error as SessionAppendError).code, message: (error as Error).message } }
    }
  }
  const REFUSED_TEXT: [string, { maxBytes: number; hostile?: boolean }?][] = [
    ['{"meta":{"when":1e999}}'],
    ['{"meta":[1,-1e999]}'],
    ['{"meta":{"z":-0}}'],
    ['{"meta":{"__proto__":{"polluted":true}}}'],
    ['{"meta":{"headers":{"Authorization":"Bearer x"}}}'],
    ['{"meta":{"a b":[{"apiKey":"k"}]}}'],
    ['{"meta":{"constructor":1}}', { ...opts, hostile: true }],
    [`{"meta":{"blob":"${'x'.repeat(2000)}"}}`, { maxBytes: 1000 }],
    [`{"meta":{"list":[${'1,'.repeat(300)}1]}}`, { maxBytes: 1000 }], // short text, yet over the count a number costs
    [`{"meta":${'['.repeat(MAX_JSON_DEPTH + 5)}${']'.repeat(MAX_JSON_DEPTH + 5)}}`],
  ]

  it.each(REFUSED_TEXT)('refuses %s with the very error freezeJson gives', (text, options) => {
    const fast = verdict(parsedJsonFreezer(), text, options)
    expect(fast).toHaveProperty('error.name', 'SessionAppendError')
    expect(fast).toEqual(verdict(freezeJson, text, options))
  })

  it('accepts what freezeJson accepts: the value itself, frozen at every level, same JSON', () => {
    const text = `{"b":1,"a":[{"z":null,"y":"s","x":true,"w":-1.5e-7,"v":0}],"constructor":"ok when not hostile","deep":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`
    const value = JSON.parse(text)
    const frozen = parsedJsonFreezer()(value, 't', 'data', opts)
    expect(frozen).toBe(value)
    expect(JSON.stringify(frozen)).toBe(JSON.stringify(JSON.parse(text)))
    expect(Object.isFrozen(frozen) && Object.isFrozen(frozen.a) && Object.isFrozen(frozen.a[0]) && Object.isFrozen(frozen.deep)).toBe(true)
  })

  it('keeps every string equal to what was parsed while sharing copies of repeated short ones', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}${'x'.repeat(i % 31)}`)
    const text = JSON.stringify({ words, again: words.slice(0, 5000), tags: words.map((w, i) => ({ [`k${i % 7}`]: w })) })
    const frozen = parsedJsonFreezer()(JSON.parse(text), 't', 'data', opts)
    expect(JSON.stringify(frozen)).toBe(text)
  })

  it('holds one copy of a string repeated across the values of a batch, whatever its length', () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const output = `${'tool output line\n'.repeat(600)}done` // ~10 KB, as a re-read file or a repeated tool result
    const lines = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ turn: i, message: { content: [{ type: 'text', text: output }] } }))
    const freeze = parsedJsonFreezer()
    gc()
    const before = process.memoryUsage().heapUsed
    const held = lines.map(line => freeze(JSON.parse(line), 'tool/result', 'data', opts))
    gc()
    const grown = process.memoryUsage().heapUsed - before
    expect(held.every(value => value.message.content[0].text === output)).toBe(true)
    expect(grown).toBeLessThan(output.length * held.length / 4) // 1000 parsed copies would hold ~10 MB
  })

  it('is freezeJson itself while Object.prototype carries an enumerable key (for-in would see it)', () => {
    Object.defineProperty(Object.prototype, 'polluted', { value: 1, enumerable: true, configurable: true, writable: true })
    let message: string | undefined
    try {
      const check = parsedJsonFreezer()
      expect(check).toBe(freezeJson)
      check(JSON.parse('{"a":1}'), 't', 'data', opts)
    } catch (error) {
      message = (error as Error).message
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
    expect(message).toBe('t data: inherited enumerable key "polluted" is not JSON')
    expect(parsedJsonFreezer()).not.toBe(freezeJson)
  })
})

describe('nesting depth', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf'
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
    return value
  }

  it('accepts the limit and refuses deeper by name (never a stack overflow), with a short path', () => {
    const options = { maxBytes: 8 * 1024 * 1024 }
    expect(() => copyJson(nested(MAX_JSON_DEPTH), 't', 'data', options)).not.toThrow()
    for (const depth of [MAX_JSON_DEPTH + 1, 10_000]) {
      const refused = (() => { try { freezeJson(nested(depth), 't', 'data', options) } catch (error) { return error as SessionAppendError } })()
      expect(refused).toBeInstanceOf(SessionAppendError)
      expect(refused?.code).toBe('INVALID_EVENT_DATA')
      expect(refused?.message).toMatch(new RegExp(`^t data(\\.a|\\[0\\]){8}…: nesting too deep \\(limit ${MAX_JSON_DEPTH}\\)$`))
    }
  })

  it('an imported line nested 10k deep is refused on its line with "nesting too deep"', async () => {
    const root = await bootStore()
    const header = JSON.stringify({ type: 'session', version: 0, id: 'deep', createdAt: 1, delegationDepth: 0 })
    const deep = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}` // written as text: JSON.stringify itself overflows here
    const event = `{"type":"permission/preset","seq":0,"time":1,"ignorable":true,"data":{"preset":${deep}}}`
    const error = await root.sessions.import(`${header}\n${event}\n`).then(() => undefined, (e: unknown) => e as Error)
    expect(error?.message).toMatch(new RegExp(`^line 2: .*nesting too deep \\(limit ${MAX_JSON_DEPTH}\\)$`))
    expect(await root.sessions.list()).toEqual([])
  })
})
