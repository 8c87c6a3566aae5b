// A long session reaches the page in pages of whole turns: the tail first (with the task list that
// was current before it), older pages on request, and tail plus pages are exactly the whole log.
import { describe, expect, it } from 'vitest'
import { historyPage, pageStart, todosBefore } from '../../../src/host/session-history.ts'
import type { SessionEvent } from '../../../src/session/types.ts'

/** `turns` turns of `perTurn` events each (turn/start, chunks…, turn/end); a todo/write in turn 2. */
function log(turns: number, perTurn: number): SessionEvent[] {
  const events: SessionEvent[] = []
  const push = (type: string, data: unknown) => events.push({ seq: events.length, type, time: 0, data } as SessionEvent)
  for (let t = 1; t <= turns; t++) {
    push('turn/start', { turn: t })
    for (let i = 0; i < perTurn - 2; i++) push(t === 2 && i === 0 ? 'todo/write' : 'assistant/chunk', t === 2 && i === 0 ? { todos: [] } : { turn: t, step: 1, chunk: { type: 'text-delta', index: 0, text: 'x' } })
    push('turn/end', { turn: t, reason: { kind: 'completed' } })
  }
  return events
}

describe('session history pages', () => {
  it('a page starts at a turn start about maxEvents before its end, or at 0', () => {
    const events = log(10, 10) // turn t starts at seq 10(t-1)
    expect(pageStart(events, 100, 25)).toBe(70)
    expect(pageStart(events, 100, 30)).toBe(70)
    expect(pageStart(events, 100, 31)).toBe(60)
    expect(pageStart(events, 20, 25)).toBe(0)
    expect(pageStart(events, 100, 2_000)).toBe(0)
  })

  it('pages walk back to 0 without a gap or an overlap, each painting its own calls', () => {
    const events = log(50, 10)
    const lookup = () => undefined
    let before = pageStart(events, events.length, 40)
    const seen: number[] = []
    while (before > 0) {
      const page = historyPage(events, before, lookup, 40)
      expect(page.events[0]!.event.type).toBe('turn/start')
      expect(page.events.at(-1)!.event.seq).toBe(before - 1)
      seen.unshift(...page.events.map((w) => w.event.seq))
      before = page.fromSeq
    }
    expect(seen).toEqual(Array.from({ length: pageStart(events, events.length, 40) }, (_, i) => i))
  })

  it('the tail starts with the task list that was current before it', () => {
    const events = log(10, 10)
    expect(todosBefore(events, 50)?.seq).toBe(11)
    expect(todosBefore(events, 11)).toBeUndefined()
  })
})
