// The openai-responses adapter over real HTTP/SSE against a local server speaking the Responses
// API: documented event streams (reasoning summary, text, parallel function calls with fragmented
// arguments, usage), the stateless request (store:false, full input, instructions), errors in the
// stream and over HTTP, and a mid-stream disconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmError } from '../../../src/llm/errors.ts'
import { createAssistantMessage, createToolResultMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { API_KEY, adapterOf, blocksOf, collect, requestOf } from '../../mock-provider/adapters.ts'
import { DOCUMENTED, DOCUMENTED_BLOCKS, namedEvents, responses } from '../../mock-provider/formats.ts'
import { MockProvider } from '../../mock-provider/server.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

const run = (overrides = {}, settings = {}) => collect(adapterOf('openai-responses', `${mock.baseURL}/v1`, settings).stream(requestOf('openai-responses', overrides)))

describe('openai-responses adapter', () => {
  it('streams the documented events: reasoning summary, text, two parallel calls from fragments, usage', async () => {
    mock.enqueue({ body: DOCUMENTED['openai-responses'].body() })
    const { chunks, error } = await run()
    expect(error).toBeUndefined()
    expect(blocksOf(chunks)).toEqual(DOCUMENTED_BLOCKS)
    expect(chunks.slice(-2)).toEqual([{ type: 'usage', usage: DOCUMENTED['openai-responses'].usage }, { type: 'finish', reason: { kind: 'tool-calls' } }])
    const sent = mock.requests.at(-1)!
    expect(sent.url).toBe('/v1/responses')
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(sent.body)).toMatchObject({ model: 'gpt-5-mini', stream: true, store: false, input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }] })
  })

  it('sends the full history statelessly: instructions, function_call and function_call_output items, encrypted reasoning back', async () => {
    mock.enqueue({ body: namedEvents([responses.reasoningItem('enc-1'), responses.callAdded(1, 'call_1', 'read'), responses.args(1, '{}'), responses.completed()]) })
    const first = await run({}, { thinking: true })
    const finish = first.chunks.at(-1)!
    expect(finish).toMatchObject({ type: 'finish', reason: { kind: 'tool-calls' }, replayState: { reasoning: [{ type: 'reasoning', id: 'rs_1', encrypted_content: 'enc-1' }] } })
    const assistant = createAssistantMessage(blocksOf(first.chunks), { provider: 'openai-responses', model: 'gpt-5-mini', ...(finish.type === 'finish' && finish.replayState !== undefined ? { replayState: finish.replayState } : {}) })
    mock.enqueue({ body: namedEvents([responses.text('done'), responses.completed()]) })
    const second = await run({
      system: 'Be brief.',
      tools: [{ name: 'read', description: 'Read a file', parameters: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} } }],
      messages: [createUserMessage('hi'), assistant, createToolResultMessage({ callId: 'call_1' as CallId, content: [{ type: 'text', text: 'file body' }] })],
    }, { thinking: true })
    expect(blocksOf(second.chunks)).toEqual([{ type: 'text', text: 'done' }])
    const body = JSON.parse(mock.requests.at(-1)!.body)
    expect(body.instructions).toBe('Be brief.')
    expect(body.store).toBe(false)
    expect(body.include).toEqual(['reasoning.encrypted_content'])
    expect(body.tools).toEqual([{ type: 'function', name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} }, strict: false }])
    expect(body.input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'think' }], encrypted_content: 'enc-1' },
      { type: 'function_call', call_id: 'call_1', name: 'read', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'file body' },
    ])
  })

  it('response.incomplete for max_output_tokens finishes max-tokens', async () => {
    mock.enqueue({ body: namedEvents([responses.text('long'), responses.incomplete()]) })
    expect((await run()).chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'max-tokens' } })
  })

  it.each([
    [responses.error('rate_limit_exceeded', 'Rate limit reached. Please try again in 1.5s.'), 'RATE_LIMIT', 1500],
    [responses.error('invalid_api_key', 'Incorrect API key provided'), 'INVALID_CREDENTIAL', undefined],
    [responses.failed('context_length_exceeded', 'Your input exceeds the context window of this model.'), 'CONTEXT_WINDOW_EXCEEDED', undefined],
    [responses.failed('server_error', 'The server had an error'), 'SERVER', undefined],
  ])('an in-stream error is classified by its code (%#)', async (event, code, retryAfter) => {
    mock.enqueue({ body: namedEvents([responses.text('partial'), event]) })
    const { error } = await run()
    expect(error).toBeInstanceOf(LlmError)
    expect((error as LlmError).failure.code).toBe(code)
    expect((error as LlmError).failure.providerRetryAfterMs).toBe(retryAfter)
  })

  it('HTTP errors keep their status mapping and the provider message', async () => {
    mock.enqueue({ status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } }) })
    const { error } = await run()
    expect((error as LlmError).failure).toEqual({ status: 401, code: 'INVALID_CREDENTIAL', message: 'API key rejected (HTTP 401): Incorrect API key provided: [redacted]' })
  })

  it('a close before response.completed is STREAM_TRUNCATED; a reset mid-stream is TRANSPORT', async () => {
    mock.enqueue({ body: namedEvents([responses.text('par')]) })
    expect(((await run()).error as LlmError).failure).toEqual({ code: 'STREAM_TRUNCATED', message: 'stream ended without response.completed' })
    mock.enqueue({ steps: [{ write: namedEvents([responses.text('par')]) }, { reset: true }] })
    const reset = await run()
    expect(reset.chunks.some((c) => c.type === 'text-delta')).toBe(true)
    expect((reset.error as LlmError).failure.code).toBe('TRANSPORT')
  })
})
