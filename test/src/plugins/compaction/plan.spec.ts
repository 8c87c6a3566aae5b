// Compaction planning: keeps a token tail verbatim and never splits a tool call from its result.
import { describe, expect, it } from 'vitest'
import { planCompaction } from '../../../../src/plugins/compaction/plan.ts'
import { appendTurn, newSession } from '../../session/fixtures.ts'

describe('planCompaction', () => {
  it('compacts the oldest nodes and keeps at least the retained tail', () => {
    const session = newSession()
    for (let turn = 1; turn <= 4; turn += 1) appendTurn(session, turn)
    const nodes = session.surface.nodes
    const plan = planCompaction(session.events, nodes, 10)!
    expect(plan.shadowedSeqs).toEqual(nodes.slice(0, plan.shadowedSeqs.length))
    expect(plan.shadowedSeqs.length).toBeGreaterThan(0)
    expect(plan.shadowedSeqs.length).toBeLessThan(nodes.length)
    expect(plan.shadowedTokenCount).toBeGreaterThan(0)
  })

  it('moves the cut before an assistant tool call whose result would stay behind', () => {
    const session = newSession()
    appendTurn(session, 1)
    appendTurn(session, 2, ['call-a'])
    const nodes = session.surface.nodes
    // nodes: u1 a1 | u2 a2(call-a) r(call-a) a2-final ; retain enough to keep only the last node
    for (let retain = 1; retain < 200; retain += 7) {
      const plan = planCompaction(session.events, nodes, retain)
      if (!plan) continue
      const shadowed = new Set(plan.shadowedSeqs)
      const events = session.events
      const callSeq = nodes.find((seq) => events[seq]!.type === 'assistant/message' && JSON.stringify(events[seq]!.data).includes('call-a'))!
      const resultSeq = nodes.find((seq) => events[seq]!.type === 'tool/result')!
      expect(shadowed.has(callSeq)).toBe(shadowed.has(resultSeq))
    }
  })

  it('returns undefined when the tail to keep covers the whole history', () => {
    const session = newSession()
    appendTurn(session, 1)
    expect(planCompaction(session.events, session.surface.nodes, 1_000_000)).toBeUndefined()
  })

  it('compacts everything that balances when nothing is retained (overflow)', () => {
    const session = newSession()
    appendTurn(session, 1)
    appendTurn(session, 2)
    const plan = planCompaction(session.events, session.surface.nodes, 0)!
    expect(plan.shadowedSeqs).toEqual(session.surface.nodes)
  })
})
