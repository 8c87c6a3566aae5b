// ctx.sessions: create/get/open/list/delete, session/* events, per-listener containment,
// resume with committed repair, fork rules.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it, vi } from 'vitest'
import SessionStore from '../../../src/session/index.ts'
import MemorySessionBackend from '../../../src/session-memory/index.ts'
import type { Session } from '../../../src/session/session.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import type { CallId, SessionId } from '../../../src/util/brand.ts'
import { appendTurn, assistant, sid } from './fixtures.ts'
import { bootStore } from './store-fixture.ts'

describe('SessionStore lifecycle', () => {
  it('creates a persisted live session with a header, empty without a seed (as dsh)', async () => {
    const root = await bootStore()
    const created = vi.fn()
    root.on('session/created', created)
    const s = await root.sessions.create({ id: sid('a'), meta: { cwd: '/w' } })
    expect(s.header).toMatchObject({ type: 'session', version: 0, id: 'a', cwd: '/w', delegationDepth: 0 })
    expect(Object.keys(s.header)).toEqual(['type', 'version', 'id', 'createdAt', 'cwd', 'delegationDepth'])
    expect(created).toHaveBeenCalledWith(s)
    expect(s.events).toEqual([])
    expect(root.sessions.get(sid('a'))).toBe(s)
    expect((await root.sessionPersistence.load(sid('a')))!.events).toEqual(s.events)
    await expect(root.sessions.create({ id: sid('a') })).rejects.toThrow('session a already exists')
  })

  it('broadcasts session/event after commit and contains each failing listener', async () => {
    const root = await bootStore()
    const seen: [Session, SessionEvent, number][] = []
    root.on('session/event', () => { throw new Error('first listener fails') })
    root.on('session/event', (session, event) => void seen.push([session, event, session.events.length]))
    const s = await root.sessions.create()
    const event = s.append('turn/start', { turn: 1 })
    expect(seen).toEqual([[s, event, 1]])
    expect((await root.sessionPersistence.load(s.id))!.events).toHaveLength(1)
  })

  it('publishes in listener order (prepend first), to a snapshot of the listeners, and reports internal/dispatch', async () => {
    const root = await bootStore()
    const order: string[] = []
    const dispatched: string[] = []
    root.on('internal/dispatch', (_mode, name) => void (name === 'session/event' && dispatched.push(name)))
    const disposeB = root.on('session/event', (_s, e) => {
      order.push(`b${e.seq}`)
      root.on('session/event', (_s2, e2) => void order.push(`late${e2.seq}`))
    })
    root.on('session/event', (_s, e) => void order.push(`a${e.seq}`), { prepend: true })
    const s = await root.sessions.create()
    s.append('turn/start', { turn: 1 })
    disposeB()
    s.append('step/start', { turn: 1, step: 1 })
    expect(order).toEqual(['a0', 'b0', 'a1', 'late1'])
    expect(dispatched).toEqual(['session/event', 'session/event'])
  })

  it('lists stored sessions and deletes them, closing the live one', async () => {
    const root = await bootStore()
    const disposed = vi.fn()
    root.on('session/disposed', disposed)
    const s = await root.sessions.create({ id: sid('d') })
    s.append('turn/start', { turn: 1 })
    expect((await root.sessions.list()).map(l => [l.header.id, l.eventCount])).toEqual([['d', 1]])
    expect(await root.sessions.delete(s.id)).toBe(true)
    expect(disposed).toHaveBeenCalledWith(s)
    expect(root.sessions.get(s.id)).toBeUndefined()
    expect(() => s.append('turn/end', { turn: 1, reason: { kind: 'completed' } })).toThrow('session d is closed')
    expect(await root.sessions.list()).toEqual([])
    expect(await root.sessions.delete(s.id)).toBe(false)
  })

  it('close() ends the live session but keeps it stored; open() loads it afresh', async () => {
    const root = await bootStore()
    const disposed = vi.fn()
    root.on('session/disposed', disposed)
    const s = await root.sessions.create({ id: sid('c') })
    expect(root.sessions.close(s.id)).toBe(true)
    expect(disposed).toHaveBeenCalledWith(s)
    expect(s.isClosed).toBe(true)
    expect(root.sessions.get(s.id)).toBeUndefined()
    expect(root.sessions.close(s.id)).toBe(false)
    const reopened = await root.sessions.open(s.id)
    expect(reopened).not.toBe(s)
    expect(reopened.events.map(e => e.type)).toEqual(['session/end-seed']) // resumed from its (empty) stored log, as dsh
  })

  it('closes live sessions when the store is disposed', async () => {
    const root = new Context()
    await root.plugin(MemorySessionBackend)
    const fiber = await root.plugin(SessionStore)
    const s = await root.sessions.create()
    const disposed = vi.fn()
    root.on('session/disposed', disposed)
    await fiber.dispose()
    expect(s.isClosed).toBe(true)
    expect(disposed).toHaveBeenCalledWith(s)
  })

  it('flush runs every session/flush listener', async () => {
    const root = await bootStore()
    const drained = vi.fn(async () => {})
    root.on('session/flush', drained)
    await root.sessions.flush()
    expect(drained).toHaveBeenCalledOnce()
  })
})

describe('SessionStore.open', () => {
  it('returns the live session or refuses an unknown id', async () => {
    const root = await bootStore()
    const s = await root.sessions.create()
    expect(await root.sessions.open(s.id)).toBe(s)
    await expect(root.sessions.open(sid('nope'))).rejects.toThrow('session nope not found')
  })

  it('repairs a cold mid-turn log, commits the closers and a new end-seed', async () => {
    const root = await bootStore()
    const s = await root.sessions.create({ id: sid('cold') })
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    s.append('assistant/message', { turn: 1, step: 1, message: assistant('a', ['c1']) }, { surfaceOp: 'append' })
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1' as CallId, name: 'read', arguments: '{}' })
    const before = s.events.slice()
    await root.sessions.delete(s.id)
    await root.sessionPersistence.create(s.header)
    await root.sessionPersistence.append(s.id, before)
    const resumed = await root.sessions.open(s.id)
    expect(resumed.events.slice(0, before.length)).toEqual(before)
    expect(resumed.events.slice(before.length).map(e => e.type)).toEqual(['tool/result', 'step/end', 'turn/end', 'session/end-seed'])
    expect((await root.sessionPersistence.load(s.id))!.events).toEqual(resumed.events)
    expect(resumed.firstLiveSeq).toBe(resumed.events.length)
  })

  it('concurrent open(id) of a stored mid-turn log share one load: one Session, its repair committed once', async () => {
    const root = await bootStore()
    const s = await root.sessions.create({ id: sid('twice') })
    s.append('turn/start', { turn: 1 })
    s.append('step/start', { turn: 1, step: 1 })
    root.sessions.close(s.id)
    const opened = await Promise.all([root.sessions.open(s.id), root.sessions.open(s.id), root.sessions.open(s.id)])
    expect(opened[1]).toBe(opened[0])
    expect(opened[2]).toBe(opened[0])
    expect(root.sessions.get(s.id)).toBe(opened[0])
    const stored = (await root.sessionPersistence.load(s.id))!.events
    expect(stored.map(e => e.type)).toEqual(['turn/start', 'step/start', 'step/end', 'turn/end', 'session/end-seed'])
    expect(stored).toEqual(opened[0].events)
  })

  it('a failed open is not remembered: the next open of that id tries again', async () => {
    const root = await bootStore()
    const failures = await Promise.allSettled([root.sessions.open(sid('later')), root.sessions.open(sid('later'))])
    expect(failures.map(f => f.status)).toEqual(['rejected', 'rejected'])
    const s = await root.sessions.create({ id: sid('later') })
    root.sessions.close(s.id)
    expect((await root.sessions.open(s.id)).id).toBe('later')
  })

  it('refuses a stored log with an unknown non-ignorable type', async () => {
    const root = await bootStore()
    const header = { type: 'session' as const, version: 0, id: sid('u'), createdAt: 1, delegationDepth: 0 }
    await root.sessionPersistence.create(header)
    await root.sessionPersistence.append(header.id, [{ type: 'future/thing', seq: 0, time: 1, data: {} } as unknown as SessionEvent])
    await expect(root.sessions.open(header.id)).rejects.toThrow('seq 0: unknown event type "future/thing" is not marked ignorable; written by a newer dsh-agent?')
    const undeclare = root.sessions.declareEventTypes(['future/thing'])
    expect((await root.sessions.open(header.id)).events).toHaveLength(2)
    undeclare()
  })
})

describe('SessionStore.fork', () => {
  async function parentWithTurns(): Promise<{ root: Awaited<ReturnType<typeof bootStore>>; parent: Session }> {
    const root = await bootStore()
    const parent = await root.sessions.create({ id: sid('p'), meta: { cwd: '/w' } })
    appendTurn(parent, 1, ['c1'])
    appendTurn(parent, 2)
    return { root, parent }
  }

  it('seeds the child with a deep copy of the prefix and records parent and seed length', async () => {
    const { root, parent } = await parentWithTurns()
    const turn1End = parent.events.findIndex(e => e.type === 'turn/end')
    const child = await root.sessions.fork(parent.id, turn1End, sid('c'))
    expect(child.header).toMatchObject({ id: 'c', cwd: '/w', parentSession: 'p', seedLength: turn1End + 1 })
    expect(child.events.slice(0, turn1End + 1)).toEqual(parent.events.slice(0, turn1End + 1))
    expect(child.events[3]).not.toBe(parent.events[3])
    expect(child.events.at(-1)!.type).toBe('session/end-seed')
    expect(child.lastTurn).toBe(1)
    child.append('turn/start', { turn: 2 })
    expect(parent.events.length).toBe(turn1End + 1 + 6)
  })

  it('defaults to the whole log and a fresh id', async () => {
    const { root, parent } = await parentWithTurns()
    const child = await root.sessions.fork(parent.id)
    expect(child.id).not.toBe(parent.id)
    expect(child.header.seedLength).toBe(parent.events.length)
  })

  it('forks a stored (not live) session', async () => {
    const { root, parent } = await parentWithTurns()
    const stored = (await root.sessionPersistence.load(parent.id))!
    await root.sessions.delete(parent.id)
    await root.sessionPersistence.create(stored.header)
    await root.sessionPersistence.append(parent.id, stored.events)
    expect((await root.sessions.fork(parent.id, parent.events.findIndex(e => e.type === 'turn/end'))).header.seedLength).toBe(8)
  })

  it('forks an empty source to a child holding only its end-seed, and refuses boundary 0 there (as dsh)', async () => {
    const root = await bootStore()
    const empty = await root.sessions.create({ id: sid('e') })
    const child = await root.sessions.fork(empty.id)
    expect(child.events.map(e => e.type)).toEqual(['session/end-seed'])
    expect(child.header.seedLength).toBe(0)
    await expect(root.sessions.fork(empty.id, 0)).rejects.toMatchObject({ code: 'INVALID_BOUNDARY', message: 'boundary 0 is not a seq of e (it has no events)' })
  })

  it('checks a taken child id before anything else (as dsh)', async () => {
    const { root } = await parentWithTurns()
    await expect(root.sessions.fork(sid('none'), 99, sid('p'))).rejects.toMatchObject({ code: 'SESSION_ALREADY_EXISTS', message: 'session p already exists' })
  })

  it.each([
    ['missing', sid('none'), undefined, undefined, 'SESSION_NOT_FOUND', 'fork source none not found'],
    ['boundary past the end', sid('p'), 99, undefined, 'INVALID_BOUNDARY', 'boundary 99 is not a seq of p (0..13)'],
    ['negative boundary', sid('p'), -1, undefined, 'INVALID_BOUNDARY', 'boundary -1 is not a seq of p (0..13)'],
    ['inside a turn', sid('p'), 3, undefined, 'OPEN_TURN', 'boundary 3 is inside turn 1 (opened at seq 0); fork at a turn boundary'],
    ['existing child id', sid('p'), undefined, sid('p'), 'SESSION_ALREADY_EXISTS', 'session p already exists'],
  ])('refuses %s', async (_, source, boundary, child, code, message) => {
    const { root } = await parentWithTurns()
    const before = (await root.sessions.list()).length
    await expect(root.sessions.fork(source as SessionId, boundary, child)).rejects.toMatchObject({ name: 'SessionForkError', code, message })
    expect(await root.sessions.list()).toHaveLength(before)
  })
})
