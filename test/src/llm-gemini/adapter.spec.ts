// The gemini adapter (native API) over real HTTP/SSE against a local server speaking
// streamGenerateContent?alt=sse: the documented stream (thought parts, text, functionCall parts
// with a thoughtSignature, usageMetadata), the request (key in x-goog-api-key and never in the
// URL, systemInstruction, functionCall/functionResponse parts, signatures sent back, Gemini's
// schema subset), in-stream and HTTP errors (Google's code/status/details), and a disconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmError } from '../../../src/llm/errors.ts'
import { createAssistantMessage, createToolResultMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { API_KEY, adapterOf, blocksOf, collect, requestOf } from '../../mock-provider/adapters.ts'
import { DOCUMENTED, DOCUMENTED_BLOCKS, gemini, sse } from '../../mock-provider/formats.ts'
import { MockProvider } from '../../mock-provider/server.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

const run = (overrides = {}, settings = {}) => collect(adapterOf('gemini', mock.baseURL, settings).stream(requestOf('gemini', overrides)))
const withoutIds = (blocks: object[]) => blocks.map((block) => ({ ...block, ...('id' in block ? { id: '<id>' } : {}) }))

describe('gemini adapter', () => {
  it('streams the documented parts into blocks and usage; the key goes in x-goog-api-key only', async () => {
    mock.enqueue({ body: DOCUMENTED.gemini.body() })
    const { chunks, error } = await run()
    expect(error).toBeUndefined()
    const blocks = blocksOf(chunks)
    expect(withoutIds(blocks)).toEqual(withoutIds(DOCUMENTED_BLOCKS))
    const [readId, globId] = blocks.flatMap((b) => (b.type === 'tool-call' ? [b.id] : []))
    expect(readId).not.toBe(globId)
    expect(chunks.at(-2)).toEqual({ type: 'usage', usage: DOCUMENTED.gemini.usage })
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' }, replayState: { calls: { [readId!]: { thoughtSignature: 'sig-read' } } } })
    const sent = mock.requests.at(-1)!
    expect(sent.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse')
    expect(sent.headers['x-goog-api-key']).toBe(API_KEY)
    expect(sent.url).not.toContain(API_KEY.slice(3, 11))
    expect(JSON.parse(sent.body)).toEqual({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] })
  })

  it('sends history as functionCall/functionResponse parts with signatures back, systemInstruction, schemas in the Gemini subset', async () => {
    const assistant = createAssistantMessage([
      { type: 'text', text: 'Checking.' }, { type: 'tool-call', id: 'c1' as CallId, name: 'read', arguments: '{"file_path":"a.md"}' }, { type: 'tool-call', id: 'c2' as CallId, name: 'glob', arguments: '{"pattern":"*"}' },
    ], { provider: 'gemini', model: 'gemini-2.5-flash', replayState: { calls: { c1: { thoughtSignature: 'sig-1' } }, textSignature: 'sig-t' } })
    mock.enqueue({ body: sse([gemini.response([{ text: 'ok' }], 'STOP', gemini.usage(5, 0, 1, 0))]) })
    const { chunks } = await run({
      system: 'Be exact.',
      tools: [{ name: 'read', description: 'Read', parameters: {
        $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, required: ['file_path'],
        properties: { file_path: { type: 'string', minLength: 1 }, mode: { type: ['string', 'null'], const: 'text' }, range: { $ref: '#/$defs/range' } },
        $defs: { range: { type: 'object', properties: { from: { type: 'integer', exclusiveMinimum: 0 } } } },
      } }],
      messages: [
        createUserMessage('look'), assistant,
        createToolResultMessage({ callId: 'c1' as CallId, content: [{ type: 'text', text: '# A' }] }),
        createToolResultMessage({ callId: 'c2' as CallId, content: [{ type: 'text', text: 'denied' }], isError: true }),
        createUserMessage('<runtime context>'),
      ],
    }, { thinking: true })
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'stop' } })
    const body = JSON.parse(mock.requests.at(-1)!.body)
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be exact.' }] })
    expect(body.generationConfig).toEqual({ thinkingConfig: { includeThoughts: true } })
    expect(body.tools[0].functionDeclarations[0].parameters).toEqual({
      type: 'object', required: ['file_path'],
      properties: { file_path: { type: 'string', minLength: 1 }, mode: { nullable: true, type: 'string', enum: ['text'] }, range: { type: 'object', properties: { from: { type: 'integer' } } } },
    })
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'look' }] },
      { role: 'model', parts: [
        { text: 'Checking.', thoughtSignature: 'sig-t' },
        { functionCall: { id: 'c1', name: 'read', args: { file_path: 'a.md' } }, thoughtSignature: 'sig-1' },
        { functionCall: { id: 'c2', name: 'glob', args: { pattern: '*' } } },
      ] },
      { role: 'user', parts: [
        { functionResponse: { id: 'c1', name: 'read', response: { result: '# A' } } },
        { functionResponse: { id: 'c2', name: 'glob', response: { error: 'denied' } } },
        { text: '<runtime context>' },
      ] },
    ])
  })

  it.each([
    [gemini.error(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }]), 'RATE_LIMIT', 17_000],
    [gemini.error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }]), 'INVALID_CREDENTIAL', undefined],
    [gemini.error(400, 'INVALID_ARGUMENT', 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).'), 'CONTEXT_WINDOW_EXCEEDED', undefined],
    [gemini.error(503, 'UNAVAILABLE', 'The model is overloaded.'), 'SERVER', undefined],
  ])('an in-stream error object is classified by status and details (%#)', async (error, code, retryAfter) => {
    mock.enqueue({ body: sse([gemini.response([{ text: 'par' }]), error]) })
    const failure = ((await run()).error as LlmError).failure
    expect(failure.code).toBe(code)
    expect(failure.providerRetryAfterMs).toBe(retryAfter)
  })

  it('an HTTP 400 naming API_KEY_INVALID is INVALID_CREDENTIAL; a blocked prompt is a named INVALID_REQUEST', async () => {
    mock.enqueue({ status: 400, body: JSON.stringify(gemini.error(400, 'INVALID_ARGUMENT', 'API key not valid.', [{ reason: 'API_KEY_INVALID' }])) })
    expect(((await run()).error as LlmError).failure).toEqual({ status: 400, code: 'INVALID_CREDENTIAL', message: 'API key rejected (HTTP 400): API key not valid.' })
    mock.enqueue({ body: sse([{ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: gemini.usage(5, 0, 0, 0) }]) })
    expect(((await run()).error as LlmError).failure).toEqual({ code: 'INVALID_REQUEST', message: 'the provider blocked the prompt (SAFETY)' })
  })

  it('MAX_TOKENS finishes max-tokens; a close before any finishReason is STREAM_TRUNCATED; a reset is TRANSPORT', async () => {
    mock.enqueue({ body: sse([gemini.response([{ text: 'lo' }], 'MAX_TOKENS')]) })
    expect((await run()).chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'max-tokens' } })
    mock.enqueue({ body: sse([gemini.response([{ text: 'lo' }])]) })
    expect(((await run()).error as LlmError).failure).toEqual({ code: 'STREAM_TRUNCATED', message: 'stream ended without a finishReason' })
    mock.enqueue({ steps: [{ write: sse([gemini.response([{ text: 'lo' }])]) }, { reset: true }] })
    expect(((await run()).error as LlmError).failure.code).toBe('TRANSPORT')
  })
})
