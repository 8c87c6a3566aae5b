// Session: seq = log length, frozen stored events returned as stored, end-seed, publication rules.
import { describe, expect, it, vi } from 'vitest'
import { SessionAppendError } from '../../../src/session/errors.ts'
import { appendTurn, assistant, newSession, user } from './fixtures.ts'

describe('Session append', () => {
  it('starts empty without a seed (as dsh) and numbers events by log length', () => {
    const publish = vi.fn()
    const session = newSession({ publish })
    expect(session.events).toEqual([])
    expect(session.firstLiveSeq).toBe(0)
    const stored = session.append('turn/start', { turn: 1 })
    expect(stored).toEqual({ type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } })
    expect(session.events[0]).toBe(stored)
    expect(publish).toHaveBeenCalledExactlyOnceWith(stored)
    expect(session.events.every((e, i) => e.seq === i)).toBe(true)
  })

  it('closes a seed, even an empty one, with an unpublished end-seed', () => {
    const publish = vi.fn()
    const empty = newSession({ seed: [], publish })
    expect(empty.events.map(e => [e.seq, e.type])).toEqual([[0, 'session/end-seed']])
    expect(empty.firstLiveSeq).toBe(1)
    const seeded = newSession({ seed: [{ type: 'turn/start', seq: 0, time: 1, data: { turn: 1 } }, { type: 'turn/end', seq: 1, time: 2, data: { turn: 1, reason: { kind: 'completed' } } }] })
    expect(seeded.events.map(e => e.type)).toEqual(['turn/start', 'turn/end', 'session/end-seed'])
    expect(publish).not.toHaveBeenCalled()
  })

  it('returns the same frozen log array and deep-frozen events', () => {
    const session = newSession()
    const data = { turn: 1 }
    const stored = session.append('turn/start', data)
    expect(stored.data).not.toBe(data)
    expect(Object.isFrozen(stored) && Object.isFrozen(stored.data)).toBe(true)
    expect(session.events).toBe(session.events)
    const msg = session.append('user/message', user('hi'), { surfaceOp: 'append' })
    expect(Object.isFrozen(msg.data.content[0])).toBe(true)
  })

  it('refuses re-entrant append during publication and keeps the log', () => {
    let caught: unknown
    const session = newSession({
      publish: () => {
        try {
          session.append('turn/start', { turn: 2 })
        } catch (error) {
          caught = error
        }
      },
    })
    session.append('turn/start', { turn: 1 })
    expect(caught).toBeInstanceOf(SessionAppendError)
    expect((caught as Error).message).toBe('turn/start: append during publication of seq 0 (turn/start) is not allowed')
    expect(session.events).toHaveLength(1)
  })

  it('contains listener failures: the event stays committed and later appends work', () => {
    const onPublishError = vi.fn()
    const session = newSession({ publish: () => { throw new Error('boom') }, onPublishError })
    const stored = session.append('turn/start', { turn: 1 })
    expect(onPublishError).toHaveBeenCalledWith(new Error('boom'), stored)
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
    expect(session.events).toHaveLength(2)
  })

  it('tracks turn and step brackets', () => {
    const session = newSession()
    expect([session.lastTurn, session.openTurn, session.openStep]).toEqual([0, undefined, undefined])
    session.append('turn/start', { turn: 1 })
    session.append('step/start', { turn: 1, step: 1 })
    expect([session.lastTurn, session.openTurn, session.openStep, session.lastStep]).toEqual([1, 1, 1, 1])
    session.append('step/end', { turn: 1, step: 1 })
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
    expect([session.lastTurn, session.openTurn, session.openStep]).toEqual([1, undefined, undefined])
  })

  it('refuses appends after close', () => {
    const session = newSession()
    session.close()
    expect(() => session.append('turn/start', { turn: 1 })).toThrow('turn/start: session s1 is closed')
  })

  it('derives messages verbatim, skipping empty assistant messages', () => {
    const session = newSession()
    appendTurn(session, 1, ['c1'])
    session.append('turn/start', { turn: 2 })
    session.append('step/start', { turn: 2, step: 1 })
    session.append('assistant/message', { turn: 2, step: 1, message: assistant('') }, { surfaceOp: 'append', sourceEventSeqs: [] })
    const messages = session.deriveMessages()
    expect(messages.map(m => m.id)).toEqual(['u-q1', 'a-answer1', 'r-c1'])
    expect(messages[0]).toBe(session.events[2]!.data)
    expect(session.surface.nodes).toHaveLength(4)
  })
})

describe('Session.lastOfType', () => {
  it('returns the latest committed event of a type, seeded or live, and nothing for a refused append', () => {
    const session = newSession()
    expect(session.lastOfType('approval/policy')).toBeUndefined()
    expect(newSession({ seed: [] }).lastOfType('session/end-seed')?.seq).toBe(0)
    session.append('turn/start', { turn: 1 })
    const first = session.append('approval/policy', { policy: 'never' })
    expect(session.lastOfType('approval/policy')).toBe(first)
    const second = session.append('approval/policy', { policy: 'ask' })
    expect(session.lastOfType('approval/policy')).toBe(second)
    expect(() => session.append('approval/policy', { policy: 'ask', extra: undefined } as never)).toThrow('data.extra')
    expect(session.lastOfType('approval/policy')).toBe(second)
  })
})
