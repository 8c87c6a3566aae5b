// dsh's packed chunk rows on import: what dsh's own packer (packChunkRuns) writes expands back to
// exactly the packed `assistant/chunk` events; a malformed row is refused naming its line and
// what is wrong, storing nothing.
import { describe, expect, it } from 'vitest'
import type { CallId } from '../../../src/util/brand.ts'
import type { Session } from '../../../src/session/session.ts'
import { dshSession } from '../../harness/dsh-peer.ts'
import { assistant, sid, user } from './fixtures.ts'
import { bootStore } from './store-fixture.ts'

/** One turn streaming reasoning, text and a tool call's arguments in runs of deltas. */
function streamTurn(s: Session): void {
  s.append('turn/start', { turn: 1 })
  s.append('user/message', user('q'), { surfaceOp: 'append' })
  s.append('step/start', { turn: 1, step: 1 })
  const seqs: number[] = []
  const chunk = (c: Parameters<Session['append']>[1]) => seqs.push(s.append('assistant/chunk', c as never).seq)
  for (const text of ['Let', ' me', ' think']) chunk({ turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 0, text } })
  for (const text of ['Hel', 'lo', ' "there"\n', '!']) chunk({ turn: 1, step: 1, chunk: { type: 'text-delta', index: 1, text } })
  for (const [k, argumentsDelta] of ['{"pa', 'th":', '"a"}'].entries()) {
    chunk({ turn: 1, step: 1, chunk: { type: 'tool-call-delta', index: 2, id: 'c1' as CallId, ...(k === 0 ? {} : { name: 'read' }), argumentsDelta } })
  }
  for (const argumentsDelta of ['{', '}', '']) chunk({ turn: 1, step: 1, chunk: { type: 'tool-call-delta', index: 3, id: 'c2' as CallId, name: 'ls', argumentsDelta } })
  s.append('assistant/message', { turn: 1, step: 1, message: assistant('Hello "there"\n!') }, { surfaceOp: 'append', sourceEventSeqs: seqs })
  s.append('step/end', { turn: 1, step: 1 })
  s.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
}

async function packedByDsh(): Promise<{ text: string; packed: string; session: Session }> {
  const root = await bootStore()
  const session = await root.sessions.create({ id: sid('p') })
  streamTurn(session)
  const text = await root.sessions.export(session.id)
  const [header, ...events] = text.trim().split('\n').map(line => JSON.parse(line) as unknown)
  const { packChunkRuns } = await dshSession()
  const packed = [header, ...packChunkRuns(events)].map(record => JSON.stringify(record)).join('\n') + '\n'
  return { text, packed, session }
}

describe('importing dsh\'s packed chunk rows', () => {
  it('expands text-chunks, reasoning-chunks and tool-call-chunks rows to the events dsh packed', async () => {
    const { text, packed, session } = await packedByDsh()
    expect(packed).toContain('"type":"reasoning-chunks","seq0":')
    expect(packed).toContain('"type":"text-chunks","seq0":')
    expect(packed).toContain('"type":"tool-call-chunks","seq0":')
    expect(packed.split('\n').length).toBeLessThan(text.split('\n').length)
    const other = await bootStore()
    expect(await other.sessions.import(packed)).toBe('p')
    expect(await other.sessions.export(sid('p'))).toBe(text)
    const opened = await other.sessions.open(sid('p'))
    expect(opened.events.slice(0, session.events.length)).toEqual(session.events)
  })

  const row = (data: Record<string, unknown>, envelope: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'text-chunks', seq0: 3, time0: 100, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'], ...data }, ...envelope })

  it.each([
    ['a dt arity that does not match the members', row({ dt: [1] }), 'malformed text-chunks row: dt has 1 gaps for 3 members'],
    ['an extra data key', row({ extra: 1 }), 'malformed text-chunks row: data must be exactly {turn, step, index, dt, texts}'],
    ['an extra envelope key', row({}, { seq: 3 }), 'malformed text-chunks row: the row must be exactly {type, seq0, time0, data}'],
    ['an empty run', row({ dt: [], texts: [] }), 'malformed text-chunks row: texts must be a non-empty array of strings'],
    ['a fractional gap', row({ dt: [1, 0.5] }), 'malformed text-chunks row: dt must be an array of safe integers'],
    ['a non-string text', row({ texts: ['a', 2, 'c'] }), 'malformed text-chunks row: texts must be a non-empty array of strings'],
    ['a tool-call row without its id', JSON.stringify({ type: 'tool-call-chunks', seq0: 3, time0: 1, data: { turn: 1, step: 1, index: 0, dt: [0, 0], args: ['a', 'b', 'c'] } }),
      'malformed tool-call-chunks row: data must be exactly {turn, step, index, id, name?, dt, args}'],
    ['a row whose first member is not the next seq', row({}, { seq0: 40 }), 'seq gap: found 40; expected seq 6'],
  ])('refuses %s, naming the row\'s line', async (_, bad, reason) => {
    const { packed } = await packedByDsh()
    const lines = packed.trim().split('\n')
    const at = lines.findIndex(line => line.includes('"text-chunks"'))
    lines[at] = bad
    const root = await bootStore()
    const error = await root.sessions.import(lines.join('\n') + '\n').then(() => undefined, (e: unknown) => e)
    expect(error).toMatchObject({ name: 'SessionImportError', line: at + 1 })
    expect((error as Error).message).toContain(`line ${at + 1}: ${reason}`)
    expect(await root.sessions.list()).toEqual([])
  })

  it('names the line of a bad event after packed rows (the rows hold several events each)', async () => {
    const { packed } = await packedByDsh()
    const lines = packed.trim().split('\n')
    const at = lines.findIndex(line => line.includes('"type":"assistant/message"'))
    lines[at] = lines[at]!.replace('"role":"assistant"', '"role":"system"')
    const root = await bootStore()
    const error = await root.sessions.import(lines.join('\n') + '\n').then(() => undefined, (e: unknown) => e)
    expect(error).toMatchObject({ name: 'SessionImportError', line: at + 1 })
    expect((error as Error).message).toContain(`line ${at + 1}: assistant/message: data.message.role`)
    expect(await root.sessions.list()).toEqual([])
  })
})
