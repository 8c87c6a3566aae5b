// Packed event rows decode to exactly the events that were encoded (key order, chunk runs included).
import { describe, expect, it } from 'vitest'
import { decodeRow, encodeRows, MAX_EVENTS_PER_ROW, packRecords, ROW_ENCODING } from '../../../src/session-idb/row-codec.ts'
import type { SessionEvent } from '../../../src/session/types.ts'

const chunk = (seq: number, time: number, c: Record<string, unknown>, turn = 1, step = 1) =>
  ({ type: 'assistant/chunk', seq, time, data: { turn, step, chunk: c } }) as unknown as SessionEvent

function stream(): SessionEvent[] {
  const events: SessionEvent[] = [{ type: 'turn/start', seq: 0, time: 10, data: { turn: 1 } } as SessionEvent]
  let seq = 1
  for (let i = 0; i < 5; i++) events.push(chunk(seq++, 20 + i * 3, { type: 'reasoning-delta', index: 0, text: `r${i}` }))
  for (let i = 0; i < 6; i++) events.push(chunk(seq++, 40 - i, { type: 'text-delta', index: 1, text: i === 2 ? '' : `t${i} ü\n"` }))
  events.push(chunk(seq++, 50, { type: 'tool-call-delta', index: 2, id: 'c1', name: 'read', argumentsDelta: '{"pa' }))
  for (let i = 0; i < 4; i++) events.push(chunk(seq++, 51 + i, { type: 'tool-call-delta', index: 2, id: 'c1', argumentsDelta: `x${i}` }))
  events.push(chunk(seq++, 60, { type: 'block-end', index: 2, block: { type: 'text', text: 'all' } }))
  events.push(chunk(seq++, 61.5, { type: 'text-delta', index: 3, text: 'fractional time stays verbatim' }))
  events.push({ type: 'assistant/chunk', seq: seq++, time: 62, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 3, text: 'x' } }, ignorable: true } as unknown as SessionEvent)
  return events
}

describe('row codec', () => {
  it('round-trips a chunk-heavy batch byte for byte', () => {
    const events = stream()
    const rows = encodeRows('s', 3, events)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ sessionId: 's', firstSeq: 0, count: events.length, epoch: 3, enc: ROW_ENCODING })
    expect(JSON.stringify(decodeRow(rows[0]!))).toBe(JSON.stringify(events))
  })

  it('packs each run of three or more deltas of one block into one record', () => {
    const records = packRecords(stream()) as Record<string, unknown>[]
    const runs = records.filter((record) => 'run' in record)
    expect(runs.map((run) => [run.run, (run.parts as string[]).length])).toEqual([
      ['reasoning-delta', 5], ['text-delta', 6], ['tool-call-delta', 4],
    ])
    expect(records).toHaveLength(1 + 3 + 1 + 1 + 1 + 1)
  })

  it('splits a long batch into rows of at most MAX_EVENTS_PER_ROW events', () => {
    const events = Array.from({ length: MAX_EVENTS_PER_ROW + 5 }, (_, i) => chunk(i, i, { type: 'text-delta', index: 0, text: 'a' }))
    const rows = encodeRows('s', 1, events)
    expect(rows.map((row) => [row.firstSeq, row.count])).toEqual([[0, MAX_EVENTS_PER_ROW], [MAX_EVENTS_PER_ROW, 5]])
    expect(rows.flatMap((row) => decodeRow(row))).toEqual(events)
  })

  it('refuses a row that is not JSON, has the wrong count or seq, or a malformed run', () => {
    const [row] = encodeRows('s', 1, stream())
    expect(() => decodeRow({ ...row!, body: row!.body.slice(0, 40) })).toThrow('row at seq 0 is not valid JSON')
    expect(() => decodeRow({ ...row!, count: 3 })).toThrow(/holds 20 events, expected 3/)
    expect(() => decodeRow({ ...row!, firstSeq: 7 })).toThrow('row at seq 7: event 0 has seq 0')
    const broken = row!.body.replace('"dt":[3,3,3,3]', '"dt":[3]')
    expect(() => decodeRow({ ...row!, body: broken })).toThrow('malformed chunk run at seq 1')
  })

  it('marks a row from a newer encoder as newer', () => {
    const [row] = encodeRows('s', 1, stream())
    expect(() => decodeRow({ ...row!, enc: ROW_ENCODING + 1 })).toThrow(expect.objectContaining({ newer: true }))
  })
})
