// The Agent handle's waking sends (dsh agent.spec, inbox claim batching): the status `running` is
// published first, then the turn opens inside the send — `turn/start` and the claim are logged
// when `followup`/`steer` returns; `inject` alone opens nothing.
import { afterEach, describe, expect, it } from 'vitest'
import type { UserMessage } from '../../../src/llm/types.ts'
import { createLoopRuntime } from '../../harness/loop-runtime.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})
const text = (m: UserMessage) => (m.content[0] as { text: string }).text
/** The texts entered from sends (the runtime-context snapshot a step may add is a plugin's). */
const sentTexts = (loop: Loop) => loop.ofType('user/message').filter((e) => e.data.source.kind === 'user').map((e) => text(e.data))

function claims(loop: Loop): string[] {
  const seen: string[] = []
  loop.runtime.ctx.on('agent/inbox/claimed', ({ agent, message, turn }) => {
    if (agent === loop.agent) seen.push(`${text(message)} @${turn}`)
  })
  return seen
}

describe('a waking send opens its turn before it returns', () => {
  it('inject(c1); inject(c2); followup(P1): turn/start and one claim of c1, c2, P1 are logged on return; one request carries all three', async () => {
    const loop = await createLoopRuntime([{ text: 'ok' }])
    current = loop
    const claimed = claims(loop)
    loop.agent.inject('c1')
    loop.agent.inject('c2')
    expect(loop.ofType('turn/start')).toHaveLength(0)
    expect(loop.agent.status).toBe('idle')
    loop.agent.followup('P1')
    expect(loop.ofType('turn/start').map((e) => e.data.turn)).toEqual([1])
    expect(loop.agent.status).toBe('running')
    expect(claimed).toEqual(['c1 @1', 'c2 @1', 'P1 @1'])
    expect(loop.agent.inbox.nextStep).toHaveLength(0)
    expect(loop.agent.inbox.nextTurn).toHaveLength(0)
    await loop.agent.whenIdle()
    expect(loop.ofType('step/start')).toHaveLength(1)
    expect(sentTexts(loop)).toEqual(['c1', 'c2', 'P1'])
    expect(loop.model.requests).toHaveLength(1)
    const sent = JSON.stringify(loop.model.requests[0]!.messages)
    for (const part of ['c1', 'c2', 'P1']) expect(sent).toContain(part)
  })

  it('steer(S1) on an idle agent: turn/start is logged on return, and S1 runs as that turn', async () => {
    const loop = await createLoopRuntime([{ text: 'ok' }])
    current = loop
    const claimed = claims(loop)
    loop.agent.steer('S1')
    expect(loop.ofType('turn/start')).toHaveLength(1)
    expect(loop.agent.status).toBe('running')
    expect(claimed).toEqual(['S1 @1'])
    await loop.agent.whenIdle()
    expect(sentTexts(loop)).toEqual(['S1'])
    expect(loop.model.requests).toHaveLength(1)
  })

  it('publishes running before turn/start, once per turn: running, idle (dsh agent.spec)', async () => {
    const loop = await createLoopRuntime([{ text: 'ok' }])
    current = loop
    const statuses: string[] = []
    loop.runtime.ctx.on('agent/status', ({ agent, status }) => {
      if (agent === loop.agent) statuses.push(`${status} turns:${loop.ofType('turn/start').length}`)
    })
    loop.agent.followup('hi')
    expect(statuses).toEqual(['running turns:0'])
    await loop.agent.whenIdle()
    expect(statuses).toEqual(['running turns:0', 'idle turns:1'])
  })

  it('inject() alone opens no turn and leaves the agent idle', async () => {
    const loop = await createLoopRuntime([{ text: 'ok' }])
    current = loop
    loop.agent.inject('context')
    await loop.agent.whenIdle()
    expect(loop.types()).toEqual(['agent/inbox/spliced'])
    expect(loop.agent.status).toBe('idle')
    expect(loop.model.requests).toHaveLength(0)
  })
})
