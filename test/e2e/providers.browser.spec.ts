// A scripted tool turn through each HTTP provider (openai-compatible, openai-responses, anthropic,
// gemini) in real Chromium: the headless runtime in a worker on real IndexedDB, real fetch
// streaming and real CORS against a local server speaking the provider's wire format, whose
// preflight allows exactly the request headers README states for that provider. The model calls
// `read`, the tool runs, the result goes back in the provider's own shape, the model answers.
import { expect, test, type Page } from '@playwright/test'
import type { ProvidersTestApi, TurnReport } from '../../demo/test-pages/runtime/providers-worker.ts'
import { anthropic, chunk, gemini, namedEvents, responses, sse, usage, type FormatName } from '../mock-provider/formats.ts'
import { MockProvider } from '../mock-provider/server.ts'

declare const providersHarness: { turn(llm: Parameters<ProvidersTestApi['turn']>[0]): Promise<TurnReport> }

const KEY = 'sk-browser-0123456789abcdefGHIJ'
const ARGS = '{"file_path":"a.md"}'

/** Per provider: model, the CORS request headers README names, the two replies, and where the tool result must appear in the second request. */
const CASES: Record<FormatName, { model: string; allowHeaders: string; path: string; replies: string[]; toolResultIn: (body: any) => unknown }> = {
  'openai-compatible': {
    model: 'deepseek-chat', allowHeaders: 'authorization, content-type, accept', path: '/chat/completions',
    replies: [
      sse([chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"file_' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: 'path":"a.md"}' } }] }), chunk({}, 'tool_calls', usage(30, 5)), '[DONE]']),
      sse([chunk({ content: 'It holds Heading A.' }), chunk({}, 'stop', usage(40, 5)), '[DONE]']),
    ],
    toolResultIn: (body) => body.messages.find((m: any) => m.role === 'tool')?.content,
  },
  'openai-responses': {
    model: 'gpt-5-mini', allowHeaders: 'authorization, content-type, accept', path: '/responses',
    replies: [
      namedEvents([responses.callAdded(0, 'call_1', 'read'), responses.args(0, '{"file_'), responses.args(0, 'path":"a.md"}'), responses.completed()]),
      namedEvents([responses.text('It holds Heading A.'), responses.completed()]),
    ],
    toolResultIn: (body) => body.input.find((i: any) => i.type === 'function_call_output')?.output,
  },
  anthropic: {
    model: 'claude-sonnet-4-5', allowHeaders: 'x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, content-type, accept', path: '/v1/messages',
    replies: [
      namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'read', input: {} }), anthropic.json(0, '{"file_'), anthropic.json(0, 'path":"a.md"}'), anthropic.blockStop(0), anthropic.messageDelta('tool_use'), anthropic.messageStop()]),
      namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'text', text: '' }), anthropic.text(0, 'It holds Heading A.'), anthropic.blockStop(0), anthropic.messageDelta('end_turn'), anthropic.messageStop()]),
    ],
    toolResultIn: (body) => body.messages.flatMap((m: any) => m.content).find((b: any) => b.type === 'tool_result')?.content,
  },
  gemini: {
    model: 'gemini-2.5-flash', allowHeaders: 'x-goog-api-key, content-type, accept', path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    replies: [
      sse([gemini.response([{ functionCall: { name: 'read', args: JSON.parse(ARGS) }, thoughtSignature: 'sig-1' }], 'STOP', gemini.usage())]),
      sse([gemini.response([{ text: 'It holds Heading A.' }], 'STOP', gemini.usage())]),
    ],
    toolResultIn: (body) => body.contents.flatMap((c: any) => c.parts).find((p: any) => p.functionResponse)?.functionResponse.response.result,
  },
}

let mock: MockProvider
test.beforeAll(async () => { mock = await MockProvider.start() })
test.afterAll(async () => { await mock.close() })

async function open(page: Page): Promise<void> {
  await page.goto('/test-pages/runtime/index.html')
  await page.waitForSelector('body[data-ready="true"]')
}

test('a scripted tool turn completes through each HTTP provider over real fetch, SSE and CORS', async ({ page }) => {
  await open(page)
  for (const [provider, spec] of Object.entries(CASES) as [FormatName, (typeof CASES)[FormatName]][]) {
    mock.allowHeaders = spec.allowHeaders
    const before = mock.requests.length
    mock.enqueue(...spec.replies.map((body) => ({ body })))
    const report = await page.evaluate((llm) => providersHarness.turn(llm), { provider, baseURL: mock.baseURL, apiKey: KEY, model: spec.model })
    expect(report.turnEnd, provider).toEqual({ turn: 1, reason: { kind: 'completed' } })
    expect(report.toolResult, provider).toContain('Heading A')
    expect(report.finalText, provider).toBe('It holds Heading A.')
    expect(report.providers, provider).toEqual([provider, provider])
    expect(report.types.filter((t) => t === 'tool/call' || t === 'tool/result'), provider).toEqual(['tool/call', 'tool/result'])
    const sent = mock.requests.slice(before)
    expect(sent.map((r) => r.url), provider).toEqual([spec.path, spec.path])
    expect(sent[0]!.headers.origin, provider).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(String(spec.toolResultIn(JSON.parse(sent[1]!.body))), provider).toContain('Heading A')
    for (const request of sent) expect(request.body.includes(KEY.slice(8, 16)), `${provider}: key in a body`).toBe(false)
  }
})
