// The inbox logs every mutation as one `agent/inbox/spliced` before mutating, emits live
// events in contract order, and replaying the log after seedLength rebuilds both lists.
import { describe, expect, it } from 'vitest'
import { AgentInbox, InboxError, replayInbox } from '../../../src/agent-loop/inbox.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { UserMessage } from '../../../src/llm/types.ts'
import { createTestSession, eventTypes } from '../../harness/loop-session.ts'

function setup() {
  const session = createTestSession()
  const log: string[] = []
  const inbox = new AgentInbox(session, {
    inserted: (m, target) => log.push(`inserted ${text(m)} ${target} @${session.events.length}`),
    claimed: (m, turn) => log.push(`claimed ${text(m)} ${turn}`),
    discarded: (m, target) => log.push(`discarded ${text(m)} ${target}`),
    changed: () => log.push('changed'),
  })
  return { session, inbox, log }
}
const text = (m: UserMessage) => (m.content[0] as { text: string }).text
const msg = (t: string) => createUserMessage(t)

describe('AgentInbox', () => {
  it('logs the splice first, then mutates, then emits inserted', () => {
    const { session, inbox, log } = setup()
    inbox.append(msg('a'), 'next-turn')
    inbox.prepend(msg('b'), 'next-turn')
    expect(inbox.nextTurn.map(text)).toEqual(['b', 'a'])
    expect(log).toEqual(['changed', 'inserted a next-turn @2', 'changed', 'inserted b next-turn @3'])
    const spliced = session.events.filter((e) => e.type === 'agent/inbox/spliced').map((e) => e.data)
    expect(spliced).toEqual([
      { target: 'next-turn', start: 0, inserted: [expect.objectContaining({ role: 'user' })] },
      { target: 'next-turn', start: 0, inserted: [expect.objectContaining({ role: 'user' })] },
    ])
  })

  it('claim takes all next-step then one next-turn, as pure deletions', () => {
    const { session, inbox, log } = setup()
    inbox.append(msg('t1'), 'next-turn')
    inbox.append(msg('t2'), 'next-turn')
    inbox.append(msg('s1'), 'next-step')
    inbox.append(msg('s2'), 'next-step')
    log.length = 0
    const batch = inbox.claim('next-turn', 3)
    expect(batch.map(text)).toEqual(['s1', 's2', 't1'])
    expect(inbox.nextTurn.map(text)).toEqual(['t2'])
    expect(log).toEqual(['changed', 'changed', 'claimed s1 3', 'claimed s2 3', 'claimed t1 3'])
    const last = session.events.slice(-2).map((e) => e.data)
    expect(last).toEqual([
      { target: 'next-step', start: 0, removedCount: 2, inserted: [] },
      { target: 'next-turn', start: 0, removedCount: 1, inserted: [] },
    ])
    expect(inbox.claim('next-step', 3)).toEqual([])
  })

  it('remove and clear record outcome canceled and emit discarded; no-ops log nothing', () => {
    const { session, inbox, log } = setup()
    const a = msg('a')
    inbox.append(a, 'next-turn')
    inbox.append(msg('b'), 'next-step')
    log.length = 0
    expect(inbox.remove(a.id)).toBe(true)
    expect(inbox.remove(a.id)).toBe(false)
    inbox.clear()
    inbox.clear()
    expect(log).toEqual(['changed', 'discarded a next-turn', 'changed', 'discarded b next-step'])
    expect(eventTypes(session.events)).toEqual(Array(4).fill('agent/inbox/spliced'))
    expect(session.events.at(-1)!.data).toEqual({ target: 'next-step', start: 0, removedCount: 1, inserted: [], outcome: 'canceled' })
  })

  it('replace keeps position; duplicate ids are refused with nothing logged', () => {
    const { session, inbox } = setup()
    const a = msg('a')
    inbox.append(a, 'next-turn')
    inbox.append(msg('b'), 'next-turn')
    inbox.replace(a.id, msg('c'))
    expect(inbox.nextTurn.map(text)).toEqual(['c', 'b'])
    const before = session.events.length
    const dup = inbox.nextTurn[1]!
    expect(() => inbox.append(dup, 'next-step')).toThrow(InboxError)
    expect(() => inbox.append(dup, 'next-step')).toThrow(/already queued/)
    expect(() => inbox.replace(a.id, msg('x'))).toThrow(/no queued message/)
    expect(session.events.length).toBe(before)
  })

  it('normalizes splice arguments like Array.prototype.splice', () => {
    const { session, inbox } = setup()
    inbox.splice('next-step', 5, 0, [msg('a'), msg('b'), msg('c')])
    const removed = inbox.splice('next-step', -2, 99, [])
    expect(removed.map(text)).toEqual(['b', 'c'])
    expect(session.events.at(-1)!.data).toEqual({ target: 'next-step', start: 1, removedCount: 2, inserted: [] })
  })

  it('replays both lists from the log after seedLength', () => {
    const { session, inbox } = setup()
    inbox.append(msg('a'), 'next-turn')
    inbox.append(msg('b'), 'next-step')
    inbox.append(msg('c'), 'next-turn')
    inbox.claim('next-turn', 1)
    const lists = replayInbox(session.events, 0)
    expect(lists['next-turn'].map(text)).toEqual(['c'])
    expect(lists['next-step']).toEqual([])
    expect(replayInbox(session.events, session.events.length)['next-turn']).toEqual([])
  })
})
