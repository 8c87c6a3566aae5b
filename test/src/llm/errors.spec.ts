// Error codes carry a retryable flag; HTTP statuses map to named codes.
import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, LlmError, codeForHttpStatus, errorChain, failureOf, isRetryable } from '../../../src/llm/errors.ts'

describe('llm errors', () => {
  it('marks transient codes retryable and the rest not', () => {
    for (const code of ['RATE_LIMIT', 'SERVER', 'TIMEOUT', 'TRANSPORT', 'EMPTY_RESPONSE', 'STALLED', 'STREAM_TRUNCATED', 'MALFORMED_STREAM']) expect(isRetryable(code), code).toBe(true)
    for (const code of ['AUTH', 'INVALID_CREDENTIAL', 'QUOTA', 'INVALID_REQUEST', 'CONTEXT_WINDOW_EXCEEDED', 'ABORTED', 'STREAM_TOO_LARGE', 'UNKNOWN', 'NOPE']) expect(isRetryable(code), code).toBe(false)
    expect(DEFAULT_RETRY_POLICY.retryableCodes).toContain('RATE_LIMIT')
    expect(DEFAULT_RETRY_POLICY.retryableCodes).not.toContain('QUOTA')
  })

  it('maps statuses as DeepSeek documents them', () => {
    expect([400, 401, 402, 403, 404, 408, 422, 429, 500, 503].map((s) => codeForHttpStatus(s))).toEqual([
      'INVALID_REQUEST', 'INVALID_CREDENTIAL', 'QUOTA', 'AUTH', 'INVALID_REQUEST', 'TIMEOUT', 'INVALID_REQUEST', 'RATE_LIMIT', 'SERVER', 'SERVER',
    ])
    expect(codeForHttpStatus(400, 'Please reduce the length of the messages')).toBe('CONTEXT_WINDOW_EXCEEDED')
  })

  it('normalizes thrown values; an aborted signal always wins as ABORTED', () => {
    expect(failureOf(new LlmError({ message: 'x', code: 'SERVER' }))).toEqual({ failure: { message: 'x', code: 'SERVER' }, aborted: false })
    expect(failureOf('plain')).toEqual({ failure: { message: 'plain', code: 'UNKNOWN' }, aborted: false })
    expect(failureOf(new LlmError({ message: 'x', code: 'SERVER' }), AbortSignal.abort())).toEqual({ failure: { message: 'request aborted', code: 'ABORTED' }, aborted: true })
  })

  it('renders a thrown value as dsh does: bare messages, causes joined with ": ", members bracketed', () => {
    expect(errorChain(new TypeError('boom', { cause: new Error('root cause') }))).toBe('boom: root cause')
    expect(errorChain(new Error('wrapped', { cause: new Error('wrapped') }))).toBe('wrapped')
    expect(errorChain(new RangeError(''))).toBe('RangeError')
    expect(errorChain(new AggregateError([new Error('a'), 'b'], 'many'))).toBe('many [a; b]')
    expect(errorChain({ message: 'plain failure' })).toBe('plain failure')
    const loop = new Error('outer')
    ;(loop as { cause?: unknown }).cause = loop
    expect(errorChain(loop)).toBe('outer: <circular cause>')
    expect(errorChain(42)).toBe('42')
  })
})
