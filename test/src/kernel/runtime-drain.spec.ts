// dispose() drains before it ends the writers: on (fake) IndexedDB a turn awaited with whenIdle()
// and disposed at once is stored whole; sessions.flush() says {durable}; a drain that cannot
// finish (quota) still disposes everything and then rejects with the named SessionDrainError.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { quotaFull } from '../session-idb/harness.ts'
import { createRuntime, SessionDrainError, type Runtime } from '../../../src/index.ts'

const runtimes: Runtime[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose().catch(() => undefined)))
})

async function start(): Promise<Runtime> {
  const runtime = await createRuntime({ storage: 'indexeddb', llm: { provider: 'scripted', replies: [{ text: 'a reply in a few chunks' }] } })
  runtimes.push(runtime)
  return runtime
}

describe('runtime drain', () => {
  it('a turn awaited with whenIdle() and disposed at once is stored whole', async () => {
    const runtime = await start()
    const agent = await runtime.open()
    agent.followup('hi')
    await agent.whenIdle()
    const types = agent.session.events.map((e) => e.type)
    await runtime.dispose()
    const reader = await start()
    expect((await reader.sessions.read(agent.id))?.events.map((e) => e.type)).toEqual(types)
  })

  it('sessions.flush() is durable when stored, not durable under quota; dispose then rejects SessionDrainError after disposing', async () => {
    const runtime = await start()
    const agent = await runtime.open()
    agent.followup('hi')
    await agent.whenIdle()
    expect(await runtime.sessions.flush()).toEqual({ durable: true })
    quotaFull()
    agent.followup('again')
    await agent.whenIdle()
    expect(await runtime.sessions.flush()).toEqual({ durable: false })
    const failure = await runtime.dispose().then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(SessionDrainError)
    expect(failure).toMatchObject({ name: 'SessionDrainError', code: 'SESSION_DRAIN_FAILED' })
    expect(runtime.ctx.get('agents', false)).toBeUndefined()
  })
})
