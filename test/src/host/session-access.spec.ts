// Two hosts (two tabs' workers) on one IndexedDB session: one writes, the other follows read-only,
// agent commands there fail SESSION_READ_ONLY, take-over keeps the page's feed contiguous, and the
// old writer becomes a follower. Lease mode: Node has no Web Locks.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { CommandKind, CommandOf, CommandResultMap, HostNotice, RuntimeSettings, SessionId, WireEvent } from '../../../src/protocol/index.ts'

const hosts: AgentHost[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.reset()))
})

interface Tab { host: AgentHost; notices: HostNotice[]; seen(id: string): WireEvent[] }

async function tab(replies: string[]): Promise<Tab> {
  const host = new AgentHost(createRuntime)
  hosts.push(host)
  const notices: HostNotice[] = []
  await host.attach((batch) => void notices.push(...batch))
  const settings: RuntimeSettings = { provider: 'scripted', replies: replies.map((text) => ({ text })), permissions: 'workspace-write', storage: 'indexeddb' }
  await call(host, { kind: 'host.configure', settings })
  const seen = (id: string) => notices.flatMap((n) => (n.kind === 'session.events' && n.sessionId === id ? n.events : []))
  return { host, notices, seen }
}

async function call<K extends CommandKind>(host: AgentHost, command: CommandOf<K>): Promise<CommandResultMap[K]> {
  const reply = await host.call(command)
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code })
  return reply.value as CommandResultMap[K]
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check(), what).toBe(true)
}

const seqs = (events: WireEvent[]) => events.map((wire) => wire.event.seq)
const stored = (host: AgentHost, id: SessionId) => JSON.stringify(host.agent(id).session.events)

describe('host: one writer per session across workers', () => {
  it('follows read-only, refuses agent commands there, takes over seamlessly, and the old writer follows', async () => {
    const a = await tab(['first answer', 'lost answer'])
    const { sessionId: id, readOnly } = await call(a.host, { kind: 'session.open' })
    expect(readOnly).toBe(false)
    await call(a.host, { kind: 'session.subscribe', sessionId: id, fromSeq: 0 })

    const b = await tab(['taken over answer'])
    expect(await call(b.host, { kind: 'session.open', sessionId: id })).toEqual({ sessionId: id, status: 'idle', readOnly: true })
    const storedCount = JSON.parse(stored(a.host, id)).length
    expect(await call(b.host, { kind: 'session.subscribe', sessionId: id, fromSeq: 0 })).toEqual({ liveSeq: storedCount, fromSeq: 0 })
    expect(await b.host.call({ kind: 'agent.prompt', sessionId: id, text: 'hi' })).toEqual({
      ok: false, code: 'SESSION_READ_ONLY',
      message: `session ${id} is being written by another tab or instance and is shown read-only here; take it over to drive it`,
    })

    await call(a.host, { kind: 'agent.prompt', sessionId: id, text: 'hello' })
    await a.host.agent(id).whenIdle()
    await call(a.host, { kind: 'storage.flush' })
    await until(() => b.seen(id).length === a.host.agent(id).session.events.length, 'the follower converges')
    expect(JSON.stringify(b.seen(id).map((wire) => wire.event))).toBe(stored(a.host, id))
    const exported = (host: AgentHost) => call(host, { kind: 'session.export', sessionId: id })
    expect(await exported(b.host)).toEqual(await exported(a.host)) // the follower exports the stored log without claiming it

    const before = b.seen(id).length
    expect(await call(b.host, { kind: 'session.takeOver', sessionId: id })).toEqual({ sessionId: id, status: 'idle', readOnly: false })
    await call(b.host, { kind: 'agent.prompt', sessionId: id, text: 'mine now' })
    await b.host.agent(id).whenIdle()
    await until(() => b.seen(id).length === b.host.agent(id).session.events.length, 'the feed continues after the take-over')
    expect(seqs(b.seen(id))).toEqual(seqs(b.seen(id)).map((_, i) => i))
    expect(b.seen(id).slice(before).map((wire) => wire.event.type)).toContain('user/message')

    await call(a.host, { kind: 'agent.prompt', sessionId: id, text: 'still there?' }) // its write fails the epoch check
    await until(() => a.notices.some((n) => n.kind === 'session.access'), 'the old writer is told it was taken over')
    expect(a.notices.find((n) => n.kind === 'session.access')).toEqual({ kind: 'session.access', sessionId: id, readOnly: true, code: 'SESSION_TAKEN_OVER' })
    expect(a.notices.some((n) => n.kind === 'storage.state' && n.state.health !== 'ok')).toBe(false)
    expect((await a.host.call({ kind: 'agent.prompt', sessionId: id, text: 'x' })).ok).toBe(false)

    const resubscribed = a.notices.length
    await call(a.host, { kind: 'session.subscribe', sessionId: id, fromSeq: 0 })
    const again = () => a.notices.slice(resubscribed).flatMap((n) => (n.kind === 'session.events' ? n.events : []))
    await until(() => again().length === b.host.agent(id).session.events.length, 'the old writer converges on the new log')
    expect(JSON.stringify(again().map((wire) => wire.event))).toBe(stored(b.host, id))
    expect(JSON.stringify(again().map((wire) => wire.event))).not.toContain('still there?')
  })

  it('the writer goes away: the follower becomes the writer by itself, its feed contiguous, and can send', async () => {
    const a = await tab(['first answer'])
    const { sessionId: id } = await call(a.host, { kind: 'session.open' })
    await call(a.host, { kind: 'agent.prompt', sessionId: id, text: 'hello' })
    await a.host.agent(id).whenIdle()
    await call(a.host, { kind: 'storage.flush' })
    const b = await tab(['answer from the successor'])
    expect((await call(b.host, { kind: 'session.open', sessionId: id })).readOnly).toBe(true)
    await call(b.host, { kind: 'session.subscribe', sessionId: id, fromSeq: 0 })
    const access = () => b.notices.filter((n) => n.kind === 'session.access')
    expect(access()).toEqual([])

    await a.host.reset() // the writer's runtime closes: its lease is given up
    await until(() => access().length > 0, 'the follower is told it writes now')
    expect(access()).toEqual([{ kind: 'session.access', sessionId: id, readOnly: false }])
    await call(b.host, { kind: 'agent.prompt', sessionId: id, text: 'continue' })
    await b.host.agent(id).whenIdle()
    await until(() => b.seen(id).length === b.host.agent(id).session.events.length, 'the feed continues')
    expect(seqs(b.seen(id))).toEqual(seqs(b.seen(id)).map((_, i) => i))
    expect(JSON.stringify(b.seen(id).map((wire) => wire.event))).toBe(stored(b.host, id))
    expect(stored(b.host, id)).toContain('answer from the successor')
  })

  it('a follower whose page closes the session stops waiting and never becomes the writer', async () => {
    const a = await tab([])
    const { sessionId: id } = await call(a.host, { kind: 'session.open' })
    const b = await tab([])
    await call(b.host, { kind: 'session.open', sessionId: id })
    await call(b.host, { kind: 'session.unsubscribe', sessionId: id })
    await a.host.reset()
    await new Promise((resolve) => setTimeout(resolve, 1500)) // past one lease poll
    expect(b.notices.filter((n) => n.kind === 'session.access')).toEqual([])
    expect(b.host.agents.has(id)).toBe(false)
    expect(await call(a.host, { kind: 'session.open', sessionId: id })).toMatchObject({ readOnly: false })
  })

  it('take-over without another writer (memory storage) is a named refusal', async () => {
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    await call(host, { kind: 'host.configure', settings: { provider: 'scripted', replies: [], permissions: 'ask', storage: 'memory' } })
    const other = 'sess-other' as SessionId
    expect(await host.call({ kind: 'session.takeOver', sessionId: other })).toMatchObject({ ok: false, code: 'SESSION_TAKEOVER_UNAVAILABLE' })
    expect(await host.call({ kind: 'session.takeOver', sessionId: 1 as never })).toMatchObject({ ok: false, code: 'DSH_PROTOCOL_INVALID' })
  })
})
