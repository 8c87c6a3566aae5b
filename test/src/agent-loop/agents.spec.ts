// ctx.agents lifecycle through createRuntime: created/session-start events, resume logs a
// `resume` header and keeps turn numbering, disposal emits agent/disposed and frees the scope.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

describe('ctx.agents', () => {
  it('emits created then session-start, and resumes a session with a resume header', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'one' }, { text: 'two' }] } })
    const seen: string[] = []
    runtime.ctx.on('agent/created', () => void seen.push('created'))
    runtime.ctx.on('agent/session-start', ({ source }) => void seen.push(`session-start ${source}`))
    runtime.ctx.on('agent/disposed', () => void seen.push('disposed'))
    const first = await runtime.open()
    first.followup('hi')
    await first.whenIdle()
    await runtime.ctx.agents.dispose(first.id)
    const again = await runtime.open(first.id)
    expect(again).not.toBe(first)
    again.followup('again')
    await again.whenIdle()
    expect(seen).toEqual(['created', 'session-start startup', 'disposed', 'created', 'session-start resume'])
    const events = again.session.events
    expect(events.filter((e) => e.type === 'request/header').map((e) => e.data.reason)).toEqual(['initial', 'resume'])
    expect(events.filter((e) => e.type === 'turn/start').map((e) => e.data.turn)).toEqual([1, 2])
  })

  it.each(['memory', 'indexeddb'] as const)('concurrent open(id) of one stored session (%s) returns the same agent, resumed once', async (storage) => {
    runtime = await createRuntime({ storage, llm: { provider: 'scripted', replies: [{ text: 'one' }, { text: 'two' }] } })
    const first = await runtime.open()
    first.followup('hi')
    await first.whenIdle()
    await runtime.ctx.sessions.flush()
    await runtime.ctx.agents.dispose(first.id)
    runtime.ctx.sessions.close(first.id)
    const starts: string[] = []
    runtime.ctx.on('agent/session-start', ({ source }) => void starts.push(source))

    const opened = await Promise.all([runtime.open(first.id), runtime.open(first.id), runtime.open(first.id)])

    expect(opened[1]).toBe(opened[0])
    expect(opened[2]).toBe(opened[0])
    expect(starts).toEqual(['resume'])
    opened[0].followup('again')
    await opened[0].whenIdle()
    expect(opened[0].session.events.filter((e) => e.type === 'turn/start').map((e) => e.data.turn)).toEqual([1, 2])
    expect(await runtime.open(first.id)).toBe(opened[0])
  })

  it.each(['memory', 'indexeddb'] as const)('concurrent sessions.open(id) and open(id) of a stored mid-turn session (%s): one session, one agent, one repair', async (storage) => {
    runtime = await createRuntime({ storage, llm: { provider: 'scripted', replies: [{ text: 'after repair' }] } })
    const stored = await runtime.ctx.sessions.create()
    stored.append('turn/start', { turn: 1 })
    stored.append('step/start', { turn: 1, step: 1 })
    await runtime.ctx.sessions.flush()
    runtime.ctx.sessions.close(stored.id)
    const [session, first, second] = await Promise.all([runtime.ctx.sessions.open(stored.id), runtime.open(stored.id), runtime.open(stored.id)])
    expect(second).toBe(first)
    expect(first.session).toBe(session)
    expect(runtime.ctx.agents.list()).toEqual([first])
    first.followup('go on')
    await first.whenIdle()
    await runtime.ctx.sessions.flush()
    const log = (await runtime.ctx.sessionPersistence.load(stored.id))!.events
    expect(log.filter((e) => e.type === 'session/end-seed')).toHaveLength(1)
    expect(log.filter((e) => e.type === 'turn/end').map((e) => e.data.reason.kind)).toEqual(['interrupted', 'completed'])
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i))
  })

  it('open(id) during dispose(id) waits for it and returns a fresh agent; a second dispose(id) shares the first', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ hang: true }, { text: 'fresh' }] } })
    const disposed: unknown[] = []
    runtime.ctx.on('agent/disposed', ({ agent }) => void disposed.push(agent))
    const old = await runtime.open()
    old.followup('hang')
    await expect.poll(() => old.session.events.some((e) => e.type === 'assistant/chunk')).toBe(true) // mid-stream
    const disposals = [runtime.ctx.agents.dispose(old.id), runtime.ctx.agents.dispose(old.id)]
    const reopened = await runtime.open(old.id)
    await Promise.all(disposals)
    expect(reopened).not.toBe(old)
    expect(disposed).toEqual([old])
    expect(runtime.ctx.agents.get(old.id)).toBe(reopened)
    reopened.followup('again')
    await reopened.whenIdle()
    expect(reopened.session.events.filter((e) => e.type === 'turn/end').map((e) => e.data.reason.kind)).toEqual(['aborted', 'completed'])
  })

  it('a failed concurrent open leaves nothing in flight: the next open tries again', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const missing = 'missing-session' as Parameters<Runtime['open']>[0] & string
    const failures = await Promise.allSettled([runtime.open(missing), runtime.open(missing)])
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected'])
    expect((failures[1] as PromiseRejectedResult).reason).toBe((failures[0] as PromiseRejectedResult).reason)
    await expect(runtime.open(missing)).rejects.toThrow('session missing-session not found')
  })

  it('refuses a second agent on a live session and reports the effective composition', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    const agent = await runtime.open()
    await expect(runtime.ctx.agents.create({ sessionId: agent.id })).rejects.toThrow(/already exists/)
    expect(runtime.dumpConfig().find((entry) => entry.id === 'agents')).toMatchObject({ layer: 'patch', disabled: false })
    expect(runtime.diagnostics().plugins).toEqual([])
  })

  it('refuses to resume a session that is live with an open turn ("while it is live"), and resumes it once idle', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ hang: true }] } })
    const agent = await runtime.open()
    agent.followup('hang')
    await expect.poll(() => agent.session.openTurn).toBe(1)
    const refused = await runtime.open(agent.id).catch((error: unknown) => error)
    expect(refused).toMatchObject({ name: 'SessionStoreError', code: 'SESSION_LIVE', message: `cannot resume session ${agent.id} while it is live: turn 1 is open` })
    expect(agent.session.events.some((e) => e.type === 'turn/end')).toBe(false)
    agent.cancel({ kind: 'user' })
    await agent.whenIdle()
    expect(await runtime.open(agent.id)).toBe(agent)
  })

  it('whenIdle resolves after dispose even with queued input', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ hang: true }] } })
    const agent = await runtime.open()
    agent.followup('hang')
    const idle = agent.whenIdle()
    await runtime.dispose()
    runtime = undefined
    await idle
    expect(agent.status).toBe('idle')
  })
})
