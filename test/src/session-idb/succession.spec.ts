// A follower waiting for the writer to go (reliability.md M2), lease mode (Node has no Web Locks):
// it claims the session only once the lease ran out or was given up, one of two waiters wins, abort stops waiting.
import { describe, expect, it } from 'vitest'
import type { SessionId } from '../../../src/util/brand.ts'
import { appendTurn } from '../session/fixtures.ts'
import { boot, freshFactory, ManualClock, settle, type Booted } from './harness.ts'

const id = 's' as SessionId

/** Starts waiting for the writer of `id` to go; `won` turns true when this instance claimed it. */
function waitFor(booted: Booted, signal = new AbortController().signal): { won: () => boolean; done: Promise<void> } {
  let won = false
  const done = booted.backend.awaitWriterGone(id, signal).then(() => { won = true })
  return { won: () => won, done }
}

async function writerWithTurn(factory: IDBFactory): Promise<Booted> {
  const a = await boot(factory, { clock: new ManualClock(), leaseMs: 1000 })
  appendTurn(await a.root.sessions.create({ id }), 1)
  await a.root.sessions.flush()
  return a
}

describe('awaitWriterGone (lease mode)', () => {
  it('waits while the lease runs, then exactly one of two waiters claims the session; the other keeps waiting', async () => {
    const factory = freshFactory()
    const a = await writerWithTurn(factory)
    const clocks = [new ManualClock(), new ManualClock()]
    const [b, c] = await Promise.all(clocks.map((clock) => boot(factory, { clock, leaseMs: 1000, pollMs: 100 })))
    const waits = [waitFor(b!), waitFor(c!)]
    for (let step = 0; step < 9; step++) {
      for (const clock of clocks) clock.advance(100)
      await settle(10)
    }
    expect(waits.map((wait) => wait.won())).toEqual([false, false]) // 900 ms: the dead writer's lease still runs
    for (let step = 0; step < 5; step++) {
      for (const clock of clocks) clock.advance(100)
      await settle(10)
    }
    expect(waits.filter((wait) => wait.won())).toHaveLength(1)
    const winner = waits[0]!.won() ? b! : c!
    expect(winner.backend.isWriter(id)).toBe(true)
    const stored = (await winner.backend.inspect(id))!.events.length
    const session = await winner.root.sessions.open(id)
    const firstNew = session.events.length
    appendTurn(session, 2)
    await winner.root.sessions.flush()
    const after = (await a.backend.inspect(id))!.events
    expect(after.map((event) => event.seq)).toEqual(after.map((_, i) => i)) // the new writer went on at stored max + 1
    expect(after).toHaveLength(session.events.length)
    expect(firstNew).toBeGreaterThanOrEqual(stored)
  })

  it('claims at once when the writer gives the session up, without waiting for the lease', async () => {
    const factory = freshFactory()
    const a = await writerWithTurn(factory)
    const clock = new ManualClock()
    const b = await boot(factory, { clock, leaseMs: 1000, pollMs: 100 })
    const wait = waitFor(b)
    await settle(10)
    expect(wait.won()).toBe(false)
    a.dispose()
    await settle(10)
    clock.advance(100)
    await wait.done
    expect((await b.root.sessions.open(id)).events.length).toBeGreaterThanOrEqual(7) // the turn and a new end-seed
  })

  it('stops waiting when aborted, claiming nothing', async () => {
    const factory = freshFactory()
    const a = await writerWithTurn(factory)
    const b = await boot(factory, { clock: new ManualClock(), leaseMs: 1000, pollMs: 100 })
    const stop = new AbortController()
    const wait = waitFor(b, stop.signal)
    await settle(10)
    stop.abort(new Error('page closed the session'))
    await expect(wait.done).rejects.toThrow('page closed the session')
    expect(b.backend.isWriter(id)).toBe(false)
    expect(a.backend.isWriter(id)).toBe(true)
  })
})
