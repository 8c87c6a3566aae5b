// The last turns of a stored session, read without loading or claiming it: whole turns from a
// turn/start holding at least the asked number of events, exactly the stored events at their seqs;
// a torn last row left out as a load drops it; the whole log when it is short.
import { describe, expect, it } from 'vitest'
import type { SessionId } from '../../../src/util/brand.ts'
import { user } from '../session/fixtures.ts'
import { boot, freshFactory, ManualClock, withDb } from './harness.ts'

const id = 'tailed' as SessionId

/** `turns` turns of 4 events (turn/start, step/start, user message, turn/end), each flushed: one row per turn. */
async function storeTurns(factory: IDBFactory, turns: number): Promise<void> {
  const a = await boot(factory, { clock: new ManualClock() })
  const session = await a.root.sessions.create({ id })
  for (let turn = 1; turn <= turns; turn++) {
    session.append('turn/start', { turn })
    session.append('step/start', { turn, step: 1 })
    session.append('user/message', user(`question ${turn}`), { surfaceOp: 'append' })
    session.append('turn/end', { turn, reason: { kind: 'completed' } })
    await a.root.sessions.flush()
  }
  a.dispose()
}

describe('readTail', () => {
  it('reads the last whole turns holding at least the asked number of events, as stored', async () => {
    const factory = freshFactory()
    await storeTurns(factory, 30)
    const reader = await boot(factory)
    const tail = await reader.backend.readTail(id, 10)
    const whole = await reader.backend.inspect(id)
    expect(tail!.fromSeq % 4).toBe(0)
    expect(tail!.events[0]!.type).toBe('turn/start')
    expect(whole!.events.length - tail!.fromSeq).toBeGreaterThanOrEqual(10)
    expect(whole!.events.length - tail!.fromSeq).toBeLessThan(10 + 4)
    expect(tail!.events).toEqual(whole!.events.slice(tail!.fromSeq))
    reader.dispose()
  })

  it('a short log comes whole, from seq 0', async () => {
    const factory = freshFactory()
    await storeTurns(factory, 3)
    const reader = await boot(factory)
    const tail = await reader.backend.readTail(id, 2000)
    expect(tail!.fromSeq).toBe(0)
    expect(tail!.events.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i))
    reader.dispose()
  })

  it('leaves out a torn last row, as a load drops it, and claims nothing', async () => {
    const factory = freshFactory()
    await storeTurns(factory, 5)
    await withDb(factory, async (db) => {
      const rows = await db.getAll('events', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))
      const last = rows.at(-1)!
      await db.put('events', { ...last, body: last.body.slice(0, -5) })
    })
    const reader = await boot(factory)
    const tail = await reader.backend.readTail(id, 6)
    expect(tail!.events.at(-1)!.seq).toBe(15)
    expect(tail!.events[0]!.type).toBe('turn/start')
    expect(reader.backend.isWriter(id)).toBe(false)
    expect(await reader.backend.readTail('missing' as SessionId, 10)).toBeUndefined()
    reader.dispose()
  })
})
