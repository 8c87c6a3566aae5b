// The whole runtime with the scripted model: the exact session event sequence of each turn
// shape (text, tools, rejected/empty pre-step, claim batching, inject/steer/followup,
// max-tokens stickiness, the step cap).
import { afterEach, describe, expect, it } from 'vitest'
import type { UserMessage } from '../../../src/llm/types.ts'
import { createLoopRuntime } from '../../harness/loop-runtime.ts'
import { echoTool } from '../../harness/tool-harness.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
async function start(...args: Parameters<typeof createLoopRuntime>): Promise<Loop> {
  current = await createLoopRuntime(...args)
  return current
}
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})

const text = (m: UserMessage) => (m.content[0] as { text: string }).text
/** The first step of a session also enters the runtime-context snapshot (approval policy). */
const FIRST_STEP = ['step/start', 'user/message', 'user/message', 'request/header', 'request/context', 'assistant/chunk*', 'assistant/message']
const echo = { toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }

describe('turn flow', () => {
  it('a plain text turn', async () => {
    const { agent, types, ofType } = await start([{ text: 'hello' }])
    const statuses: string[] = []
    current!.runtime.ctx.on('agent/status', ({ status }) => void statuses.push(status))
    agent.followup('hi')
    expect(agent.status).toBe('running')
    await agent.whenIdle()
    expect(types()).toEqual(['agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', ...FIRST_STEP, 'step/end', 'turn/end'])
    expect(ofType('turn/end')[0]!.data).toEqual({ turn: 1, reason: { kind: 'completed' } })
    expect(ofType('request/header')[0]!.data.reason).toBe('initial')
    expect(statuses).toEqual(['running', 'idle'])
  })

  it('a two-step turn with a tool call', async () => {
    const { agent, runtime, types, ofType, model } = await start([echo, { text: 'done' }])
    runtime.ctx.tools.register(echoTool())
    agent.followup('echo x')
    await agent.whenIdle()
    expect(types()).toEqual([
      'agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', ...FIRST_STEP, 'tool/call', 'tool/result', 'step/end',
      'step/start', 'assistant/chunk*', 'assistant/message', 'step/end', 'turn/end',
    ])
    expect(ofType('tool/result')[0]!.data.message.content[0].content).toEqual([{ type: 'text', text: 'x' }])
    expect(model.requests[1]!.messages.at(-1)!.source).toEqual({ kind: 'tool', callId: ofType('tool/call')[0]!.data.callId })
  })

  it('a rejected pre-step closes the turn blocked with no step', async () => {
    const { agent, runtime, types, ofType } = await start([])
    runtime.ctx.on('agent/pre-step', async () => ({ kind: 'reject' }))
    agent.followup('hi')
    await agent.whenIdle()
    expect(types()).toEqual(['agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', 'turn/end'])
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'blocked' })
  })

  it('an empty pre-step batch closes the turn completed with no step', async () => {
    const { agent, runtime, types, ofType } = await start([])
    runtime.ctx.on('agent/pre-step', async () => ({ kind: 'enter', messages: [] }))
    agent.followup('hi')
    await agent.whenIdle()
    expect(types()).toEqual(['agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', 'turn/end'])
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
    expect(ofType('user/message')).toEqual([])
  })

  it('claims all next-step input plus exactly one next-turn message per turn', async () => {
    const { agent, ofType, types } = await start([{ text: 'one' }, { text: 'two' }])
    agent.inject('ctx a')
    agent.inject('ctx b')
    agent.send('first', 'next-turn', false)
    agent.followup('second')
    await agent.whenIdle()
    const users = ofType('user/message').filter((e) => e.data.source.kind === 'user')
    expect(users.map((e) => text(e.data))).toEqual(['ctx a', 'ctx b', 'first', 'second'])
    const turnOf = (seq: number) => ofType('turn/start').filter((t) => t.seq < seq).length
    expect(users.map((e) => turnOf(e.seq))).toEqual([1, 1, 1, 2])
    expect(types().filter((t) => t === 'turn/start')).toHaveLength(2)
  })

  it('inject on an idle agent starts no turn; the next turn claims it first', async () => {
    const { agent, types, ofType } = await start([{ text: 'ok' }])
    agent.inject('background')
    expect(agent.status).toBe('idle')
    await agent.whenIdle()
    expect(types()).toEqual(['agent/inbox/spliced'])
    agent.followup('go')
    await agent.whenIdle()
    expect(ofType('user/message').slice(0, 2).map((e) => text(e.data))).toEqual(['background', 'go'])
    expect(ofType('turn/start')).toHaveLength(1)
  })

  it('steer during a running step lands at the next step boundary of the same turn', async () => {
    const { agent, types, ofType } = await start([
      async () => {
        agent.steer('also this')
        return { text: 'first' }
      },
      { text: 'second' },
    ])
    agent.followup('start')
    await agent.whenIdle()
    expect(types().filter((t) => t === 'turn/start' || t === 'step/start')).toEqual(['turn/start', 'step/start', 'step/start'])
    const stepTwo = ofType('step/start')[1]!.seq
    expect(ofType('user/message').filter((e) => e.seq > stepTwo).map((e) => text(e.data))).toEqual(['also this'])
    expect(ofType('turn/end').map((e) => e.data.reason.kind)).toEqual(['completed'])
  })

  it('a followup queued during a turn gets its own turn', async () => {
    const { agent, ofType } = await start([
      async () => {
        agent.followup('later')
        return { text: 'first' }
      },
      { text: 'second' },
    ])
    agent.followup('now')
    await agent.whenIdle()
    expect(ofType('turn/end').map((e) => [e.data.turn, e.data.reason.kind])).toEqual([[1, 'completed'], [2, 'completed']])
    const secondTurn = ofType('turn/start')[1]!.seq
    expect(ofType('user/message').filter((e) => e.seq > secondTurn).map((e) => text(e.data))).toEqual(['later'])
  })

  it('max-tokens drops tool calls and stays the turn reason after later steps', async () => {
    const { agent, runtime, ofType, types } = await start([
      async () => {
        agent.steer('go on')
        return { ...echo, text: 'cut', finish: 'max-tokens' }
      },
      { text: 'finished' },
    ])
    runtime.ctx.tools.register(echoTool())
    agent.followup('write a lot')
    await agent.whenIdle()
    expect(types()).not.toContain('tool/call')
    expect(ofType('step/start')).toHaveLength(2)
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'max-tokens' })
  })

  it('the step cap ends a runaway turn with a budget reason', async () => {
    const { agent, runtime, ofType } = await start([echo, echo, echo], { agentOptions: { maxStepsPerTurn: 2 } })
    runtime.ctx.tools.register(echoTool())
    agent.followup('loop forever')
    await agent.whenIdle()
    expect(ofType('step/start')).toHaveLength(2)
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'budget', limit: 'steps', value: 2 })
    expect(current!.model.remaining).toBe(1)
  })

  it('a token budget refuses the first step of a later turn', async () => {
    const { agent, ofType } = await start([{ text: 'a', usage: { inputTokens: 60, outputTokens: 50 } }, { text: 'b' }], { agentOptions: { tokenBudget: 100 } })
    agent.followup('one')
    await agent.whenIdle()
    agent.followup('two')
    await agent.whenIdle()
    expect(ofType('turn/end').map((e) => e.data.reason)).toEqual([{ kind: 'completed' }, { kind: 'budget', limit: 'tokens', value: 100 }])
  })
})
