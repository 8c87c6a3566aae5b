// Surface ops: surfaceOp required on exactly the three surface types, sourceEventSeqs rules,
// positional replace validation, the tool/result pruning rule, and derivation after replace.
import { describe, expect, it } from 'vitest'
import type { Session } from '../../../src/session/session.ts'
import type { SessionEventMap } from '../../../src/session/types.ts'
import { appendTurn, assistant, newSession, toolResult, user } from './fixtures.ts'
import { extendsList } from '../../../src/util/list-lineage.ts'

function refused(session: Session, run: () => unknown): { code: string; message: string } {
  const before = [...session.events]
  const surface = session.surface
  let error: unknown
  try {
    run()
  } catch (e) {
    error = e
  }
  expect(error, 'append was accepted').toBeInstanceOf(Error)
  expect(session.events).toEqual(before)
  expect(session.surface).toEqual(surface)
  return { code: (error as { code: string }).code, message: (error as Error).message }
}

describe('surface intent', () => {
  it('requires surfaceOp on surface types', () => {
    const s = newSession()
    const any = s as unknown as { append(type: string, data: unknown, intent?: unknown): unknown }
    expect(refused(s, () => any.append('user/message', user('x')))).toEqual({ code: 'INVALID_INTENT', message: 'user/message: surfaceOp is required on a surface type' })
  })

  it('refuses surfaceOp and sourceEventSeqs on other types', () => {
    const s = newSession()
    const any = s as unknown as { append(type: string, data: unknown, intent?: unknown): unknown }
    const msg = 'turn/start: surfaceOp and sourceEventSeqs are only allowed on surface types (user/message, assistant/message, tool/result)'
    expect(refused(s, () => any.append('turn/start', { turn: 1 }, { surfaceOp: 'append' }))).toEqual({ code: 'INVALID_INTENT', message: msg })
    expect(refused(s, () => any.append('turn/start', { turn: 1 }, { sourceEventSeqs: [0] }))).toEqual({ code: 'INVALID_INTENT', message: msg })
    expect(refused(s, () => any.append('turn/start', { turn: 1 }, { other: 1 })).message).toBe('turn/start: unknown intent key(s) other')
    expect(refused(s, () => any.append('turn/start', { turn: 1 }, { ignorable: false })).message).toBe('turn/start: ignorable must be true when present')
  })

  it('stores ignorable: true on the envelope', () => {
    const s = newSession()
    expect(s.append('permission/preset', { preset: 'x' }, { ignorable: true })).toMatchObject({ ignorable: true })
  })

  it('checks sourceEventSeqs: unique, earlier, non-negative ints; [] only on assistant/message', () => {
    const s = newSession()
    appendTurn(s, 1)
    expect(refused(s, () => s.append('user/message', user('y'), { surfaceOp: 'append', sourceEventSeqs: [] })).message)
      .toBe('user/message: an empty sourceEventSeqs is only allowed on assistant/message')
    expect(refused(s, () => s.append('user/message', user('y'), { surfaceOp: 'append', sourceEventSeqs: [1, 1] })).message)
      .toBe('user/message: sourceEventSeqs repeats 1')
    expect(refused(s, () => s.append('user/message', user('y'), { surfaceOp: 'append', sourceEventSeqs: [7] })).message)
      .toBe('user/message: sourceEventSeqs entry 7 must be an integer in [0, 6)')
    expect(refused(s, () => s.append('user/message', user('y'), { surfaceOp: 'append', sourceEventSeqs: [-1] })).code).toBe('INVALID_SOURCE_SEQS')
  })

  it('refuses malformed surface ops', () => {
    const s = newSession()
    const op = { op: 'splice', start: 0, end: 0 } as unknown as 'append'
    expect(refused(s, () => s.append('user/message', user('y'), { surfaceOp: op })).message)
      .toBe('user/message: surfaceOp must be \'append\' or {op:\'replace\', start, end}, got {"op":"splice","start":0,"end":0}')
  })
})

describe('message shape on append', () => {
  it.each([
    ['user/message', { ...user('x'), role: 'assistant' }, 'user/message: data.role must be "user", got "assistant"'],
    ['user/message', { ...user('x'), id: '' }, 'user/message: data.id must be a non-empty string'],
    ['assistant/message', { turn: 1, step: 1, message: { ...assistant('x'), source: { kind: 'model', provider: '', model: 'm' } } }, 'assistant/message: data.message.source needs non-empty provider and model'],
    ['tool/result', { turn: 1, step: 1, message: { ...toolResult('c1', 'x'), source: { kind: 'tool', callId: 'c2' } } }, 'tool/result: data.message.content[0].toolCallId "c1" must equal source.callId "c2"'],
  ])('%s', (type, data, message) => {
    const s = newSession()
    const any = s as unknown as { append(type: string, data: unknown, intent?: unknown): unknown }
    expect(refused(s, () => any.append(type, data, { surfaceOp: 'append' }))).toEqual({ code: 'INVALID_MESSAGE', message })
  })
})

describe('replace', () => {
  function twoTurns(): Session {
    const s = newSession()
    appendTurn(s, 1)
    appendTurn(s, 2, ['c1'])
    return s
  }

  it('replaces a positional span, bumps replaceGeneration and re-derives', () => {
    const s = twoTurns()
    const nodes = s.surface.nodes
    expect(s.deriveMessages().map(m => m.id)).toEqual(['u-q1', 'a-answer1', 'u-q2', 'a-answer2', 'r-c1'])
    const summary = s.append('user/message', user('summary'), { surfaceOp: { op: 'replace', start: nodes[0]!, end: nodes[1]! }, sourceEventSeqs: [nodes[0]!, nodes[1]!] })
    expect(s.surface).toEqual({ nodes: [summary.seq, ...nodes.slice(2)], replaceGeneration: 1 })
    expect(s.deriveMessages().map(m => m.id)).toEqual(['u-summary', 'u-q2', 'a-answer2', 'r-c1'])
    s.append('user/message', user('after'), { surfaceOp: 'append' })
    expect(s.deriveMessages().map(m => m.id)).toEqual(['u-summary', 'u-q2', 'a-answer2', 'r-c1', 'u-after'])
  })

  it('a replace splices the derivation in place: nodes without a message (empty assistant) are skipped, a fold of the surface agrees', () => {
    const s = newSession()
    const fold = () => s.surface.nodes.flatMap((seq) => {
      const e = s.events[seq]!
      if (e.type === 'user/message') return [e.data.id]
      if (e.type === 'assistant/message') return e.data.message.content.length > 0 ? [e.data.message.id] : []
      return e.type === 'tool/result' ? [e.data.message.id] : []
    })
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      s.append('user/message', user(text), { surfaceOp: 'append' })
      s.append('assistant/message', { turn: 1, step: 1, message: assistant('', [], `a-empty-${text}`) }, { surfaceOp: 'append' })
    }
    const derived = s.deriveMessages()
    expect(derived.map(m => m.id)).toEqual(['u-a', 'u-b', 'u-c', 'u-d', 'u-e'])
    derived.pop()
    expect(s.deriveMessages()).toHaveLength(5) // each call returns the caller's own copy
    const replaceSpan = (from: number, to: number, type: 'user/message' | 'assistant/message', id: string) => {
      const nodes = s.surface.nodes.slice(from, to + 1)
      const data = type === 'user/message' ? user(id) : { turn: 1, step: 1, message: assistant('', [], id) }
      s.append(type, data as never, { surfaceOp: { op: 'replace', start: nodes[0]!, end: nodes.at(-1)! }, sourceEventSeqs: nodes })
      expect(s.deriveMessages().map(m => m.id), `after replacing [${from}, ${to}] with ${id}`).toEqual(fold())
    }
    replaceSpan(1, 3, 'user/message', 'summary-1') // from an empty assistant through a user message
    replaceSpan(0, 0, 'assistant/message', 'empty-summary') // a node that made a message becomes one that does not
    replaceSpan(2, 4, 'user/message', 'summary-2')
    replaceSpan(0, s.surface.nodes.length - 1, 'user/message', 'summary-all')
    s.append('user/message', user('after'), { surfaceOp: 'append' })
    expect(s.deriveMessages().map(m => m.id)).toEqual(['u-summary-all', 'u-after'])
    expect(s.surface.replaceGeneration).toBe(4)
  })

  it('tags shared derivations of one generation as extending each other, and a replace starts a new lineage', () => {
    const s = twoTurns()
    const before = s.sharedMessages()
    s.append('user/message', user('more'), { surfaceOp: 'append' })
    const grown = s.sharedMessages()
    expect(extendsList(grown, before)).toBe(true)
    expect(extendsList(before, grown)).toBe(false)
    const nodes = s.surface.nodes
    s.append('user/message', user('summary'), { surfaceOp: { op: 'replace', start: nodes[0]!, end: nodes[1]! }, sourceEventSeqs: [nodes[0]!, nodes[1]!] })
    s.append('user/message', user('after'), { surfaceOp: 'append' })
    const rewritten = s.sharedMessages()
    expect(rewritten.length).toBeGreaterThan(before.length)
    expect(extendsList(rewritten, before)).toBe(false)
    expect(extendsList(rewritten, grown)).toBe(false)
  })

  it('allows start > end numerically when positions are in order', () => {
    const s = twoTurns()
    const [a, b] = s.surface.nodes
    const first = s.append('user/message', user('s1'), { surfaceOp: { op: 'replace', start: a!, end: a! }, sourceEventSeqs: [a!] })
    s.append('user/message', user('s2'), { surfaceOp: { op: 'replace', start: first.seq, end: b! }, sourceEventSeqs: [first.seq, b!] })
    expect(s.surface.replaceGeneration).toBe(2)
    expect(s.deriveMessages()[0]!.id).toBe('u-s2')
  })

  it('refuses an absent node, an inverted span and an uncited shadowed node', () => {
    const s = twoTurns()
    const [a, b, c] = s.surface.nodes
    expect(refused(s, () => s.append('user/message', user('x'), { surfaceOp: { op: 'replace', start: 0, end: b! }, sourceEventSeqs: [0, a!, b!] })).message)
      .toBe('user/message: replace start 0 is not a current surface node')
    expect(refused(s, () => s.append('user/message', user('x'), { surfaceOp: { op: 'replace', start: c!, end: a! }, sourceEventSeqs: [a!, b!, c!] })).message)
      .toBe(`user/message: replace start ${c} comes after end ${a} on the surface`)
    expect(refused(s, () => s.append('user/message', user('x'), { surfaceOp: { op: 'replace', start: a!, end: c! }, sourceEventSeqs: [a!, c!] })))
      .toEqual({ code: 'INVALID_SOURCE_SEQS', message: `user/message: sourceEventSeqs must include every shadowed node; missing ${b}` })
  })

  it('prunes one tool/result when only the block content changes', () => {
    const s = twoTurns()
    const original = s.events.find(e => e.type === 'tool/result')! as { seq: number; data: SessionEventMap['tool/result'] }
    const [block] = original.data.message.content
    const pruned = { ...original.data, message: { ...original.data.message, content: [{ ...block, content: [{ type: 'text', text: '[pruned]' }] }] } } as SessionEventMap['tool/result']
    s.append('tool/result', pruned, { surfaceOp: { op: 'replace', start: original.seq, end: original.seq }, sourceEventSeqs: [original.seq] })
    expect(s.deriveMessages().at(-1)!.content).toEqual([{ ...block, content: [{ type: 'text', text: '[pruned]' }] }])
  })

  it('refuses a tool/result replace that shadows other nodes or changes more than content', () => {
    const s = twoTurns()
    const original = s.events.find(e => e.type === 'tool/result')! as { seq: number; data: SessionEventMap['tool/result'] }
    const [first] = s.surface.nodes
    const op = { op: 'replace' as const, start: first!, end: first! }
    expect(refused(s, () => s.append('tool/result', original.data, { surfaceOp: op, sourceEventSeqs: [first!] })).message)
      .toBe(`tool/result: a tool/result replace must shadow exactly one tool/result; it shadows ${first} (user/message)`)
    const changed = { ...original.data, meta: { extra: true } }
    expect(refused(s, () => s.append('tool/result', changed, { surfaceOp: { op: 'replace', start: original.seq, end: original.seq }, sourceEventSeqs: [original.seq] })).message)
      .toBe(`tool/result: a tool/result replace may change only the tool-result block's content (seq ${original.seq} differs elsewhere)`)
  })
})

describe('deriveMessages caching', () => {
  it('sharedMessages() is the same frozen array until the surface changes; log-only events do not invalidate it', () => {
    const s = newSession()
    appendTurn(s, 1)
    const first = s.sharedMessages()
    expect(Object.isFrozen(first)).toBe(true)
    s.append('permission/preset', { preset: 'x' })
    expect(s.sharedMessages()).toBe(first)
    s.append('user/message', user('z'), { surfaceOp: 'append' })
    expect(s.sharedMessages()).not.toBe(first)
    expect(first).toHaveLength(2)
  })

  it('deriveMessages() returns the caller\'s own array of the same frozen messages, as dsh does', () => {
    const s = newSession()
    appendTurn(s, 1)
    const mine = s.deriveMessages()
    const again = s.deriveMessages()
    expect(mine).not.toBe(again)
    expect(Object.isFrozen(mine)).toBe(false)
    mine.push(user('mine only'))
    expect(s.deriveMessages()).toHaveLength(2)
    expect(again.every((message, i) => message === s.sharedMessages()[i] && Object.isFrozen(message))).toBe(true)
  })
})
