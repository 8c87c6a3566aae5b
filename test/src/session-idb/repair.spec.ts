// A crashed session reopens repaired and committed; damaged storage is dropped, refused or read-only.
import { describe, expect, it } from 'vitest'
import type { CallId, SessionId } from '../../../src/util/brand.ts'
import { assistant, user } from '../session/fixtures.ts'
import { boot, freshFactory, laterClock, ManualClock, withDb } from './harness.ts'

const id = 'crash' as SessionId

/**
 * Instance A writes a turn that stops inside step 1 with c1 recorded and c2 never started, then
 * "dies"; two rows (seq 0–1, then 2–4).
 */
async function crashMidTurn(factory: IDBFactory): Promise<number> {
  const a = await boot(factory, { clock: new ManualClock() })
  const session = await a.root.sessions.create({ id })
  session.append('turn/start', { turn: 1 })
  session.append('step/start', { turn: 1, step: 1 })
  await a.root.sessions.flush()
  session.append('user/message', user('go'), { surfaceOp: 'append' })
  session.append('assistant/message', { turn: 1, step: 1, message: assistant('', ['c1', 'c2']) }, { surfaceOp: 'append' })
  session.append('tool/call', { turn: 1, step: 1, callId: 'c1' as CallId, name: 'read', arguments: '{}' })
  await a.root.sessions.flush()
  return session.events.length
}

async function breakRow(factory: IDBFactory, index: number, change: (row: Record<string, unknown>) => void): Promise<void> {
  await withDb(factory, async (db) => {
    const rows = await db.getAll('events', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))
    const row = rows[index < 0 ? rows.length + index : index]!
    change(row as unknown as Record<string, unknown>)
    await db.put('events', row)
  })
}

describe('loading after a crash', () => {
  it('closes the open turn exactly once, commits it, and adds one end-seed', async () => {
    const factory = freshFactory()
    const durable = await crashMidTurn(factory)
    const b = await boot(factory, { clock: laterClock() })
    const reopened = await b.root.sessions.open(id)
    const added = reopened.events.slice(durable)
    expect(added.map((event) => event.type)).toEqual(['tool/result', 'tool/result', 'step/end', 'turn/end', 'session/end-seed'])
    expect(added.map((event) => (event.data as { error?: { code: string } }).error?.code)).toEqual(['TOOL_OUTCOME_UNKNOWN', 'TOOL_NOT_STARTED', undefined, undefined, undefined])
    expect(added[3]?.data).toEqual({ turn: 1, reason: { kind: 'interrupted' } })
    const repaired = JSON.stringify(reopened.events)
    b.dispose()

    const c = await boot(factory, { clock: laterClock() })
    const again = await c.root.sessions.open(id)
    expect(JSON.stringify(again.events)).toBe(repaired)
  })

  it('drops a torn last row, reports it, and keeps everything before it', async () => {
    const factory = freshFactory()
    const durable = await crashMidTurn(factory)
    await breakRow(factory, -1, (row) => { row.body = String(row.body).slice(0, 25) })
    const b = await boot(factory, { clock: laterClock() })
    const reopened = await b.root.sessions.open(id)
    expect(b.torn).toEqual([{ sessionId: id, fromSeq: 2, reason: 'row at seq 2 is not valid JSON' }])
    expect(durable).toBe(5)
    expect(reopened.events.map((event) => event.type)).toEqual(['turn/start', 'step/start', 'step/end', 'turn/end', 'session/end-seed'])
    expect(await withDb(factory, (db) => db.getAll('events'))).toHaveLength(2)
  })

  it('refuses a corrupt middle: read-only inspect and raw export still work, nothing is written', async () => {
    const factory = freshFactory()
    await crashMidTurn(factory)
    await breakRow(factory, 0, (row) => { row.body = '[{"type":' })
    const before = await withDb(factory, (db) => db.getAll('events'))
    const b = await boot(factory, { clock: laterClock() })
    await expect(b.root.sessions.open(id)).rejects.toMatchObject({ code: 'SESSION_CORRUPT', message: expect.stringContaining('opens read-only') })
    const inspected = await b.backend.inspect(id)
    expect(inspected).toMatchObject({ events: [], problem: expect.stringContaining('not valid JSON') })
    const raw = (await b.backend.exportRaw(id)).trim().split('\n')
    expect(raw).toHaveLength(3)
    expect(await withDb(factory, (db) => db.getAll('events'))).toEqual(before)
  })

  it('refuses a newer session format and a newer row encoding with their own message', async () => {
    const factory = freshFactory()
    await crashMidTurn(factory)
    await breakRow(factory, 0, (row) => { row.enc = 9 })
    const b = await boot(factory, { clock: laterClock() })
    await expect(b.root.sessions.open(id)).rejects.toMatchObject({ code: 'SESSION_FORMAT_NEWER', message: expect.stringContaining('newer dsh-agent') })
    await withDb(factory, async (db) => {
      const row = (await db.get('sessions', id))!
      await db.put('sessions', { ...row, header: { ...row.header, version: 1 } })
    })
    await expect(b.backend.load(id)).rejects.toMatchObject({ code: 'SESSION_FORMAT_NEWER', message: expect.stringContaining('format 1') })
  })
})
