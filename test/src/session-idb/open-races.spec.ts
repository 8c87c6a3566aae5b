// Loads that race an open of the same session — a fork of it while it opens, or a second open —
// share the one writer claim and the one repair: the crash closers and the end-seed are stored
// once, no claim fences the other (SESSION_TAKEN_OVER) and the writer keeps saving. Before, a second
// concurrent claim fenced the first and the rest of the session was never saved.
import { describe, expect, it } from 'vitest'
import type { SessionId } from '../../../src/util/brand.ts'
import { appendTurn, user } from '../session/fixtures.ts'
import { boot, freshFactory, laterClock, ManualClock } from './harness.ts'

const id = 'race' as SessionId

/** Instance A stores half a turn and dies (no release). */
async function crashedMidTurn(factory: IDBFactory): Promise<void> {
  const a = await boot(factory, { clock: new ManualClock() })
  const session = await a.root.sessions.create({ id })
  session.append('turn/start', { turn: 1 })
  session.append('user/message', user('go'), { surfaceOp: 'append' })
  await a.root.sessions.flush()
}

/** Lets `hops` macrotasks run (fake-indexeddb schedules each request step as one). */
async function hop(hops: number): Promise<void> {
  for (let i = 0; i < hops; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('a load racing an open', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20])('a fork %i steps into the open: closers stored once, later turns still saved', async (hops) => {
    const factory = freshFactory()
    await crashedMidTurn(factory)
    const b = await boot(factory, { clock: laterClock() })
    const opening = b.root.sessions.open(id)
    await hop(hops)
    const forked = b.root.sessions.fork(id).catch((error: { code?: string }) => error.code) // inside the open turn, or a child after the closers
    const session = await opening
    await forked
    appendTurn(session, 2)
    expect((await b.root.sessions.flush()).durable).toBe(true)
    expect(b.errors).toEqual([])
    const stored = (await b.backend.inspect(id))!.events.map((event) => event.type)
    expect(stored.slice(0, 4)).toEqual(['turn/start', 'user/message', 'turn/end', 'session/end-seed'])
    expect(stored.filter((type) => type === 'turn/end')).toHaveLength(2)
    expect(stored.filter((type) => type === 'session/end-seed')).toHaveLength(1)
    expect(stored).toHaveLength(session.events.length)
  })

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20])('a second open %i steps into the first: the writer is never rewound, closers stored once', async (hops) => {
    const factory = freshFactory()
    await crashedMidTurn(factory)
    const b = await boot(factory, { clock: laterClock() })
    const first = b.root.sessions.open(id)
    await hop(hops)
    const second = b.root.sessions.open(id).catch((error: { code?: string }) => error.code)
    const session = await first
    await second
    appendTurn(session, 2)
    expect((await b.root.sessions.flush()).durable).toBe(true)
    expect(b.errors).toEqual([])
    const stored = (await b.backend.inspect(id))!.events.map((event) => event.type)
    expect(stored.filter((type) => type === 'turn/end')).toHaveLength(2)
    expect(stored.filter((type) => type === 'session/end-seed')).toHaveLength(1)
    expect(stored).toHaveLength(session.events.length)
  })
})
