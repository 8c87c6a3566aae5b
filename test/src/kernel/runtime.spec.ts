// The headless runtime's public surface added for dsh fidelity: `sessions.read(id)` reads a
// stored, not-open session read-only (or the live log), and `invariants: false` turns the runtime
// invariant checks off (on by default).
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, createUserMessage, SessionInvariantError, type Runtime } from '../../../src/index.ts'
import type { SessionId } from '../../../src/util/brand.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

describe('runtime.sessions.read', () => {
  it('reads a stored session without opening it, as stored; appends are impossible', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'hello' }] } })
    const agent = await runtime.open()
    agent.followup('hi')
    await agent.whenIdle()
    const liveView = await runtime.sessions.read(agent.id)
    expect(liveView?.live).toBe(true)
    expect(liveView?.events).toBe(agent.session.events)
    const stored = agent.session.events.map((e) => e.type)
    await runtime.ctx.agents.dispose(agent.id)
    runtime.ctx.sessions.close(agent.id)
    const view = (await runtime.sessions.read(agent.id))!
    expect(view.live).toBe(false)
    expect(view.events.map((e) => e.type)).toEqual(stored)
    expect(Object.isFrozen(view.events)).toBe(true)
    expect(view.deriveMessages().map((m) => m.role)).toEqual(['user', 'user', 'assistant'])
    expect(runtime.sessions.get(agent.id)).toBeUndefined()
    expect(runtime.ctx.agents.get(agent.id)).toBeUndefined()
    expect((view as unknown as { append?: unknown }).append).toBeUndefined()
    expect(await runtime.sessions.read('nope' as SessionId)).toBeUndefined()
    const reopened = await runtime.open(agent.id)
    expect(reopened.session.events.length).toBeGreaterThan(view.events.length)
  })
})

describe('invariants option', () => {
  const breakLog = async (rt: Runtime) => {
    const agent = await rt.open()
    return () => agent.session.append('step/start', { turn: 9, step: 1 })
  }

  it('is on by default: an append that breaks the log invariant is refused', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    expect(await breakLog(runtime)).toThrow(SessionInvariantError)
  })

  it('invariants: false skips the checks (the session-invariant entry is disabled)', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] }, invariants: false })
    expect((await breakLog(runtime))()).toMatchObject({ type: 'step/start' })
    expect(runtime.dumpConfig().find((e) => e.id === 'session-invariant')?.disabled).toBe(true)
    expect(runtime.dumpConfig().find((e) => e.id === 'agents')?.config).toMatchObject({ invariants: false })
  })

  it('invariants: false also skips model-visible-means-logged', async () => {
    const run = async (invariants: boolean) => {
      const rt = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'ok' }] }, invariants })
      let forged = false
      rt.ctx.on('llm/stream', (options, next) => {
        if (forged) return next()
        forged = true
        return rt.ctx.llm.stream(Object.freeze({ ...options, messages: Object.freeze([...options.messages, createUserMessage('smuggled')]) }))
      })
      const agent = await rt.open()
      agent.followup('hello')
      await agent.whenIdle()
      const reason = agent.session.events.find((e) => e.type === 'turn/end')!.data as { reason: { kind: string } }
      await rt.dispose()
      return reason.reason.kind
    }
    expect(await run(true)).toBe('error')
    expect(await run(false)).toBe('completed')
  })
})
