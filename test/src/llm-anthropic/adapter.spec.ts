// The anthropic adapter over real HTTP/SSE against a local server speaking the Messages API:
// the documented event stream (thinking with its signature, text, parallel tool_use blocks with
// input_json_delta fragments, message_delta usage with cache reads/writes), the request (headers,
// tool_use/tool_result blocks, signed thinking sent back, cache_control on the stable prefix),
// error events and HTTP errors, and a mid-stream disconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmError } from '../../../src/llm/errors.ts'
import { createAssistantMessage, createToolResultMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { API_KEY, adapterOf, blocksOf, collect, requestOf } from '../../mock-provider/adapters.ts'
import { anthropic, DOCUMENTED, DOCUMENTED_BLOCKS, namedEvents } from '../../mock-provider/formats.ts'
import { MockProvider } from '../../mock-provider/server.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

const run = (overrides = {}, settings = {}) => collect(adapterOf('anthropic', mock.baseURL, settings).stream(requestOf('anthropic', overrides)))
const textReply = (text: string) => namedEvents([anthropic.messageStart(5, 0, 0), anthropic.blockStart(0, { type: 'text', text: '' }), anthropic.text(0, text), anthropic.blockStop(0), anthropic.messageDelta('end_turn', 2), anthropic.messageStop()])

describe('anthropic adapter', () => {
  it('streams the documented events into blocks and usage; sends the browser-access headers', async () => {
    mock.enqueue({ body: DOCUMENTED.anthropic.body() })
    const { chunks, error } = await run()
    expect(error).toBeUndefined()
    expect(blocksOf(chunks)).toEqual(DOCUMENTED_BLOCKS)
    expect(chunks.at(-2)).toEqual({ type: 'usage', usage: DOCUMENTED.anthropic.usage })
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' }, replayState: { thinking: [{ thinking: '先读文件，then list — ok 🚀', signature: 'sig-abc' }] } })
    const sent = mock.requests.at(-1)!
    expect(sent.url).toBe('/v1/messages')
    expect(sent.headers['x-api-key']).toBe(API_KEY)
    expect(sent.headers['anthropic-version']).toBe('2023-06-01')
    expect(sent.headers['anthropic-dangerous-direct-browser-access']).toBe('true')
    expect(sent.headers.authorization).toBeUndefined()
    expect(JSON.parse(sent.body)).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 8192, stream: true })
  })

  it('a tool_use with no input fragments has "{}" arguments', async () => {
    mock.enqueue({ body: namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'job_list', input: {} }), anthropic.blockStop(0), anthropic.messageDelta('tool_use'), anthropic.messageStop()]) })
    expect(blocksOf((await run()).chunks)).toEqual([{ type: 'tool-call', id: 'toolu_1', name: 'job_list', arguments: '{}' }])
  })

  it('sends history as tool_use/tool_result blocks with the signed thinking, adjacent user turns merged, cache_control on the stable prefix', async () => {
    const assistant = createAssistantMessage([
      { type: 'reasoning', text: 'plan' }, { type: 'text', text: 'Reading.' }, { type: 'tool-call', id: 'toolu_1' as CallId, name: 'read', arguments: '{"file_path":"a.md"}' },
    ], { provider: 'anthropic', model: 'claude-sonnet-4-5', replayState: { thinking: [{ thinking: 'plan', signature: 'sig-1' }] } })
    mock.enqueue({ body: textReply('ok') })
    await run({
      system: 'You are terse.',
      tools: [{ name: 'read', description: 'Read', parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { file_path: { type: 'string' } } } }],
      messages: [
        createUserMessage('read a.md'), createUserMessage('<runtime context>'), assistant,
        createToolResultMessage({ callId: 'toolu_1' as CallId, content: [{ type: 'text', text: 'nope' }], isError: true }),
        createUserMessage('<runtime context 2>'),
      ],
    }, { thinking: true })
    const body = JSON.parse(mock.requests.at(-1)!.body)
    expect(body.system).toEqual([{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }])
    expect(body.tools).toEqual([{ name: 'read', description: 'Read', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } }, cache_control: { type: 'ephemeral' } }])
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 4096 })
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'read a.md' }, { type: 'text', text: '<runtime context>' }] },
      { role: 'assistant', content: [
        { type: 'thinking', thinking: 'plan', signature: 'sig-1' }, { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read', input: { file_path: 'a.md' } },
      ] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'nope', is_error: true }, { type: 'text', text: '<runtime context 2>', cache_control: { type: 'ephemeral' } }] },
    ])
  })

  it.each([
    [anthropic.error('overloaded_error', 'Overloaded'), 'SERVER'],
    [anthropic.error('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), 'RATE_LIMIT'],
    [anthropic.error('authentication_error', 'invalid x-api-key'), 'INVALID_CREDENTIAL'],
    [anthropic.error('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'), 'CONTEXT_WINDOW_EXCEEDED'],
  ])('an error event is classified by its type (%#)', async (event, code) => {
    mock.enqueue({ body: namedEvents([anthropic.messageStart(), anthropic.ping(), event]) })
    const { error } = await run()
    expect((error as LlmError).failure).toEqual({ code, message: `provider error in stream: ${event.error.message}` })
  })

  it('HTTP errors map by status with the message of the error body', async () => {
    mock.enqueue({ status: 529, body: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }), headers: { 'request-id': 'req_011' } })
    expect(((await run()).error as LlmError).failure).toEqual({ status: 529, code: 'SERVER', message: 'provider server error (HTTP 529): Overloaded', requestId: 'req_011' })
    mock.enqueue({ status: 400, body: JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } }) })
    expect(((await run()).error as LlmError).failure.code).toBe('INVALID_REQUEST')
  })

  it('max_tokens stops as max-tokens; a close before message_stop and stop reason is STREAM_TRUNCATED; a reset is TRANSPORT', async () => {
    mock.enqueue({ body: namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'text', text: '' }), anthropic.text(0, 'lo'), anthropic.messageDelta('max_tokens'), anthropic.messageStop()]) })
    expect((await run()).chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'max-tokens' } })
    mock.enqueue({ body: namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'text', text: '' }), anthropic.text(0, 'lo')]) })
    expect(((await run()).error as LlmError).failure).toEqual({ code: 'STREAM_TRUNCATED', message: 'stream ended without message_stop' })
    mock.enqueue({ steps: [{ write: namedEvents([anthropic.messageStart(), anthropic.blockStart(0, { type: 'text', text: '' }), anthropic.text(0, 'lo')]) }, { reset: true }] })
    expect(((await run()).error as LlmError).failure.code).toBe('TRANSPORT')
  })
})
