// agent.usage() over real HTTP against a local DeepSeek-shaped server: the model that answered,
// the context the next request carries against the catalog's window and compaction's threshold,
// the tokens every attempt reported (cached input apart) and their cost at the catalog's prices;
// a session priced per model once the model changes; nothing before the first request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import { costOf, usageReport } from '../../../src/llm/usage-report.ts'
import { MockProvider } from '../../mock-provider/server.ts'
import { textStream, usage } from '../../mock-provider/wire.ts'

let mock: MockProvider
let runtime: Runtime | undefined
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })
afterEach(async () => { await runtime?.dispose(); runtime = undefined })

const PRICES = { input: 0.28, cachedInput: 0.028, output: 0.42 }

describe('agent.usage()', () => {
  it('reports the answering model, context fill, threshold, tokens and cost', async () => {
    mock.enqueue({ body: textStream(['Hello.'], { usage: usage(1200, 300, 1000) }) }, { body: textStream(['Again.'], { usage: usage(1600, 100, 1500) }) })
    runtime = await createRuntime({ llm: { provider: 'openai-compatible', baseURL: mock.baseURL, apiKey: 'sk-usage-test', model: 'deepseek-chat' } })
    const agent = await runtime.open()
    expect(agent.usage()).toEqual({ usage: { inputTokens: 0, outputTokens: 0 } })
    agent.followup('hi')
    await agent.whenIdle()
    agent.followup('more')
    await agent.whenIdle()

    const report = agent.usage()
    const spent = { inputTokens: 200 + 100, outputTokens: 400, cacheReadTokens: 2500 }
    expect(report).toMatchObject({ provider: 'openai-compatible', model: 'deepseek-chat', contextWindow: 128_000, compactionThreshold: 102_400, usage: spent })
    expect(report.contextTokens).toBeGreaterThanOrEqual(1700) // the last answer's prompt + output, and what the log added since
    expect(report.cost).toBeCloseTo(costOf(spent, PRICES), 12)
    expect(report.cost).toBeCloseTo((300 * 0.28 + 2500 * 0.028 + 400 * 0.42) / 1e6, 12)
    expect(JSON.stringify(report)).not.toContain('sk-usage-test')
  })

  it('prices each attempt at its own model; a model without prices leaves the cost out', () => {
    const events = [
      { type: 'request/context', seq: 0, time: 0, data: { provider: 'p', model: 'cheap' } },
      { type: 'assistant/chunk', seq: 1, time: 0, data: { turn: 1, step: 1, chunk: { type: 'usage', usage: { inputTokens: 1_000_000, outputTokens: 0 } } } },
      { type: 'request/context', seq: 2, time: 0, data: { provider: 'p', model: 'dear' } },
      { type: 'assistant/chunk', seq: 3, time: 0, data: { turn: 2, step: 1, chunk: { type: 'usage', usage: { inputTokens: 1_000_000, outputTokens: 0 } } } },
    ] as never
    const prices: Record<string, number> = { cheap: 1, dear: 10 }
    const info = (provider: string, model: string) => (model in prices ? { provider, model, pricing: { input: prices[model]!, output: 0 } } : { provider, model })
    expect(usageReport({ events, messages: [], info }).cost).toBe(11)
    expect(usageReport({ events, messages: [], info: (provider, model) => (model === 'cheap' ? info(provider, model) : { provider, model }) }).cost).toBeUndefined()
    expect(usageReport({ events, messages: [] })).toMatchObject({ model: 'dear', usage: { inputTokens: 2_000_000, outputTokens: 0 } })
  })
})
