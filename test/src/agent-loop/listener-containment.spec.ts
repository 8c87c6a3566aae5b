// A listener of any `agent/*` notification that throws (or rejects) never stalls the agent:
// the turn still ends with turn/end, whenIdle() and dispose() settle, open() resolves, and the
// listeners after it still run (dsh contains every agent notification emit).
import { afterEach, describe, expect, it } from 'vitest'
import type { Runtime } from '../../../src/index.ts'
import { createLoopRuntime, compactTypes } from '../../harness/loop-runtime.ts'
import { createRuntime } from '../../../src/index.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

const badKey = { error: { status: 401, message: 'bad key' } }

describe('a throwing agent/* listener', () => {
  it('agent/error: the turn still ends, whenIdle() and dispose() settle, the next turn runs', async () => {
    const loop = await createLoopRuntime([badKey, { text: 'second' }])
    runtime = loop.runtime
    let after = 0
    loop.runtime.ctx.on('agent/error', () => { throw new Error('listener boom') })
    loop.runtime.ctx.on('agent/error', () => { after += 1 })
    loop.agent.followup('one')
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/end').map((e) => e.data.reason.kind)).toEqual(['error'])
    expect(after).toBe(1)
    loop.agent.followup('two')
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/end').map((e) => e.data.reason.kind)).toEqual(['error', 'completed'])
    await loop.runtime.dispose()
    runtime = undefined
  })

  it('agent/status on idle: whenIdle() resolves', async () => {
    const loop = await createLoopRuntime([{ text: 'hi' }])
    runtime = loop.runtime
    loop.runtime.ctx.on('agent/status', ({ status }) => {
      if (status === 'idle') throw new Error('idle listener boom')
    })
    loop.agent.followup('one')
    await loop.agent.whenIdle()
    expect(loop.agent.status).toBe('idle')
    expect(compactTypes(loop.agent.session.events).slice(-3)).toEqual(['assistant/message', 'step/end', 'turn/end'])
  })

  it('agent/session-start: runtime.open() resolves with a working agent', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'hi' }] } })
    runtime.ctx.on('agent/session-start', () => { throw new Error('start listener boom') })
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    expect(agent.session.events.at(-1)?.type).toBe('turn/end')
  })

  it('every agent/* notification: throwing and rejecting listeners are logged, the agent runs and disposes', async () => {
    const names = ['agent/status', 'agent/created', 'agent/session-start', 'agent/disposed', 'agent/inbox/inserted', 'agent/inbox/claimed', 'agent/inbox/discarded', 'agent/error'] as const
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [badKey] } })
    const warnings: string[] = []
    runtime.ctx.logger.exporter({ levels: { default: 3 }, export: (message) => { if (message.type === 'warn') warnings.push(String(message.args[0])) } })
    const seen = new Set<string>()
    for (const name of names) {
      runtime.ctx.on(name, () => { throw new Error(`${name} threw`) })
      runtime.ctx.on(name, async () => { throw new Error(`${name} rejected`) })
      runtime.ctx.on(name, () => { seen.add(name) })
    }
    const agent = await runtime.open()
    agent.followup('one')
    await agent.whenIdle()
    agent.inject('queued')
    agent.cancel({ kind: 'user' })
    await runtime.dispose()
    runtime = undefined
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect([...seen].sort()).toEqual([...names].sort())
    for (const name of names) {
      expect(warnings.some((w) => w.includes(`"${name}"`) && w.includes(`${name} threw`))).toBe(true)
      expect(warnings.some((w) => w.includes(`"${name}"`) && w.includes(`${name} rejected`))).toBe(true)
    }
    expect(compactTypes(agent.session.events).filter((t) => t.startsWith('turn/'))).toEqual(['turn/start', 'turn/end'])
  })
})
