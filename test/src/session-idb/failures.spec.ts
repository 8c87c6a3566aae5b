// Storage failures surface as one typed storage/error each while the session keeps going in memory.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionId } from '../../../src/util/brand.ts'
import { appendTurn } from '../session/fixtures.ts'
import { boot, freshFactory, ManualClock, quotaFull, settle } from './harness.ts'

afterEach(() => vi.restoreAllMocks())

/** A transaction whose requests and outcome never fire (the WebKit "wedged database" pattern). */
function wedged(): void {
  const request = () => ({}) as IDBRequest
  const store = { get: request, add: request, put: request, delete: request, getKey: request }
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => ({
    objectStore: () => store, abort: () => undefined, addEventListener: () => undefined,
  }) as unknown as IDBTransaction)
}

describe('storage failures', () => {
  it('quota: one QUOTA_EXCEEDED, session continues unsaved, then catches up contiguously', async () => {
    const factory = freshFactory()
    const a = await boot(factory)
    const session = await a.root.sessions.create({ id: 'q' as SessionId })
    quotaFull()
    appendTurn(session, 1)
    await settle()
    appendTurn(session, 2)
    await a.root.sessions.flush()
    expect(a.errors).toEqual([{ code: 'QUOTA_EXCEEDED', sessionId: 'q', message: expect.stringContaining('not being saved') }])
    expect(a.states.filter((state) => !state.saving)).toEqual([{ sessionId: 'q', saving: false, durableSeq: -1 }])
    expect(a.backend.durableSeq('q' as SessionId)).toBe(-1)

    vi.restoreAllMocks()
    appendTurn(session, 3)
    await a.root.sessions.flush()
    expect(a.backend.durableSeq('q' as SessionId)).toBe(session.events.length - 1)
    expect(a.states.at(-1)).toMatchObject({ saving: true })
    const inMemory = JSON.stringify(session.events)
    a.dispose()
    const b = await boot(factory)
    expect(JSON.stringify((await b.root.sessions.open('q' as SessionId)).events.slice(0, session.events.length))).toBe(inMemory)
  })

  it('wedged: the watchdog turns a silent database into one STORAGE_WEDGED and flush settles', async () => {
    const clock = new ManualClock()
    const a = await boot(freshFactory(), { clock, timeoutMs: 5000 })
    const session = await a.root.sessions.create({ id: 'w' as SessionId })
    wedged()
    appendTurn(session, 1)
    await settle()
    const flushed = a.root.sessions.flush()
    clock.advance(5000)
    await flushed
    expect(a.errors).toEqual([{ code: 'STORAGE_WEDGED', sessionId: 'w', message: expect.stringContaining('did not answer saving seq 0–5 within 5000 ms') }])
    appendTurn(session, 2)
    await a.root.sessions.flush()
    expect(session.events).toHaveLength(12)
    expect(a.errors).toHaveLength(1)
  })

  it('no IndexedDB: sessions run in memory with one STORAGE_UNAVAILABLE', async () => {
    const a = await boot(null)
    const session = await a.root.sessions.create({ id: 'm' as SessionId })
    appendTurn(session, 1)
    await a.root.sessions.flush()
    expect(a.errors).toEqual([{ code: 'STORAGE_UNAVAILABLE', message: expect.stringContaining('IndexedDB is not available') }])
    expect(a.states).toEqual([{ sessionId: 'm', saving: false, durableSeq: -1 }])
    expect(await a.root.sessions.list()).toEqual([])
  })

  it('deleted by another tab: flush, close, one STORAGE_CLEARED, the session goes on in memory', async () => {
    const factory = freshFactory()
    const a = await boot(factory)
    const session = await a.root.sessions.create({ id: 'x' as SessionId })
    appendTurn(session, 1)
    await new Promise<void>((resolve) => { factory.deleteDatabase('dsh-agent').onsuccess = () => resolve() })
    appendTurn(session, 2)
    await a.root.sessions.flush()
    expect(a.errors).toEqual([{ code: 'STORAGE_CLEARED', sessionId: 'x', message: expect.stringContaining('deleted') }])
    expect(session.events).toHaveLength(12)
  })

  it('a newer version opened elsewhere: this tab flushes first, closes and asks for a reload', async () => {
    const factory = freshFactory()
    const a = await boot(factory)
    const session = await a.root.sessions.create({ id: 'v' as SessionId })
    appendTurn(session, 1)
    await new Promise<void>((resolve) => {
      const request = factory.open('dsh-agent', 2)
      request.onsuccess = () => { request.result.close(); resolve() }
    })
    expect(a.errors).toEqual([{ code: 'STORAGE_UNAVAILABLE', sessionId: 'v', message: expect.stringContaining('reload this page') }])
    expect(a.backend.durableSeq('v' as SessionId)).toBe(5)
  })
})
