// §2.11 log invariant: each violation is refused before commit with concrete values, through
// the `session-invariant` plugin on ctx.sessions; valid logs (incl. repair output) pass.
import { describe, expect, it } from 'vitest'
import * as invariantPlugin from '../../../src/session/invariant.ts'
import { LogInvariant } from '../../../src/session/invariant.ts'
import { interruptedTurnClosers } from '../../../src/session/repair.ts'
import type { Session } from '../../../src/session/session.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { appendTurn, assistant, newSession, toolResult, user } from './fixtures.ts'
import { bootStore } from './store-fixture.ts'

async function checkedSession(): Promise<Session> {
  const root = await bootStore()
  await root.plugin(invariantPlugin)
  return root.sessions.create()
}

function violation(session: Session, run: (s: Session) => unknown): string {
  const length = session.events.length
  let error: unknown
  try {
    run(session)
  } catch (e) {
    error = e
  }
  expect((error as Error | undefined)?.name).toBe('SessionInvariantError')
  expect(session.events).toHaveLength(length)
  return (error as Error).message
}

const call = (callId: string, turn = 1, step = 1) => ({ turn, step, callId: callId as CallId, name: 'read', arguments: '{}' })

describe('session-invariant plugin', () => {
  it('accepts a well-formed log', async () => {
    const s = await checkedSession()
    appendTurn(s, 1, ['c1', 'c2'])
    s.append('user/message', user('between turns'), { surfaceOp: 'append' })
    appendTurn(s, 2)
    expect(s.lastTurn).toBe(2)
  })

  it('reports turn ordering and overlap', async () => {
    const s = await checkedSession()
    expect(violation(s, x => x.append('turn/start', { turn: 2 }))).toBe('seq 0: turn/start: turn 2 is out of order; expected turn 1')
    s.append('turn/start', { turn: 1 })
    expect(violation(s, x => x.append('turn/start', { turn: 2 }))).toBe('seq 1: turn/start: turn 2 starts while turn 1 is open')
    expect(violation(s, x => x.append('turn/end', { turn: 3, reason: { kind: 'completed' } }))).toBe('seq 1: turn/end: ends turn 3 but the open turn is 1')
  })

  it('reports step numbering and turn/end with a step open', async () => {
    const s = await checkedSession()
    s.append('turn/start', { turn: 1 })
    expect(violation(s, x => x.append('step/start', { turn: 1, step: 2 }))).toBe('seq 1: step/start: step 2 is out of order; expected step 1')
    s.append('step/start', { turn: 1, step: 1 })
    expect(violation(s, x => x.append('step/start', { turn: 1, step: 2 }))).toBe('seq 2: step/start: step 2 starts while step 1 is open')
    expect(violation(s, x => x.append('turn/end', { turn: 1, reason: { kind: 'completed' } }))).toBe('seq 2: turn/end: turn 1 ends while step 1 is open')
    expect(violation(s, x => x.append('step/end', { turn: 1, step: 2 }))).toBe('seq 2: step/end: names turn 1 step 2 but the open turn/step is 1/1')
  })

  it('requires step-scoped events to name the open turn and step', async () => {
    const s = await checkedSession()
    expect(violation(s, x => x.append('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: 'a' } })))
      .toBe('seq 0: assistant/chunk: names turn 1 step 1 but the open turn/step is none/none')
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    expect(violation(s, x => x.append('assistant/message', { turn: 1, step: 2, message: assistant('a') }, { surfaceOp: 'append' })))
      .toBe('seq 2: assistant/message: names turn 1 step 2 but the open turn/step is 1/1')
    expect(violation(s, x => x.append('tool/call', call('c1', 2)))).toBe('seq 2: tool/call: names turn 2 step 1 but the open turn/step is 1/1')
  })

  it('requires a prior same-step tool/call for an appended tool/result, except TOOL_NOT_STARTED', async () => {
    const s = await checkedSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('tool/call', call('c0'))
    s.append('step/end', { turn: 1, step: 1 })
    s.append('step/start', { turn: 1, step: 2 })
    expect(violation(s, x => x.append('tool/result', { turn: 1, step: 2, message: toolResult('c0', 'x') }, { surfaceOp: 'append' })))
      .toBe('seq 5: tool/result: answers call c0 with no prior tool/call in turn 1 step 2')
    s.append('tool/result', { turn: 1, step: 2, message: toolResult('c9', 'x'), error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' } }, { surfaceOp: 'append' })
  })

  it('refuses a surface replacement of a tool result outside any open turn, as dsh does', async () => {
    const s = await checkedSession()
    appendTurn(s, 1, ['c1'])
    const result = s.events.find(e => e.type === 'tool/result')!
    const pruned = { turn: 1, step: 1, message: toolResult('c1', '[pruned]') }
    const replace = { surfaceOp: { op: 'replace' as const, start: result.seq, end: result.seq }, sourceEventSeqs: [result.seq] }
    expect(violation(s, x => x.append('tool/result', pruned, replace)))
      .toBe(`seq ${s.events.length}: tool/result: a surface replacement of a tool result outside any open turn`)
    s.append('turn/start', { turn: 2 })
    expect(s.append('tool/result', pruned, replace).surfaceOp).toEqual(replace.surfaceOp)
  })

  it('keeps todo/write and request/* inside a turn', async () => {
    const s = await checkedSession()
    expect(violation(s, x => x.append('todo/write', { todos: [] }))).toBe('seq 0: todo/write: only allowed inside a turn; no turn is open')
    expect(violation(s, x => x.append('request/context', { provider: 'p', model: 'm' }))).toBe('seq 0: request/context: only allowed inside a turn; no turn is open')
  })

  it('stops checking after the plugin is disposed', async () => {
    const root = await bootStore()
    const fiber = await root.plugin(invariantPlugin)
    const s = await root.sessions.create()
    expect(() => s.append('turn/start', { turn: 5 })).toThrow('turn 5 is out of order')
    await fiber.dispose()
    expect(s.append('turn/start', { turn: 5 }).seq).toBe(0)
  })
})

describe('LogInvariant', () => {
  it('treats openers before an end-seed as dead and accepts repair closers', () => {
    const s = newSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('assistant/message', { turn: 1, step: 1, message: assistant('a', ['c1']) }, { surfaceOp: 'append' })
    s.append('tool/call', call('c1'))
    const invariant = new LogInvariant()
    for (const event of [...s.events, ...interruptedTurnClosers(s.events)]) invariant.accept(event)
    expect(invariant.openTurn).toBeUndefined()
    const dead = new LogInvariant()
    dead.accept({ type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } })
    dead.accept({ type: 'session/end-seed', seq: 1, time: 0, data: {} })
    dead.accept({ type: 'turn/start', seq: 2, time: 0, data: { turn: 2 } })
    expect(dead.openTurn).toBe(2)
  })
})
