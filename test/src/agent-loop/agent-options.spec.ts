// AgentOptions are validated before anything is created (dsh: "agent maxTokens must be a
// positive safe integer"), `maxParallelToolCalls` caps the parallel pool (runtime default and per
// agent), and `runtime.open(id?, agentOptions?)` hands an agent its own options.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, defineTool, type Runtime } from '../../../src/index.ts'
import { AgentOptionsError } from '../../../src/agent-loop/agent-options.ts'
import { scriptedAdapter } from '../../../src/llm-scripted/index.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

const invalid = [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]

describe('maxTokens', () => {
  it.each(invalid)('an agent option %s is refused before a session is created', async (maxTokens) => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    await expect(runtime.open(undefined, { maxTokens })).rejects.toThrow(new AgentOptionsError('agent maxTokens must be a positive safe integer'))
    await expect(runtime.ctx.agents.create({ agentOptions: { maxTokens } })).rejects.toBeInstanceOf(AgentOptionsError)
    expect(await runtime.sessions.list()).toEqual([])
    expect(runtime.ctx.agents.list()).toEqual([])
  })

  it.each(invalid)('a runtime default %s is refused before anything boots', async (maxTokens) => {
    await expect(createRuntime({ agentOptions: { maxTokens } })).rejects.toThrow('agent maxTokens must be a positive safe integer')
  })

  it('a valid value reaches the request; the config next() yields to agent/request listeners is frozen', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'ok' }] } })
    const frozen: boolean[] = []
    runtime.ctx.on('agent/request', async (_payload, next) => {
      const config = await next()
      frozen.push(Object.isFrozen(config))
      expect(() => { (config as { maxTokens?: number }).maxTokens = 1 }).toThrow(TypeError)
      return { ...config, model: 'other-model' }
    })
    const agent = await runtime.open(undefined, { maxTokens: 77 })
    expect(agent.options.maxTokens).toBe(77)
    agent.followup('hi')
    await agent.whenIdle()
    expect(frozen).toEqual([true])
    const request = scriptedAdapter(runtime.ctx).requests[0]!
    expect(request.maxTokens).toBe(77)
    expect(request.model).toBe('other-model')
  })
})

describe('maxParallelToolCalls', () => {
  async function peakConcurrency(options: { runtime?: number; agent?: number }): Promise<number> {
    const calls = Array.from({ length: 6 }, (_, i) => ({ name: 'slow', arguments: {}, id: `c${i}` }))
    runtime = await createRuntime({
      llm: { provider: 'scripted', replies: [{ toolCalls: calls }, { text: 'done' }] },
      ...(options.runtime === undefined ? {} : { maxParallelToolCalls: options.runtime }),
    })
    let running = 0
    let peak = 0
    runtime.ctx.tools.register(defineTool({
      name: 'slow', description: 'Waits a little.', parameters: { type: 'object', properties: {} },
      isConcurrencySafe: () => true,
      output: { schema: { type: 'string' }, render: (value) => [{ type: 'text', text: String(value) }] },
      execute: async () => {
        running += 1
        peak = Math.max(peak, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        return 'ok'
      },
    }))
    const agent = await runtime.open(undefined, options.agent === undefined ? undefined : { maxParallelToolCalls: options.agent })
    agent.followup('go')
    await agent.whenIdle()
    expect(agent.session.events.filter((e) => e.type === 'tool/result')).toHaveLength(6)
    return peak
  }

  it('the runtime default caps the pool', async () => {
    expect(await peakConcurrency({ runtime: 2 })).toBe(2)
  })

  it("an agent's own value wins over the runtime default", async () => {
    expect(await peakConcurrency({ runtime: 2, agent: 3 })).toBe(3)
  })

  it('without a cap the pool runs every safe call at once (default 10)', async () => {
    expect(await peakConcurrency({})).toBe(6)
  })

  it.each([0, -2, 1.5, Number.NaN])('%s is refused (runtime and agent)', async (value) => {
    await expect(createRuntime({ maxParallelToolCalls: value })).rejects.toThrow(new AgentOptionsError('maxParallelToolCalls must be a positive integer'))
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [] } })
    await expect(runtime.open(undefined, { maxParallelToolCalls: value })).rejects.toBeInstanceOf(AgentOptionsError)
  })
})
