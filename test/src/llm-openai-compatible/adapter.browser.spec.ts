// The openai-compatible adapter in real Chromium against the local mock provider: fetch
// streaming and CORS are real (the page origin differs from the provider's).
import { expect, test, type Page } from '@playwright/test'
import { MockProvider } from '../../mock-provider/server.ts'
import { chunk, recordedStream, sse, textStream, usage } from '../../mock-provider/wire.ts'

const KEY = 'sk-browser-0123456789abcdefGHIJ'
let mock: MockProvider

test.beforeAll(async () => { mock = await MockProvider.start() })
test.afterAll(async () => { await mock.close() })
test.beforeEach(async ({ page }) => {
  mock.cors = true
  await page.goto('/test-pages/llm.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
})

type Result = { chunks: { type: string; [k: string]: unknown }[]; failure?: Record<string, unknown>; thrown?: string }

function run(page: Page, settings: Record<string, unknown> = {}, abortAfterDelta = false): Promise<Result> {
  return page.evaluate(([s, abort]) => (window as any).dshLlm.run(s, abort), [{ baseURL: mock.baseURL, apiKey: KEY, ...settings }, abortAfterDelta] as const)
}

test('streams text with usage; the key travels only in the Authorization header', async ({ page }) => {
  mock.enqueue({ body: textStream(['Hel', 'lo'], { trailingUsage: true }) })
  const result = await run(page)
  expect(result.failure).toBeUndefined()
  expect(result.chunks.filter((c) => c.type === 'text-delta').map((c) => c.text)).toEqual(['Hel', 'lo'])
  expect(result.chunks.slice(-2)).toEqual([
    { type: 'usage', usage: { inputTokens: 8, outputTokens: 5, cacheReadTokens: 4 } },
    { type: 'finish', reason: { kind: 'stop' } },
  ])
  const sent = mock.requests.at(-1)!
  expect(sent.headers.authorization).toBe(`Bearer ${KEY}`)
  expect(sent.headers.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(sent.body).not.toContain(KEY.slice(3, 11))
  expect(mock.preflights.length).toBeGreaterThan(0)
})

test('reasoning then text, and two parallel tool calls from fragments', async ({ page }) => {
  mock.enqueue({ body: sse([chunk({ reasoning_content: '' }), chunk({ reasoning_content: 'why' }), chunk({ content: 'because' }), chunk({}, 'stop', usage(3, 3)), '[DONE]']) })
  const thinking = await run(page, { model: 'deepseek-reasoner' })
  expect(thinking.chunks.filter((c) => c.type === 'block-end').map((c) => c.block)).toEqual([{ type: 'reasoning', text: 'why' }, { type: 'text', text: 'because' }])
  mock.enqueue({ body: recordedStream() })
  const tools = await run(page)
  expect(tools.chunks.filter((c) => c.type === 'block-end').map((c) => c.block)).toEqual([
    { type: 'reasoning', text: '先读文件，then list — ok 🚀' },
    { type: 'text', text: 'Let me look: naïve café ✓' },
    { type: 'tool-call', id: 'call_a', name: 'read', arguments: '{"file_path":"说明.md"}' },
    { type: 'tool-call', id: 'call_b', name: 'glob', arguments: '{"pattern":"*.md"}' },
  ])
  expect(tools.chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } })
})

test('every split offset of the recorded stream gives identical chunks through browser fetch', async ({ page }) => {
  test.setTimeout(180_000)
  const bytes = new TextEncoder().encode(recordedStream())
  mock.enqueue({ body: bytes })
  for (let offset = 1; offset < bytes.length; offset += 1) {
    mock.enqueue({ steps: [{ write: bytes.slice(0, offset) }, { delayMs: 1 }, { write: bytes.slice(offset) }] })
  }
  const { first, mismatches } = await page.evaluate(([s, n]) => (window as any).dshLlm.runMany(s, n), [{ baseURL: mock.baseURL, apiKey: KEY }, bytes.length] as const)
  expect(first.failure).toBeUndefined()
  expect(first.chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } })
  expect(mismatches).toEqual([])
})

test('status codes: Retry-After read only when CORS exposes it', async ({ page }) => {
  mock.enqueue(
    { status: 429, headers: { 'Retry-After': '3' }, exposeRetryAfter: true, body: '{"error":{"message":"Rate limit"}}' },
    { status: 429, headers: { 'Retry-After': '3' }, body: '{"error":{"message":"Rate limit"}}' },
    { status: 401, body: '{"error":{"message":"Authentication Fails"}}' },
    { status: 400, body: '{"error":{"message":"bad"}}' },
    { status: 503, body: '{"error":{"message":"overloaded"}}' },
  )
  expect((await run(page)).failure).toEqual({ status: 429, code: 'RATE_LIMIT', message: 'rate limited (HTTP 429): Rate limit', providerRetryAfterMs: 3000 })
  expect((await run(page)).failure).toEqual({ status: 429, code: 'RATE_LIMIT', message: 'rate limited (HTTP 429): Rate limit' })
  expect((await run(page)).failure).toMatchObject({ status: 401, code: 'INVALID_CREDENTIAL' })
  expect((await run(page)).failure).toMatchObject({ status: 400, code: 'INVALID_REQUEST' })
  expect((await run(page)).failure).toMatchObject({ status: 503, code: 'SERVER' })
})

test('malformed line, truncation, socket reset and stall are named failures', async ({ page }) => {
  mock.enqueue({ body: 'data: {not json\n\n' })
  expect((await run(page)).failure).toMatchObject({ code: 'MALFORMED_STREAM', detail: '{not json' })
  mock.enqueue({ body: sse([chunk({ content: 'half' })]) })
  expect((await run(page)).failure).toEqual({ code: 'STREAM_TRUNCATED', message: 'stream ended without [DONE] or a finish_reason' })
  mock.enqueue({ steps: [{ write: sse([chunk({ content: 'abc' })]) }, { delayMs: 20 }, { reset: true }] })
  expect((await run(page)).failure).toMatchObject({ code: 'TRANSPORT' })
  mock.enqueue({ steps: [{ write: sse([chunk({ reasoning_content: 'hmm' })]) }, { keepAlive: { everyMs: 30 } }] })
  expect((await run(page, { stallTimeoutMs: 300 })).failure).toEqual({ code: 'STALLED', message: 'no stream payload for 300 ms (only keep-alives)' })
})

test('abort mid-stream closes the connection the server sees', async ({ page }) => {
  mock.enqueue({ steps: [{ write: sse([chunk({ content: 'first' })]) }, { keepAlive: { everyMs: 20 } }] })
  const result = await run(page, {}, true)
  expect(result.failure).toEqual({ code: 'ABORTED', message: 'request aborted' })
  const sent = mock.requests.at(-1)!
  await sent.closed
  expect(sent.closedEarly).toBe(true)
})

test('a provider without CORS is one TRANSPORT error suggesting a proxy base URL', async ({ page }) => {
  mock.cors = false
  mock.enqueue({ body: textStream(['never seen']) })
  const result = await run(page, { baseURL: `${mock.baseURL}/v1` })
  expect(result.failure?.code).toBe('TRANSPORT')
  expect(result.failure?.message).toMatch(/^network or CORS error reaching http:\/\/127\.0\.0\.1:\d+ .*configure a proxy base URL$/)
})
