// The API key reaches the provider only in the Authorization header — never a body, an
// error message, a failure detail or any thrown value, even when the server echoes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmRuntime } from '../../../src/llm/runtime.ts'
import { Context } from '@deepseek-ai/cordis'
import * as openai from '../../../src/llm-openai-compatible/index.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { MockProvider } from '../../mock-provider/server.ts'
import { chunk, sse, textStream } from '../../mock-provider/wire.ts'
import { API_KEY, adapterFor, collect, request } from './helpers.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

function leaks(text: string): string[] {
  const found: string[] = []
  for (let i = 0; i + 8 <= API_KEY.length; i += 1) if (text.includes(API_KEY.slice(i, i + 8))) found.push(API_KEY.slice(i, i + 8))
  return found
}

function dump(value: unknown): string {
  if (value instanceof Error) return `${String(value)}\n${value.stack}\n${JSON.stringify(value)}\n${JSON.stringify((value as { failure?: unknown }).failure)}`
  return JSON.stringify(value) ?? 'undefined'
}

describe('the API key', () => {
  it('appears only in the Authorization header across successes and echoing failures', async () => {
    const echo = `{"error":{"message":"Authentication Fails, key ${API_KEY} (or sk-test-9f8e***) is invalid"}}`
    mock.enqueue(
      { body: textStream(['fine']) },
      { status: 401, body: echo },
      { status: 500, body: `<pre>Authorization: Bearer ${API_KEY}</pre>` },
      { body: `data: {"oops": "${API_KEY}"\n\n` },
      { body: sse([{ error: { message: `bad key ${API_KEY.slice(0, 14)}` } }]) },
      { body: sse([chunk({ content: 'x' })]) },
    )
    const adapter = adapterFor(mock.baseURL)
    const outputs: string[] = []
    for (let i = 0; i < 6; i += 1) {
      const { chunks, error } = await collect(adapter.stream(request({ messages: [createUserMessage(`turn ${i}`)] })))
      outputs.push(dump(chunks), dump(error))
    }
    expect(outputs.filter((o) => o.includes('LlmError'))).toHaveLength(5)
    expect(outputs.flatMap(leaks)).toEqual([])
    expect(outputs.join('\n')).toContain('[redacted]')
    const sent = mock.requests.slice(-6)
    for (const record of sent) {
      expect(record.headers.authorization).toBe(`Bearer ${API_KEY}`)
      const { authorization: _sent, ...otherHeaders } = record.headers
      expect(leaks(`${record.url}\n${record.body}\n${JSON.stringify(otherHeaders)}`)).toEqual([])
    }
  })

  it('is not reachable from the registered adapter or a runtime dump', async () => {
    const root = new Context()
    await root.plugin(LlmRuntime)
    await root.plugin(openai, { apiKey: API_KEY, model: 'deepseek-chat', baseURL: mock.baseURL })
    const adapter = root.llm.getAdapter('openai-compatible')!
    expect(leaks(JSON.stringify(adapter))).toEqual([])
    expect(leaks(JSON.stringify(await root.llm.prepareCall({ provider: 'openai-compatible', model: 'deepseek-chat' })))).toEqual([])
    mock.enqueue({ status: 401, body: `{"error":{"message":"${API_KEY}"}}` })
    const chunks: StreamChunk[] = []
    for await (const c of root.llm.stream(request())) chunks.push(c)
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'error', failure: { status: 401, code: 'INVALID_CREDENTIAL', message: 'API key rejected (HTTP 401): [redacted]' } } })
    await root.fiber.dispose()
  })

  it('an empty key fails before any request with MISSING_CREDENTIAL', async () => {
    const before = mock.requests.length
    const { error } = await collect(adapterFor(mock.baseURL, { apiKey: '' }).stream(request()))
    expect((error as { failure: unknown }).failure).toEqual({ code: 'MISSING_CREDENTIAL', message: 'no API key configured for provider "openai-compatible"' })
    expect(mock.requests.length).toBe(before)
  })
})
