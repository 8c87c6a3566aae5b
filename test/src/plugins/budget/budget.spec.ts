// plugins/budget through the whole runtime with the scripted model: the composition's step cap,
// an agent option winning over it, the token budget counted from logged usage (incrementally, so
// usage logged after a check still counts) and ending the turn before the next step opens.
import { afterEach, describe, expect, it } from 'vitest'
import { sessionTokens } from '../../../../src/plugins/budget/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { RuntimeOptions } from '../../../../src/kernel/runtime.ts'
import { createLoopRuntime } from '../../../harness/loop-runtime.ts'
import { echoTool } from '../../../harness/tool-harness.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})

const echo = { toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }

async function turn(replies: ScriptedReply[], options: RuntimeOptions = {}): Promise<Loop> {
  current = await createLoopRuntime(replies, options)
  current.runtime.ctx.tools.register(echoTool())
  current.agent.followup('go')
  await current.agent.whenIdle()
  return current
}

const budgetConfig = (config: object): RuntimeOptions => ({ patches: [{ id: 'budget', config }] })

describe('plugins/budget', () => {
  it('caps steps per turn from its composition config: steps 1…max run, step max+1 ends the turn', async () => {
    const loop = await turn([echo, echo, echo, echo], budgetConfig({ maxStepsPerTurn: 3 }))
    expect(loop.ofType('step/start')).toHaveLength(3)
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'budget', limit: 'steps', value: 3 })
    expect(loop.model.remaining).toBe(1)
  })

  it('lets the agent option maxStepsPerTurn win over the composition config', async () => {
    const loop = await turn([echo, echo, echo], { ...budgetConfig({ maxStepsPerTurn: 1 }), agentOptions: { maxStepsPerTurn: 2 } })
    expect(loop.ofType('step/start')).toHaveLength(2)
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'budget', limit: 'steps', value: 2 })
  })

  it('ends the turn before the next step once the session’s reported tokens reach the budget', async () => {
    const spend = (inputTokens: number) => ({ ...echo, usage: { inputTokens, outputTokens: 10 } })
    const loop = await turn([spend(30), spend(30), spend(30), { text: 'never' }], budgetConfig({ tokenBudget: 80 }))
    // 40 after step 1, 80 after step 2: step 3 is refused
    expect(loop.ofType('step/start')).toHaveLength(2)
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'budget', limit: 'tokens', value: 80 })
    expect(sessionTokens(loop.agent.session)).toBe(80)
  })

  it('with no cap configured, a long turn runs to its end', async () => {
    const loop = await turn([echo, echo, echo, echo, echo, { text: 'done' }], budgetConfig({}))
    expect(loop.ofType('step/start')).toHaveLength(6)
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
  })

  it('sessionTokens folds only new assistant/message usage on each call', async () => {
    const loop = await turn([{ text: 'a', usage: { inputTokens: 5, outputTokens: 5 } }, { text: 'b', usage: { inputTokens: 7, outputTokens: 3, cacheReadTokens: 2 } }])
    expect(sessionTokens(loop.agent.session)).toBe(10)
    loop.agent.followup('again')
    await loop.agent.whenIdle()
    expect(sessionTokens(loop.agent.session)).toBe(22)
    expect(sessionTokens(loop.agent.session)).toBe(22)
  })
})
