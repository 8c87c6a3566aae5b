// Issue 34's defects of the openai-compatible adapter, through a real runtime over real HTTP/SSE:
// an in-stream error on HTTP 200 is classified (an invalid key ends the turn after one request, a
// rate limit is retried), schemas are normalised (no `$schema`; Gemini's subset for a gemini
// model), a strict-alternation model gets the runtime-context reminder folded into the user's
// message, and Gemini's `extra_content` on a tool call is logged and sent back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import { API_KEY, adapterOf, collect, requestOf } from '../../mock-provider/adapters.ts'
import { chatError, chunk, sse, usage } from '../../mock-provider/formats.ts'
import { MockProvider } from '../../mock-provider/server.ts'

let mock: MockProvider
let runtime: Runtime | undefined
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

async function turn(model: string, text = 'hello'): Promise<readonly SessionEvent[]> {
  runtime = await createRuntime({ llm: { provider: 'openai-compatible', baseURL: mock.baseURL, apiKey: API_KEY, model }, workspace: { provider: 'memory', files: { 'a.md': '# A\n' } } })
  const agent = await runtime.open()
  agent.followup(text)
  await agent.whenIdle()
  return agent.session.events
}

const answer = (text: string) => sse([chunk({ content: text }), chunk({}, 'stop', usage(10, 2)), '[DONE]'])
const turnEnd = (events: readonly SessionEvent[]) => events.findLast((e) => e.type === 'turn/end')?.data

describe('in-stream errors on HTTP 200 (item 1)', () => {
  it('invalid_api_key in the stream ends the turn as INVALID_CREDENTIAL after one request, never retried', async () => {
    const before = mock.requests.length
    mock.enqueue({ body: chatError({ message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' }) })
    const events = await turn('deepseek-chat')
    expect(mock.requests.length - before).toBe(1)
    expect(events.some((e) => e.type === 'llm/retry')).toBe(false)
    expect(turnEnd(events)).toEqual({ turn: 1, reason: { kind: 'error', error: { code: 'INVALID_CREDENTIAL', message: 'provider error in stream: Incorrect API key provided' } } })
  })

  it('a rate limit in the stream is RATE_LIMIT and retried by the retry rules, then the turn completes', async () => {
    mock.enqueue({ body: chatError({ message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }) }, { body: answer('fine') })
    const events = await turn('deepseek-chat')
    const retries = events.filter((e) => e.type === 'llm/retry')
    expect(retries.map((e) => e.type === 'llm/retry' && e.data.failure.code)).toEqual(['RATE_LIMIT'])
    expect(turnEnd(events)).toEqual({ turn: 1, reason: { kind: 'completed' } })
  })

  it.each([
    [{ code: 'context_length_exceeded', message: 'maximum context length is 8192 tokens' }, 'CONTEXT_WINDOW_EXCEEDED'],
    [{ code: 'insufficient_quota', type: 'insufficient_quota', message: 'You exceeded your current quota' }, 'QUOTA'],
    [{ code: 403, status: 'PERMISSION_DENIED', message: 'denied' }, 'AUTH'],
    [{ message: 'upstream hiccup' }, 'SERVER'],
  ])('classifies %j as %s', async (error, code) => {
    mock.enqueue({ body: chatError(error) })
    const { error: thrown } = await collect(adapterOf('openai-compatible', mock.baseURL).stream(requestOf('openai-compatible')))
    expect((thrown as { failure: { code: string } }).failure.code).toBe(code)
  })
})

describe('tool schemas per provider (item 2)', () => {
  const tool = { name: 'search', description: 'Search', parameters: {
    $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false,
    properties: { q: { type: 'string', $comment: 'query' }, limit: { type: ['integer', 'null'] } }, required: ['q'],
  } }

  it('strips $schema (and $comment) for every endpoint, keeping the rest of JSON Schema', async () => {
    mock.enqueue({ body: answer('ok') })
    await collect(adapterOf('openai-compatible', mock.baseURL).stream(requestOf('openai-compatible', { tools: [tool] })))
    expect(JSON.parse(mock.requests.at(-1)!.body).tools[0].function.parameters).toEqual({
      type: 'object', additionalProperties: false, properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'] } }, required: ['q'],
    })
  })

  it('sends Gemini\'s subset to a gemini model on an OpenAI-compatible endpoint', async () => {
    mock.enqueue({ body: answer('ok') })
    await collect(adapterOf('openai-compatible', mock.baseURL).stream(requestOf('openai-compatible', { model: 'gemini-2.5-flash', tools: [tool] })))
    expect(JSON.parse(mock.requests.at(-1)!.body).tools[0].function.parameters).toEqual({
      type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer', nullable: true } }, required: ['q'],
    })
  })
})

describe('strict alternation (item 3)', () => {
  const roles = () => JSON.parse(mock.requests.at(-1)!.body).messages.map((m: { role: string }) => m.role)

  it('a model whose template needs it gets the runtime-context reminder folded into the user message', async () => {
    mock.enqueue({ body: answer('ok') })
    await turn('gemma-3-27b-it', 'what is in a.md?')
    expect(roles()).toEqual(['system', 'user'])
    const user = JSON.parse(mock.requests.at(-1)!.body).messages[1].content as string
    expect(user.startsWith('what is in a.md?\n')).toBe(true)
    expect(user.length).toBeGreaterThan('what is in a.md?\n'.length)
  })

  it('other models keep the two user messages; the option overrides per model', async () => {
    mock.enqueue({ body: answer('ok') })
    await turn('deepseek-chat')
    expect(roles()).toEqual(['system', 'user', 'user'])
    mock.enqueue({ body: answer('ok') })
    await collect(adapterOf('openai-compatible', mock.baseURL, { models: [{ model: 'deepseek-chat', strictAlternation: true }] })
      .stream(requestOf('openai-compatible', { messages: [createUserMessage('a'), createUserMessage('b')] })))
    expect(JSON.parse(mock.requests.at(-1)!.body).messages).toEqual([{ role: 'user', content: 'a\nb' }])
  })
})

describe('provider-specific fields on tool calls (item 4)', () => {
  it("Gemini's extra_content.google.thought_signature is logged on the assistant message and sent back", async () => {
    const signature = 'CtIBAVSoXO4/sig=='
    mock.enqueue(
      { body: sse([chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"file_path":"a.md"}' }, extra_content: { google: { thought_signature: signature } } }] }), chunk({}, 'tool_calls', usage(10, 5)), '[DONE]']) },
      { body: answer('It is a heading.') },
    )
    const events = await turn('gemini-2.5-flash', 'read a.md')
    const assistant = events.find((e) => e.type === 'assistant/message')
    expect(assistant?.type === 'assistant/message' && assistant.data.message.source.replayState).toEqual({ calls: { call_1: { extra_content: { google: { thought_signature: signature } } } } })
    const sent = JSON.parse(mock.requests.at(-1)!.body).messages.find((m: { role: string }) => m.role === 'assistant')
    expect(sent.tool_calls).toEqual([{ extra_content: { google: { thought_signature: signature } }, id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"file_path":"a.md"}' } }])
    expect(turnEnd(events)).toEqual({ turn: 1, reason: { kind: 'completed' } })
  })
})
