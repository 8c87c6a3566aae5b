// Sessions stored through ctx.sessions + the IndexedDB backend load back identical, batched per task.
import { describe, expect, it } from 'vitest'
import { unwrap } from 'idb'
import type { Session } from '../../../src/session/session.ts'
import type { SessionId } from '../../../src/util/brand.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { openDatabase } from '../../../src/session-idb/database.ts'
import { systemClock } from '../../../src/session-idb/watchdog.ts'
import { appendTurn, user } from '../session/fixtures.ts'
import { boot, freshFactory, settle } from './harness.ts'

function streamTurn(session: Session, turn: number, chunks: number): void {
  session.append('turn/start', { turn })
  session.append('step/start', { turn, step: 1 })
  for (let i = 0; i < chunks; i++) {
    const chunk: StreamChunk = { type: 'text-delta', index: 0, text: `tok${i} ` }
    session.append('assistant/chunk', { turn, step: 1, chunk })
  }
  session.append('step/end', { turn, step: 1 })
  session.append('turn/end', { turn, reason: { kind: 'completed' } })
}

async function storedRows(factory: IDBFactory, id: string): Promise<{ firstSeq: number; count: number }[]> {
  const hooks = { onVersionChange: () => undefined, onClosed: () => undefined, onBlocked: () => undefined }
  const db = await openDatabase(factory, hooks, systemClock, 1000)
  const rows = await db.getAll('events', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))
  unwrap(db).close()
  return rows.map(({ firstSeq, count }) => ({ firstSeq, count }))
}

describe('IdbSessionBackend round trip', () => {
  it('loads back exactly the appended events, chunks included, in a new instance', async () => {
    const factory = freshFactory()
    const a = await boot(factory)
    const session = await a.root.sessions.create({ id: 'r1' as SessionId })
    appendTurn(session, 1, ['c1'])
    streamTurn(session, 2, 50)
    await a.root.sessions.flush()
    const written = JSON.stringify(session.events)
    a.dispose()

    const b = await boot(factory)
    const reopened = await b.root.sessions.open('r1' as SessionId)
    expect(JSON.stringify(reopened.events.slice(0, session.events.length))).toBe(written)
    expect(reopened.events.at(-1)?.type).toBe('session/end-seed')
  })

  it('writes the events of one task as one row and durableSeq follows complete', async () => {
    const factory = freshFactory()
    const { root, backend, states } = await boot(factory)
    const session = await root.sessions.create({ id: 'r2' as SessionId })
    expect(backend.durableSeq('r2' as SessionId)).toBe(-1) // created empty (no seed, no end-seed)
    streamTurn(session, 1, 20)
    expect(backend.durableSeq('r2' as SessionId)).toBe(-1)
    await settle()
    streamTurn(session, 2, 5)
    await root.sessions.flush()
    expect(backend.durableSeq('r2' as SessionId)).toBe(session.events.length - 1)
    expect(await storedRows(factory, 'r2')).toEqual([{ firstSeq: 0, count: 24 }, { firstSeq: 24, count: 9 }])
    expect(states.at(-1)).toEqual({ sessionId: 'r2', saving: true, durableSeq: 32 })
  })

  it('lists title, counts, dates and parent; fork and delete persist', async () => {
    const factory = freshFactory()
    const first = await boot(factory)
    const { root } = first
    const parent = await root.sessions.create({ id: 'p' as SessionId })
    parent.append('user/message', user('  Fix   the\nbuild please '), { surfaceOp: 'append' })
    appendTurn(parent, 1)
    await root.sessions.flush()
    const child = await root.sessions.fork('p' as SessionId, undefined, 'c' as SessionId)
    await root.sessions.flush()
    const listed = await root.sessions.list()
    const byId = new Map(listed.map((entry) => [entry.header.id, entry]))
    expect(byId.get('p' as SessionId)).toMatchObject({ title: 'Fix the build please', eventCount: parent.events.length })
    expect(byId.get('c' as SessionId)).toMatchObject({ eventCount: child.events.length, header: { parentSession: 'p', seedLength: parent.events.length } })
    expect(typeof byId.get('p' as SessionId)?.updatedAt).toBe('number')

    first.dispose()
    const again = await boot(factory)
    const forked = await again.root.sessions.open('c' as SessionId)
    expect(forked.events.map((event) => event.type)).toEqual([...parent.events.map((event) => event.type), 'session/end-seed'])
    expect(await again.root.sessions.delete('p' as SessionId)).toBe(true)
    expect((await again.root.sessions.list()).map((entry) => entry.header.id)).toEqual(['c'])
    expect(await storedRows(factory, 'p')).toEqual([])
  })

  it('deleteAllData removes every dsh-agent database, workspaces included', async () => {
    const factory = freshFactory()
    const { root, backend } = await boot(factory)
    await root.sessions.create({ id: 'd1' as SessionId })
    await new Promise<void>((resolve) => { factory.open('dsh-agent-workspaces', 1).onsuccess = (e) => { ((e.target as IDBOpenDBRequest).result).close(); resolve() } })
    await backend.deleteAllData()
    expect((await factory.databases()).map((info) => info.name)).toEqual([])
  })
})

describe('IdbSessionBackend façade (kernel/cordis/service)', () => {
  it('is a façade over a plain core: live events reach the core’s writer, operations are the core’s', async () => {
    const { symbols } = await import('@deepseek-ai/cordis')
    const factory = freshFactory()
    const a = await boot(factory)
    const core = a.backend.core
    expect((core as unknown as Record<symbol, unknown>)[symbols.tracker]).toBeUndefined()
    expect(a.backend.core).toBe(core)
    expect(a.backend.instanceId).toBe(core.instanceId)
    const session = await a.root.sessions.create({ id: 'f1' as SessionId })
    appendTurn(session, 1, ['c1'])
    await a.root.sessions.flush()
    expect(core.durableSeq(session.id)).toBe(session.events.length - 1)
    expect(a.backend.isWriter(session.id)).toBe(core.isWriter(session.id))
    a.dispose()
    const b = await boot(factory)
    expect((await b.backend.load('f1' as SessionId))!.events).toHaveLength(session.events.length)
    b.dispose()
  })
})
