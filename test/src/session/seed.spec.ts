// Seeds: seq === index, allowed envelope keys only, payload and surface checks, end-seed rule.
import { describe, expect, it } from 'vitest'
import { Session } from '../../../src/session/session.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import { appendTurn, header, newSession, sid, user } from './fixtures.ts'

const seeded = (seed: readonly unknown[], publish?: () => void, adoptSeed: boolean | 'parsed' = false) => new Session({ id: sid(), header: header(), seed: seed as SessionEvent[], now: () => 5, publish, adoptSeed })

describe('seeds', () => {
  it('appends an unpublished end-seed unless the seed ends with one', () => {
    const source = newSession()
    appendTurn(source, 1)
    let published = 0
    const child = seeded(source.events, () => published++)
    expect(child.events.length).toBe(source.events.length + 1)
    expect(child.events.at(-1)).toEqual({ type: 'session/end-seed', seq: source.events.length, time: 5, data: {} })
    expect(child.firstLiveSeq).toBe(source.events.length + 1)
    expect(published).toBe(0)
    const again = seeded(child.events)
    expect(again.events).toEqual(child.events)
    expect(again.firstLiveSeq).toBe(child.events.length)
  })

  it('shares a prefix of events another session of this realm validated (no copy); the rest is copied and checked', () => {
    const source = newSession()
    appendTurn(source, 1, ['c1'])
    const shared = seeded(source.events)
    source.events.forEach((event, i) => expect(shared.events[i], `seq ${i}`).toBe(event))
    expect(shared.deriveMessages()).toEqual(source.deriveMessages())
    const foreign = structuredClone(source.events) // same content, not validated here: copied and checked
    const copied = seeded(foreign)
    expect(copied.events[2]).not.toBe(foreign[2])
    expect(copied.events.slice(0, foreign.length)).toEqual(source.events)
    expect(() => seeded([source.events[0], source.events[2]])).toThrow(expect.objectContaining({ code: 'INVALID_SEED_SEQ', index: 1 }))
    const tampered = [...source.events.slice(0, 2), { ...source.events[2]!, data: { ...source.events[2]!.data, role: 'system' } }, ...source.events.slice(3)]
    expect(() => seeded(tampered)).toThrow(expect.objectContaining({ code: 'INVALID_SEED_EVENT', index: 2 })) // a changed object is not the validated one
    const resumed = seeded(tampered.slice(0, 2))
    expect(resumed.events[1]).toBe(source.events[1])
    // An event validated in another log, after a different prefix, is checked in full: a replace off this surface is refused.
    const withReplace = newSession()
    withReplace.append('turn/start', { turn: 1 })
    withReplace.append('step/start', { turn: 1, step: 1 })
    const node = withReplace.append('user/message', { id: 'u1', role: 'user', content: [{ type: 'text', text: 'x' }], source: { kind: 'user' } } as never, { surfaceOp: 'append' })
    const replace = withReplace.append('user/message', { id: 'u2', role: 'user', content: [{ type: 'text', text: 'y' }], source: { kind: 'user' } } as never, { surfaceOp: { op: 'replace', start: node.seq, end: node.seq }, sourceEventSeqs: [node.seq] })
    const other = newSession()
    other.append('turn/start', { turn: 1 })
    other.append('step/start', { turn: 1, step: 1 })
    other.append('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'z' } })
    expect(() => seeded([...other.events, replace])).toThrow(expect.objectContaining({ code: 'INVALID_SEED_EVENT', index: 3 }))
  })

  it('gives an empty seed exactly one end-seed', () => {
    expect(seeded([]).events.map(e => e.type)).toEqual(['session/end-seed'])
  })

  it('copies the seed; the source objects are not shared or frozen by it', () => {
    const event = { type: 'turn/start', seq: 0, time: 1, data: { turn: 1 } }
    const s = seeded([event])
    expect(s.events[0]).toEqual(event)
    expect(s.events[0]).not.toBe(event)
    expect(Object.isFrozen(event)).toBe(false)
  })

  it('replays the surface and messages of the seed', () => {
    const source = newSession()
    appendTurn(source, 1, ['c1'])
    const child = seeded(source.events)
    expect(child.deriveMessages()).toEqual(source.deriveMessages())
    expect(child.surface.nodes).toEqual(source.surface.nodes)
    expect(child.lastTurn).toBe(1)
  })

  const REFUSED: [unknown[], string, string][] = [
    [[{ type: 'turn/start', seq: 1, time: 1, data: { turn: 1 } }], 'INVALID_SEED_SEQ', 'seed[0] has seq 1; expected 0'],
    [[{ type: 'turn/start', seq: 0, time: 1, data: { turn: 1 }, extra: 1 }], 'INVALID_SEED_KEYS', 'seed[0] has unknown key(s) extra'],
    [[{ type: 'turn/start', seq: 0, data: { turn: 1 } }], 'INVALID_SEED_EVENT', 'seed[0] needs a string type and a finite time'],
    [[{ type: 'turn/start', seq: 0, time: 1, data: { turn: Number.NaN } }], 'INVALID_SEED_EVENT', 'seed[0] turn/start data.turn: NaN is not JSON'],
    [[{ type: 'user/message', seq: 0, time: 1, data: { id: 'm', role: 'user', content: [], source: { kind: 'user' } } }], 'INVALID_SEED_EVENT', 'seed[0] user/message: surfaceOp is required on a surface type'],
    [[{ type: 'request/header', seq: 0, time: 1, data: { header: { config: { provider: 'p', model: '' } }, reason: 'initial' } }], 'INVALID_SEED_EVENT', 'seed[0] request/header: data.header.config needs non-empty provider and model'],
    [[{ type: 'turn/start', seq: 0, time: 1, data: JSON.parse('{"turn":1,"__proto__":{}}') }], 'INVALID_SEED_EVENT', 'seed[0] turn/start data.__proto__: forbidden key "__proto__"'],
    [[{ type: 'turn/start', seq: 0, time: 1, data: JSON.parse('{"turn":-0}') }], 'INVALID_SEED_EVENT', 'seed[0] turn/start data.turn: -0 is not lossless JSON'],
    [[{ type: 'tool/call', seq: 0, time: 1, data: { turn: 1, step: 1, callId: 'c', apiKey: 'k' } }], 'INVALID_SEED_EVENT', 'seed[0] tool/call data.apiKey: secret-looking key "apiKey" is refused (credentials never enter the log)'],
    [[{ type: 'turn/start', seq: 0, time: 1, data: { turn: 1 }, surfaceOp: 'append' }], 'INVALID_SEED_EVENT', 'seed[0] turn/start: surfaceOp and sourceEventSeqs are only allowed on surface types (user/message, assistant/message, tool/result)'],
  ]

  it.each(REFUSED)('refuses %j', (seed, code, message) => {
    expect(() => seeded(seed)).toThrow(expect.objectContaining({ name: 'SessionSeedError', code, message }))
  })

  it.each(REFUSED)('refuses %j with the same error when adopting the seed', (seed, code, message) => {
    expect(() => seeded(structuredClone(seed), undefined, true)).toThrow(expect.objectContaining({ name: 'SessionSeedError', code, message }))
  })

  it.each(REFUSED)('refuses %j with the same error when adopting a parsed seed (the walk specialised for JSON.parse output)', (seed, code, message) => {
    expect(() => seeded(structuredClone(seed), undefined, 'parsed')).toThrow(expect.objectContaining({ name: 'SessionSeedError', code, message }))
  })

  it.each([
    ['{"turn":1e999}', 'seed[0] turn/start data.turn: Infinity is not JSON'],
    ['{"turn":-1e999}', 'seed[0] turn/start data.turn: -Infinity is not JSON'],
    ['{"turn":1,"note":{"Authorization":"x"}}', 'seed[0] turn/start data.note.Authorization: secret-looking key "Authorization" is refused (credentials never enter the log)'],
  ])('refuses a parsed %s with the same error adopted as parsed, adopted or copied', (data, message) => {
    const seed = () => [JSON.parse(`{"type":"turn/start","seq":0,"time":1,"data":${data}}`)]
    for (const adopt of [false, true, 'parsed'] as const) {
      expect(() => seeded(seed(), undefined, adopt), String(adopt)).toThrow(expect.objectContaining({ name: 'SessionSeedError', code: 'INVALID_SEED_EVENT', message }))
    }
  })

  it('adopting a parsed seed gives the log, messages and frozen payloads adopting gives', () => {
    const source = newSession()
    appendTurn(source, 1, ['c1'])
    const text = JSON.stringify(source.events)
    const parsed = JSON.parse(text) as SessionEvent[]
    const adopted = seeded(parsed, undefined, 'parsed')
    expect(JSON.stringify(adopted.events)).toBe(JSON.stringify(seeded(JSON.parse(text) as SessionEvent[], undefined, true).events))
    expect(adopted.events.every((event, i) => i === parsed.length || event.data === parsed[i]!.data)).toBe(true)
    expect(adopted.events.every((event) => Object.isFrozen(event) && Object.isFrozen(event.data))).toBe(true)
    expect(adopted.deriveMessages()).toEqual(source.deriveMessages())
  })

  it('a seed holding another session\'s whole log takes over its state: same surface, messages and turns as folding a copy', () => {
    const source = newSession()
    appendTurn(source, 1, ['c1'])
    source.append('turn/start', { turn: 2 })
    source.append('step/start', { turn: 2, step: 1 })
    const node = source.append('user/message', user('x'), { surfaceOp: 'append' })
    source.append('user/message', user('summary'), { surfaceOp: { op: 'replace', start: node.seq, end: node.seq }, sourceEventSeqs: [node.seq] })
    const taken = seeded(source.events)
    const folded = seeded(structuredClone(source.events))
    source.events.forEach((event, i) => expect(taken.events[i], `seq ${i}`).toBe(event))
    expect(taken.events).toEqual(folded.events)
    expect(taken.surface).toEqual(folded.surface)
    expect(taken.deriveMessages()).toEqual(folded.deriveMessages())
    expect(taken.sharedMessages()).toEqual(folded.sharedMessages())
    expect([taken.lastTurn, taken.openTurn, taken.openStep, taken.lastStep]).toEqual([folded.lastTurn, folded.openTurn, folded.openStep, folded.lastStep])
    expect(taken.lastOfType('user/message')).toBe(source.events[node.seq + 1])
    // The copies are independent: the source goes on without touching the taken state, and back.
    source.append('step/end', { turn: 2, step: 1 })
    source.append('turn/end', { turn: 2, reason: { kind: 'completed' } })
    taken.append('turn/start', { turn: 3 })
    expect(taken.surface).toEqual(folded.surface)
    expect(taken.deriveMessages()).toEqual(folded.deriveMessages())
    expect([source.openTurn, taken.openTurn, folded.openTurn]).toEqual([undefined, 3, undefined])
  })

  it('adopting freezes the seed in place: same payload objects, same log as a copy', () => {
    const source = newSession()
    appendTurn(source, 1, ['c1'])
    const fresh = JSON.parse(JSON.stringify(source.events)) as SessionEvent[]
    const adopted = seeded(fresh, undefined, true)
    expect(adopted.events).toEqual(seeded(source.events).events)
    expect(JSON.stringify(adopted.events)).toBe(JSON.stringify(seeded(source.events).events))
    expect(adopted.events.every((event, i) => i === fresh.length || event.data === fresh[i]!.data)).toBe(true)
    expect(adopted.events.every((event) => Object.isFrozen(event) && Object.isFrozen(event.data))).toBe(true)
    expect(adopted.deriveMessages()).toEqual(source.deriveMessages())
  })

  it('adopting keeps an envelope in canonical key order and rebuilds any other in that order', () => {
    const canonical = { type: 'turn/start', seq: 0, time: 1, data: { turn: 1 } }
    const shuffled = { data: { turn: 1, reason: { kind: 'completed' } }, time: 2, seq: 1, type: 'turn/end' }
    const adopted = seeded([canonical, shuffled], undefined, true)
    expect(adopted.events[0]).toBe(canonical)
    expect(Object.isFrozen(canonical)).toBe(true)
    expect(adopted.events[1]).not.toBe(shuffled)
    expect(Object.keys(adopted.events[1]!)).toEqual(['type', 'seq', 'time', 'data'])
    expect(adopted.events[1]!.data).toBe(shuffled.data)
    expect(JSON.stringify(adopted.events)).toBe(JSON.stringify(seeded([canonical, shuffled]).events))
  })

  it('refuses a header of another format version or id', () => {
    expect(() => new Session({ id: sid(), header: { ...header(), version: 1 } })).toThrow('session format version 1 is not supported (this build reads 0)')
    expect(() => new Session({ id: sid('other'), header: header() })).toThrow('header must be {type:\'session\', id:"other"}, got id "s1"')
  })
})
