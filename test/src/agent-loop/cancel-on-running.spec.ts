// A cancel or dispose from the `agent/status` `running` notification opens no turn (dsh): nothing
// is logged, the model is not called; replacement prompts sent later form their own turns.
import { afterEach, describe, expect, it } from 'vitest'
import type { UserMessage } from '../../../src/llm/types.ts'
import { createLoopRuntime } from '../../harness/loop-runtime.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})
const userTexts = (loop: Loop) => loop.ofType('user/message').filter((e) => (e.data as UserMessage).source?.kind === 'user').map((e) => ((e.data as UserMessage).content[0] as { text: string }).text)

function onRunning(loop: Loop, once: () => void): void {
  let fired = false
  loop.runtime.ctx.on('agent/status', ({ agent, status }) => {
    if (agent !== loop.agent || status !== 'running' || fired) return
    fired = true
    once()
  })
}

describe('from the running status notification', () => {
  it('a cancel drops the turn before turn/start; a later prompt still runs', async () => {
    current = await createLoopRuntime([{ text: 'should not run' }, { text: 'later' }])
    onRunning(current, () => current!.agent.cancel({ kind: 'user' }))
    current.agent.followup('go')
    await current.agent.whenIdle()
    expect(current.agent.status).toBe('idle')
    expect(current.ofType('turn/start')).toHaveLength(0)
    expect(current.ofType('assistant/chunk')).toHaveLength(0)
    expect(current.model.requests).toHaveLength(0)
    current.agent.followup('again')
    await current.agent.whenIdle()
    expect(userTexts(current)).toEqual(['again'])
    expect(current.ofType('turn/end').map((e) => e.data.reason)).toEqual([{ kind: 'completed' }])
  })

  it('prompt A cancelled there, then B (sent there) and C: exactly two turns, B then C', async () => {
    current = await createLoopRuntime([{ text: 'B reply' }, { text: 'C reply' }])
    const loop = current
    onRunning(loop, () => {
      loop.agent.cancel({ kind: 'user' })
      loop.agent.followup('B')
    })
    loop.agent.followup('A')
    await loop.agent.whenIdle()
    await new Promise((resolve) => setTimeout(resolve, 0))
    await loop.agent.whenIdle()
    expect(userTexts(loop)).toEqual(['B'])
    loop.agent.followup('C')
    await loop.agent.whenIdle()
    expect(userTexts(loop)).toEqual(['B', 'C'])
    expect(loop.model.requests).toHaveLength(2)
    expect(loop.ofType('turn/start')).toHaveLength(2)
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([{ kind: 'completed' }, { kind: 'completed' }])
  })

  it('a dispose logs nothing and calls no model', async () => {
    current = await createLoopRuntime([{ text: 'should not run' }])
    const loop = current
    let disposal: Promise<void> | undefined
    onRunning(loop, () => { disposal = loop.runtime.ctx.agents.dispose(loop.agent.id) })
    const before = loop.agent.session.events.length
    loop.agent.followup('drop before claim')
    await loop.agent.whenIdle()
    await disposal
    expect(disposal).toBeDefined()
    expect(loop.agent.status).toBe('idle')
    expect(loop.agent.session.events.slice(before).map((e) => e.type)).toEqual(['agent/inbox/spliced'])
    expect(loop.ofType('turn/start')).toHaveLength(0)
    expect(loop.model.requests).toHaveLength(0)
  })
})

// dsh cancel.spec: work sent from the `idle` notification of a finished turn (the send lands while
// the machine is still settling that turn) follows the same rules as a send from outside.
describe('from the idle status notification', () => {
  function onIdle(loop: Loop, once: () => void): Promise<void> {
    let fired = false
    return new Promise((resolve) => {
      loop.runtime.ctx.on('agent/status', ({ agent, status }) => {
        if (agent !== loop.agent || status !== 'idle' || fired) return
        fired = true
        once()
        resolve()
      })
    })
  }

  it('a send then a cancel there settles its waiter (status idle, two turns, one request) and later work runs', async () => {
    current = await createLoopRuntime([{ text: 'first reply' }, { text: 'later reply' }])
    const loop = current
    let observed: Promise<{ status: string; requests: number; turns: number }> | undefined
    const registered = onIdle(loop, () => {
      loop.agent.followup('cancelled replacement')
      observed = loop.agent.whenIdle().then(() => ({ status: loop.agent.status, requests: loop.model.requests.length, turns: loop.ofType('turn/start').length }))
      loop.agent.cancel({ kind: 'user' })
    })
    loop.agent.followup('first')
    await registered
    await expect(observed).resolves.toEqual({ status: 'idle', requests: 1, turns: 2 })
    loop.agent.followup('later')
    await loop.agent.whenIdle()
    expect(loop.model.requests).toHaveLength(2)
    expect(userTexts(loop)).toEqual(['first', 'later'])
  })

  it('a send, a cancel, then a send there: the surviving replacement runs at convergence', async () => {
    current = await createLoopRuntime([{ text: 'first reply' }, { text: 'replacement reply' }])
    const loop = current
    let replacementIdle: Promise<void> | undefined
    const registered = onIdle(loop, () => {
      loop.agent.followup('cancelled replacement')
      loop.agent.cancel({ kind: 'user' })
      loop.agent.followup('surviving replacement')
      replacementIdle = loop.agent.whenIdle()
    })
    loop.agent.followup('first')
    await registered
    await replacementIdle
    expect(loop.model.requests).toHaveLength(2)
    expect(userTexts(loop)).toEqual(['first', 'surviving replacement'])
    expect(loop.agent.inbox.nextTurn).toHaveLength(0)
  })

  it('a send there whose own running notification cancels it opens no turn', async () => {
    current = await createLoopRuntime([{ text: 'first reply' }, { text: 'should not run' }])
    const loop = current
    let runningSeen = 0
    loop.runtime.ctx.on('agent/status', ({ agent, status }) => {
      if (agent !== loop.agent || status !== 'running') return
      runningSeen += 1
      if (runningSeen === 2) loop.agent.cancel({ kind: 'user' })
    })
    const registered = onIdle(loop, () => loop.agent.followup('dropped'))
    loop.agent.followup('first')
    await registered
    await loop.agent.whenIdle()
    expect(runningSeen).toBe(2)
    expect(loop.ofType('turn/start')).toHaveLength(1)
    expect(loop.model.requests).toHaveLength(1)
    expect(userTexts(loop)).toEqual(['first'])
    expect(loop.agent.status).toBe('idle')
  })
})
