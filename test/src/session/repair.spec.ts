// Crash repair: closers for a cold log ending inside a turn — unknown-outcome and not-started
// results with exact ids and error names, step/end if open, turn/end interrupted; never truncates.
import { describe, expect, it } from 'vitest'
import { interruptedTurnClosers } from '../../../src/session/repair.ts'
import { Session } from '../../../src/session/session.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { appendTurn, assistant, header, newSession, sid, toolResult } from './fixtures.ts'

const call = (callId: string) => ({ turn: 1, step: 1, callId: callId as CallId, name: 'read', arguments: '{}' })

describe('interruptedTurnClosers', () => {
  it('returns nothing for a balanced log', () => {
    const s = newSession()
    appendTurn(s, 1, ['c1'])
    expect(interruptedTurnClosers(s.events)).toEqual([])
    expect(interruptedTurnClosers([])).toEqual([])
  })

  it('answers pending calls in model order, then closes step and turn', () => {
    const s = newSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('assistant/message', { turn: 1, step: 1, message: assistant('a', ['c1', 'c2', 'c3']) }, { surfaceOp: 'append' })
    const c1 = s.append('tool/call', call('c1'))
    s.append('tool/result', { turn: 1, step: 1, message: toolResult('c1', 'ok') }, { surfaceOp: 'append', sourceEventSeqs: [c1.seq] })
    const c2 = s.append('tool/call', call('c2'))
    const last = s.events.at(-1)!
    const closers = interruptedTurnClosers(s.events)
    expect(closers.map(e => [e.seq, e.type, e.time])).toEqual([
      [6, 'tool/result', last.time], [7, 'tool/result', last.time], [8, 'step/end', last.time], [9, 'turn/end', last.time],
    ])
    expect(closers[0]).toMatchObject({
      surfaceOp: 'append',
      sourceEventSeqs: [c2.seq],
      data: {
        turn: 1, step: 1,
        error: { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' },
        message: { id: 'interrupted-tool-result-c2-6', role: 'user', source: { kind: 'tool', callId: 'c2' }, content: [{ type: 'tool-result', toolCallId: 'c2', isError: true }] },
      },
    })
    expect(closers[1]).not.toHaveProperty('sourceEventSeqs')
    expect(closers[1]).toMatchObject({ data: { error: { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' }, message: { id: 'interrupted-tool-result-c3-7' } } })
    expect(closers[3]!.data).toEqual({ turn: 1, reason: { kind: 'interrupted' } })
  })

  it('answers only the calls an assistant/message requested: a bare tool/call gets no result (dsh adds only closers)', () => {
    const s = newSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('assistant/message', { turn: 1, step: 1, message: assistant('a', ['c1']) }, { surfaceOp: 'append' })
    s.append('tool/call', call('c1'))
    s.append('tool/call', call('bare'))
    const closers = interruptedTurnClosers(s.events)
    expect(closers.map(e => e.type)).toEqual(['tool/result', 'step/end', 'turn/end'])
    expect(closers[0]).toMatchObject({ data: { message: { source: { callId: 'c1' } }, error: { code: 'TOOL_OUTCOME_UNKNOWN' } } })
  })

  it('closes a turn whose step already ended with only turn/end', () => {
    const s = newSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('step/end', { turn: 1, step: 1 })
    expect(interruptedTurnClosers(s.events).map(e => e.type)).toEqual(['turn/end'])
  })

  it('produces events a Session accepts as a seed (repair is committed verbatim)', () => {
    const s = newSession()
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('assistant/message', { turn: 1, step: 1, message: assistant('', ['c1']) }, { surfaceOp: 'append' })
    const repaired = [...s.events, ...interruptedTurnClosers(s.events)]
    const resumed = new Session({ id: sid(), header: header(), seed: repaired })
    expect(resumed.openTurn).toBeUndefined()
    expect(resumed.events.slice(0, s.events.length)).toEqual(s.events)
    expect(resumed.deriveMessages().map(m => m.id)).toEqual(['a-', 'interrupted-tool-result-c1-3'])
  })

  it('ignores turns left open before the last end-seed (dead openers)', () => {
    const seed = [{ type: 'turn/start' as const, seq: 0, time: 1, data: { turn: 1 } }]
    const s = new Session({ id: sid(), header: header(), seed })
    expect(interruptedTurnClosers(s.events)).toEqual([])
  })
})
