// In-memory SessionPersistence: contiguous verbatim storage, refused batches write nothing,
// live events recorded from session/event, list order, delete, and removal on dispose.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import SessionStore from '../../../src/session/index.ts'
import type { SessionEvent, SessionHeader } from '../../../src/session/types.ts'
import MemorySessionBackend from '../../../src/session-memory/index.ts'
import type { SessionId } from '../../../src/util/brand.ts'

const header = (id: string, createdAt = 1): SessionHeader => ({ type: 'session', version: 0, id: id as SessionId, createdAt, delegationDepth: 0 })
const event = (seq: number): SessionEvent => ({ type: 'permission/preset', seq, time: 1, data: { preset: `p${seq}` } })

async function backend(): Promise<{ root: Context; store: MemorySessionBackend }> {
  const root = new Context()
  await root.plugin(MemorySessionBackend)
  return { root, store: root.sessionPersistence as MemorySessionBackend }
}

describe('MemorySessionBackend', () => {
  it('stores header and events verbatim and returns copies of the list', async () => {
    const { store } = await backend()
    await store.create(header('a'))
    await store.append('a' as SessionId, [event(0), event(1)])
    const loaded = (await store.load('a' as SessionId))!
    expect(loaded).toEqual({ header: header('a'), events: [event(0), event(1)] })
    ;(loaded.events as SessionEvent[]).pop()
    expect((await store.load('a' as SessionId))!.events).toHaveLength(2)
    expect(await store.has('a' as SessionId)).toBe(true)
    expect(await store.load('b' as SessionId)).toBeUndefined()
  })

  it('refuses duplicates, other versions, unknown ids and non-contiguous batches, writing nothing', async () => {
    const { store } = await backend()
    await store.create(header('a'))
    await expect(store.create(header('a'))).rejects.toThrow('session-memory: session a already exists')
    await expect(store.create({ ...header('v'), version: 2 })).rejects.toThrow('session-memory: format version 2 is not supported (this build writes 0)')
    await expect(store.append('zz' as SessionId, [event(0)])).rejects.toThrow('session-memory: session zz was never created; 1 event(s) refused')
    await expect(store.append('a' as SessionId, [event(0), event(2)])).rejects.toThrow('session-memory: session a expects seq 1, got 2; batch refused')
    await expect(store.append('a' as SessionId, [event(1)])).rejects.toThrow('expects seq 0, got 1')
    expect((await store.load('a' as SessionId))!.events).toEqual([])
  })

  it('lists newest first and deletes', async () => {
    const { store } = await backend()
    await store.create(header('old', 1))
    await store.create(header('new', 2))
    await store.append('new' as SessionId, [event(0)])
    expect((await store.list()).map(l => [l.header.id, l.eventCount])).toEqual([['new', 1], ['old', 0]])
    expect(await store.delete('old' as SessionId)).toBe(true)
    expect(await store.delete('old' as SessionId)).toBe(false)
    await store.flush()
    expect((await store.list()).map(l => l.header.id)).toEqual(['new'])
  })

  it('records live appends of store sessions from session/event', async () => {
    const { root, store } = await backend()
    await root.plugin(SessionStore)
    const session = await root.sessions.create()
    session.append('turn/start', { turn: 1 })
    expect((await store.load(session.id))!.events).toEqual(session.events)
  })

  it('stores a live session as its log; a reopened session stores its closers without touching the closed one', async () => {
    const { root, store } = await backend()
    await root.plugin(SessionStore)
    const first = await root.sessions.create()
    first.append('turn/start', { turn: 1 })
    first.append('step/start', { turn: 1, step: 1 })
    expect((await store.load(first.id))!.events).toEqual(first.events)
    const closedLog = [...first.events]
    expect(root.sessions.close(first.id)).toBe(true)
    const reopened = await root.sessions.open(first.id)
    expect(reopened.events.slice(closedLog.length).map(e => e.type)).toEqual(['step/end', 'turn/end', 'session/end-seed'])
    expect(first.events).toEqual(closedLog)
    reopened.append('turn/start', { turn: 2 })
    expect((await store.load(first.id))!.events).toEqual(reopened.events)
    expect((await store.list()).map(l => l.eventCount)).toEqual([reopened.events.length])
    await expect(store.append(first.id, [first.events[0]!])).rejects.toThrow(`expects seq ${reopened.events.length}, got 0; batch refused`)
    expect((await store.load(first.id))!.events).toEqual(reopened.events)
  })

  it('stops recording once disposed (its listener is removed with the plugin)', async () => {
    const root = new Context()
    const fiber = await root.plugin(MemorySessionBackend)
    const store = root.sessionPersistence as MemorySessionBackend
    await store.create(header('a'))
    await fiber.dispose()
    root.emit('session/event', { id: 'a' } as never, event(0))
    expect((await store.load('a' as SessionId))!.events).toEqual([])
  })
})
