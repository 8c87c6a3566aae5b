// The worker outbox sends one message per task, merges consecutive event batches of a session, and detaches when the page is gone.
import { describe, expect, it } from 'vitest'
import { NoticeSink } from '../../../src/host/notice-sink.ts'
import type { HostNotice } from '../../../src/protocol/messages.ts'

const batch = (sessionId: string, seq: number): HostNotice => ({ kind: 'session.events', sessionId: sessionId as never, events: [{ event: { seq, type: 'turn/start', time: 0, data: { turn: 1 } } as never }] })
const tick = () => new Promise((r) => setTimeout(r, 5))

describe('NoticeSink', () => {
  it('coalesces a burst into one delivery, merging batches of one session', async () => {
    const sent: HostNotice[][] = []
    const sink = new NoticeSink(() => undefined)
    sink.attach((n) => { sent.push(n) })
    sink.post(batch('a', 0))
    sink.post(batch('a', 1))
    sink.post({ kind: 'agent.status', sessionId: 'a' as never, status: 'running' })
    sink.post(batch('a', 2))
    await tick()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.map((n) => n.kind)).toEqual(['session.events', 'agent.status', 'session.events'])
    expect((sent[0]![0] as Extract<HostNotice, { kind: 'session.events' }>).events.map((w) => w.event.seq)).toEqual([0, 1])
  })

  it('merges a long burst of one session in order without touching the posted notices', async () => {
    const sent: HostNotice[][] = []
    const sink = new NoticeSink(() => undefined)
    sink.attach((n) => { sent.push(n) })
    const posted = [0, 1, 2, 3].map((seq) => batch('a', seq))
    for (const notice of posted) sink.post(notice)
    await tick()
    expect(sent).toHaveLength(1)
    expect((sent[0]![0] as Extract<HostNotice, { kind: 'session.events' }>).events.map((w) => w.event.seq)).toEqual([0, 1, 2, 3])
    expect(posted.map((n) => (n as Extract<HostNotice, { kind: 'session.events' }>).events.length)).toEqual([1, 1, 1, 1])
  })

  it('detaches and reports when the page sink rejects', async () => {
    let detached = 0
    const sink = new NoticeSink(() => { detached++ })
    sink.attach(() => Promise.reject(new Error('gone')))
    sink.post(batch('a', 0))
    await tick()
    expect(detached).toBe(1)
    expect(sink.attached).toBe(false)
  })

  it('drops notices while no page is attached', async () => {
    const sink = new NoticeSink(() => undefined)
    sink.post(batch('a', 0))
    const sent: HostNotice[][] = []
    sink.attach((n) => { sent.push(n) })
    await tick()
    expect(sent).toEqual([])
  })
})
