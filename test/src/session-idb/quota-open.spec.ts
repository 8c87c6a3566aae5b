// A stored session opens while the origin's quota stays full: the writer claim is won but its
// epoch cannot be stored, so the session opens from storage, new work stays in memory, the cause is
// reported, and the claim and the work are stored by themselves once there is room (fenced).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionId } from '../../../src/util/brand.ts'
import { RETRY_FIRST_MS } from '../../../src/session-idb/writer.ts'
import { appendTurn } from '../session/fixtures.ts'
import { boot, freshFactory, ManualClock, quotaFull, settle, withDb } from './harness.ts'

afterEach(() => vi.restoreAllMocks())

const id = 'full' as SessionId

/** Instance A stores one whole turn and goes away in order (its claim given up); returns the stored events' JSON. */
async function storedTurn(factory: IDBFactory): Promise<string> {
  const a = await boot(factory)
  const session = await a.root.sessions.create({ id })
  appendTurn(session, 1)
  await a.root.sessions.flush()
  a.dispose()
  await settle() // its lease is cleared
  return JSON.stringify(session.events)
}

/** Moves the writer's clock past each retry pause until `done` (the retries double up to RETRY_MAX_MS). */
async function retriedUntil(clock: ManualClock, done: () => boolean): Promise<void> {
  await expect.poll(() => {
    clock.advance(RETRY_FIRST_MS)
    return done()
  }, { timeout: 10_000, interval: 20 }).toBe(true)
}

async function storedRow(factory: IDBFactory): Promise<{ epoch: number; nextSeq: number; writer?: string }> {
  return withDb(factory, async (db) => (await db.get('sessions', id))!)
}

describe('opening while the quota is full', () => {
  it('opens the stored log, keeps new work in memory, and stores claim and work by itself once there is room', async () => {
    const factory = freshFactory()
    const stored = await storedTurn(factory)
    const before = await storedRow(factory)
    quotaFull(true)
    const clock = new ManualClock()
    const b = await boot(factory, { clock })
    const session = await b.root.sessions.open(id)
    expect(JSON.stringify(session.events.slice(0, before.nextSeq))).toBe(stored)
    expect(session.events.at(-1)?.type).toBe('session/end-seed')
    expect(b.errors).toEqual([{ code: 'QUOTA_EXCEEDED', sessionId: id, message: expect.stringContaining('saving resumes by itself once there is room') }])
    expect(b.states.at(-1)).toMatchObject({ sessionId: id, saving: false })
    appendTurn(session, 2)
    await b.root.sessions.flush()
    expect(b.backend.durableSeq(id)).toBe(before.nextSeq - 1)
    expect(await storedRow(factory)).toMatchObject({ epoch: before.epoch, nextSeq: before.nextSeq })

    vi.restoreAllMocks() // room again: nothing appends, the retry timer alone stores everything
    await retriedUntil(clock, () => b.backend.durableSeq(id) === session.events.length - 1)
    expect(b.states.at(-1)).toMatchObject({ sessionId: id, saving: true })
    expect(await storedRow(factory)).toMatchObject({ epoch: before.epoch + 1, nextSeq: session.events.length, writer: b.backend.instanceId })
    expect(b.errors).toHaveLength(1)
    const inMemory = JSON.stringify(session.events)
    b.dispose()
    const c = await boot(factory)
    expect(JSON.stringify((await c.root.sessions.open(id)).events.slice(0, session.events.length))).toBe(inMemory)
  })

  it('a log that needs no write on open still stores its claim by the timer', async () => {
    const factory = freshFactory()
    await storedTurn(factory)
    const warm = await boot(factory) // the reopen appends its end-seed: the log then ends with one
    await warm.root.sessions.open(id)
    await warm.root.sessions.flush()
    warm.dispose()
    const before = await storedRow(factory)
    quotaFull(true)
    const clock = new ManualClock()
    const b = await boot(factory, { clock })
    const session = await b.root.sessions.open(id)
    expect(session.events).toHaveLength(before.nextSeq)
    expect(b.states.at(-1)).toMatchObject({ saving: false })
    vi.restoreAllMocks()
    await retriedUntil(clock, () => b.states.at(-1)?.saving === true)
    expect(await storedRow(factory)).toMatchObject({ epoch: before.epoch + 1, nextSeq: before.nextSeq, writer: b.backend.instanceId })
    expect(b.states.at(-1)).toMatchObject({ saving: true })
    b.dispose()
  })

  it('a deferred claim is fenced: another instance that claimed meanwhile wins, nothing of the deferred writer is stored', async () => {
    const factory = freshFactory()
    await storedTurn(factory)
    quotaFull(true)
    const clock = new ManualClock()
    const b = await boot(factory, { clock })
    const session = await b.root.sessions.open(id)
    appendTurn(session, 2)
    await b.root.sessions.flush()
    vi.restoreAllMocks()
    const c = await boot(factory, { clock: new ManualClock() })
    await c.backend.takeOver(id)
    const taken = await storedRow(factory)
    await retriedUntil(clock, () => b.errors.length === 2)
    expect(await storedRow(factory)).toEqual(taken)
    expect(b.errors.map((error) => error.code)).toEqual(['QUOTA_EXCEEDED', 'SESSION_TAKEN_OVER'])
    expect(b.backend.isWriter(id)).toBe(false)
    b.dispose()
    c.dispose()
  })

  it('a session created while the quota is full is held in memory and stored whole by itself once there is room', async () => {
    const factory = freshFactory()
    const warm = await boot(factory) // the database exists; only writes are refused
    warm.dispose()
    quotaFull(true)
    const clock = new ManualClock()
    const b = await boot(factory, { clock })
    const session = await b.root.sessions.create({ id })
    appendTurn(session, 1)
    await b.root.sessions.flush()
    expect(b.errors.map((error) => error.code)).toEqual(['QUOTA_EXCEEDED'])
    expect(await b.backend.has(id)).toBe(false)
    expect((await b.root.sessions.flush()).durable).toBe(false)
    vi.restoreAllMocks()
    await retriedUntil(clock, () => b.backend.durableSeq(id) === session.events.length - 1)
    appendTurn(session, 2)
    expect((await b.root.sessions.flush()).durable).toBe(true)
    expect(b.states.at(-1)).toMatchObject({ sessionId: id, saving: true })
    const inMemory = JSON.stringify(session.events)
    b.dispose()
    const c = await boot(factory)
    expect(JSON.stringify((await c.root.sessions.open(id)).events.slice(0, session.events.length))).toBe(inMemory)
  })
})
