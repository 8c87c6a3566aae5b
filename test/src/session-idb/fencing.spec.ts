// One writer per session: a second instance is refused, follows read-only, and a take-over fences the old writer.
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../src/session/types.ts'
import type { SessionId } from '../../../src/util/brand.ts'
import { appendTurn } from '../session/fixtures.ts'
import { boot, freshFactory, laterClock, ManualClock, settle, withDb } from './harness.ts'

const id = 'f' as SessionId

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await settle(2)
  expect(check()).toBe(true)
}

describe('one writer per session (lease mode: Node has no Web Locks)', () => {
  it('refuses a second writer while the first holds the lease', async () => {
    const factory = freshFactory()
    const a = await boot(factory, { clock: new ManualClock() })
    await a.root.sessions.create({ id })
    const b = await boot(factory, { clock: new ManualClock() })
    await expect(b.root.sessions.open(id)).rejects.toMatchObject({ code: 'SESSION_LOCKED', message: expect.stringContaining('take it over') })
  })

  it('a follower converges on the writer by reading seq ranges from storage', async () => {
    const factory = freshFactory()
    const a = await boot(factory, { clock: new ManualClock() })
    const session = await a.root.sessions.create({ id })
    appendTurn(session, 1, ['c1'])
    const b = await boot(factory, { clock: new ManualClock() })
    const seen: SessionEvent[] = []
    const stop = b.backend.follow(id, (events) => void seen.push(...events))
    appendTurn(session, 2)
    await a.root.sessions.flush()
    appendTurn(session, 3)
    await a.root.sessions.flush()
    await until(() => seen.length === session.events.length)
    expect(JSON.stringify(seen)).toBe(JSON.stringify(session.events))
    stop()
  })

  it('take-over fences the old writer inside its transaction: SESSION_TAKEN_OVER, no stale rows', async () => {
    const factory = freshFactory()
    const a = await boot(factory, { clock: new ManualClock() })
    const old = await a.root.sessions.create({ id })
    appendTurn(old, 1)
    await a.root.sessions.flush()

    const b = await boot(factory, { clock: new ManualClock() })
    await b.backend.takeOver(id)
    const taken = await b.root.sessions.open(id)
    appendTurn(old, 2)
    await a.root.sessions.flush()
    appendTurn(taken, 2)
    await b.root.sessions.flush()

    expect(a.errors).toEqual([{ code: 'SESSION_TAKEN_OVER', sessionId: id, message: expect.stringContaining('read-only') }])
    expect(a.backend.isWriter(id)).toBe(false)
    const rows = await withDb(factory, (db) => db.getAll('events'))
    const epochs = rows.map((row) => row.epoch)
    expect(epochs).toEqual([...epochs].sort((x, y) => x - y))
    expect(rows.map((row) => row.firstSeq)).toEqual([0, 6, 7])
    expect(rows.at(-1)).toMatchObject({ firstSeq: taken.events.length - 6, epoch: Math.max(...epochs) })
    expect(await expectLoads(factory)).toBe(JSON.stringify(taken.events))
  })

  it('a dead writer\'s lease runs out and another instance takes the session', async () => {
    const factory = freshFactory()
    const a = await boot(factory, { clock: new ManualClock(), leaseMs: 1000 })
    appendTurn(await a.root.sessions.create({ id }), 1)
    await a.root.sessions.flush()
    const b = await boot(factory, { clock: laterClock(1001), leaseMs: 1000 })
    expect((await b.root.sessions.open(id)).events).toHaveLength(7)
  })
})

async function expectLoads(factory: IDBFactory): Promise<string> {
  const c = await boot(factory, { clock: laterClock() })
  const events = (await c.backend.inspect(id))?.events ?? []
  return JSON.stringify(events)
}
