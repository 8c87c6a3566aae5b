// Every stream or HTTP fault becomes one named LlmError (status, scrubbed message, retry hint).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmError } from '../../../src/llm/errors.ts'
import { MockProvider } from '../../mock-provider/server.ts'
import { chunk, sse, usage } from '../../mock-provider/wire.ts'
import { adapterFor, collect, request } from './helpers.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

async function failureOf(overrides = {}, options = request()) {
  const { error } = await collect(adapterFor(mock.baseURL, overrides).stream(options))
  expect(error).toBeInstanceOf(LlmError)
  return (error as LlmError).failure
}

describe('openai-compatible adapter: HTTP status matrix', () => {
  it.each([
    [400, 'Invalid request: bad role', 'INVALID_REQUEST', 'request rejected (HTTP 400): Invalid request: bad role'],
    [401, 'Authentication Fails, Your api key is invalid', 'INVALID_CREDENTIAL', 'API key rejected (HTTP 401): Authentication Fails, Your api key is invalid'],
    [402, 'Insufficient Balance', 'QUOTA', 'insufficient balance (HTTP 402): Insufficient Balance'],
    [422, 'Invalid Parameters', 'INVALID_REQUEST', 'request rejected (HTTP 422): Invalid Parameters'],
    [503, 'Server overloaded', 'SERVER', 'provider server error (HTTP 503): Server overloaded'],
    [400, "This model's maximum context length is 131072 tokens", 'CONTEXT_WINDOW_EXCEEDED', "context window exceeded (HTTP 400): This model's maximum context length is 131072 tokens"],
  ])('HTTP %i → %s', async (status, message, code, text) => {
    mock.enqueue({ status, body: JSON.stringify({ error: { message, type: 'invalid_request_error' } }) })
    expect(await failureOf()).toEqual({ status, code, message: text })
  })

  it('429 reads Retry-After into providerRetryAfterMs', async () => {
    mock.enqueue({ status: 429, headers: { 'Retry-After': '7' }, exposeRetryAfter: true, body: '{"error":{"message":"Rate limit reached"}}' })
    expect(await failureOf()).toEqual({ status: 429, code: 'RATE_LIMIT', message: 'rate limited (HTTP 429): Rate limit reached', providerRetryAfterMs: 7000 })
  })

  it('429 without Retry-After leaves the delay to backoff', async () => {
    mock.enqueue({ status: 429, body: 'slow down' })
    const failure = await failureOf()
    expect(failure).toEqual({ status: 429, code: 'RATE_LIMIT', message: 'rate limited (HTTP 429): slow down' })
  })
})

describe('openai-compatible adapter: stream faults', () => {
  it('a non-JSON data line is MALFORMED_STREAM with an excerpt', async () => {
    mock.enqueue({ body: `${sse([chunk({ content: 'hi' })])}data: <html>upstream exploded</html>\n\n` })
    expect(await failureOf()).toEqual({
      code: 'MALFORMED_STREAM', message: 'malformed stream: data is not JSON: <html>upstream exploded</html>', detail: '<html>upstream exploded</html>',
    })
  })

  it('a 200 that is not an event stream is MALFORMED_STREAM', async () => {
    mock.enqueue({ headers: { 'Content-Type': 'text/html' }, body: '<html>gateway</html>' })
    const failure = await failureOf()
    expect(failure.code).toBe('MALFORMED_STREAM')
    expect(failure.message).toBe('malformed stream: expected text/event-stream, got "text/html": <html>gateway</html>')
  })

  it('a clean close without [DONE] or finish_reason is STREAM_TRUNCATED, never a success', async () => {
    mock.enqueue({ body: `${sse([chunk({ content: 'partial ans' })])}upstream error: reset\n` })
    const { chunks, error } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(chunks.some((c) => c.type === 'finish')).toBe(false)
    expect((error as LlmError).failure).toEqual({ code: 'STREAM_TRUNCATED', message: 'stream ended without [DONE] or a finish_reason' })
  })

  it('a socket reset mid-stream is TRANSPORT', async () => {
    mock.enqueue({ steps: [{ write: sse([chunk({ content: 'abc' })]) }, { delayMs: 20 }, { reset: true }] })
    const failure = await failureOf()
    expect(failure.code).toBe('TRANSPORT')
    expect(failure.message).toMatch(/^connection lost mid-stream/)
  })

  it('an unreachable endpoint is TRANSPORT suggesting a proxy base URL', async () => {
    const closed = await MockProvider.start()
    const baseURL = closed.baseURL
    await closed.close()
    const { error } = await collect(adapterFor(baseURL).stream(request()))
    expect((error as LlmError).failure.code).toBe('TRANSPORT')
    expect((error as LlmError).message).toMatch(/network or CORS error reaching http:\/\/127\.0\.0\.1:\d+ .*configure a proxy base URL/)
  })

  it('only keep-alives after some reasoning trip the payload watchdog: STALLED', async () => {
    mock.enqueue({ steps: [{ write: sse([chunk({ reasoning_content: 'thinking…' })]) }, { keepAlive: { everyMs: 30 } }] })
    const failure = await failureOf({ firstByteTimeoutMs: 400, stallTimeoutMs: 250 })
    expect(failure).toEqual({ code: 'STALLED', message: 'no stream payload for 250 ms (only keep-alives)' })
    await mock.requests.at(-1)!.closed
    expect(mock.requests.at(-1)!.closedEarly).toBe(true)
  })

  it('keep-alives with payload progress in between survive a payload bound shorter than the stream', async () => {
    const steps = Array.from({ length: 6 }, (_, i) => [{ write: sse([chunk({ content: `p${i} ` })]) }, { keepAlive: { everyMs: 25, count: 3 } }]).flat()
    mock.enqueue({ steps: [...steps, { write: sse([chunk({}, 'stop', usage(1, 6)), '[DONE]']) }] })
    const { chunks, error } = await collect(adapterFor(mock.baseURL, { stallTimeoutMs: 150 }).stream(request()))
    expect(error).toBeUndefined()
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'stop' } })
  })

  it('no bytes at all with the socket open trips the transport watchdog: TIMEOUT', async () => {
    mock.enqueue({ steps: [{ hang: true }] })
    const failure = await failureOf({ firstByteTimeoutMs: 200, stallTimeoutMs: 5_000 })
    expect(failure).toEqual({ code: 'TIMEOUT', message: 'no bytes from the provider for 200 ms' })
  })

  it('an oversized line is STREAM_TOO_LARGE with the buffer bounded', async () => {
    mock.enqueue({ steps: [{ write: `data: {"x":"${'a'.repeat(4096)}` }, { write: 'a'.repeat(8192) }, { hang: true }] })
    const failure = await failureOf({ maxLineLength: 4096 })
    expect(failure).toEqual({ code: 'STREAM_TOO_LARGE', message: 'stream line over 4096 characters' })
  })

  it('aborting mid-stream stops the fetch at once and the server sees the connection close', async () => {
    mock.enqueue({ steps: [{ write: sse([chunk({ content: 'first ' })]) }, { keepAlive: { everyMs: 20 } }] })
    const controller = new AbortController()
    const seen: string[] = []
    let error: unknown
    try {
      for await (const c of adapterFor(mock.baseURL).stream(request({ signal: controller.signal }))) {
        seen.push(c.type)
        if (c.type === 'text-delta') controller.abort(new Error('user cancel'))
      }
    } catch (e) {
      error = e
    }
    expect((error as LlmError).failure).toEqual({ code: 'ABORTED', message: 'request aborted' })
    expect(seen).toEqual(['block-start', 'text-delta'])
    const sent = mock.requests.at(-1)!
    await sent.closed
    expect(sent.closedEarly).toBe(true)
  })
})
