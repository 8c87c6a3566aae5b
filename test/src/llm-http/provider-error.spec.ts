// Provider error objects (OpenAI code/type, Anthropic type, Google code/status/details) are
// classified like HTTP statuses; a specific HTTP status wins; retry delays are read.
import { describe, expect, it } from 'vitest'
import { codeForProviderError, retryDelayOf } from '../../../src/llm-http/provider-error.ts'

describe('llm-http/provider-error', () => {
  it.each([
    [{ code: 'invalid_api_key', type: 'invalid_request_error' }, 'INVALID_CREDENTIAL'],
    [{ type: 'authentication_error' }, 'INVALID_CREDENTIAL'],
    [{ code: 400, status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] }, 'INVALID_CREDENTIAL'],
    [{ type: 'permission_error' }, 'AUTH'],
    [{ code: 'rate_limit_exceeded' }, 'RATE_LIMIT'],
    [{ code: 429, status: 'RESOURCE_EXHAUSTED' }, 'RATE_LIMIT'],
    [{ code: 'insufficient_quota' }, 'QUOTA'],
    [{ code: 'context_length_exceeded' }, 'CONTEXT_WINDOW_EXCEEDED'],
    [{ type: 'invalid_request_error', message: 'prompt is too long: 300000 tokens' }, 'CONTEXT_WINDOW_EXCEEDED'],
    [{ type: 'invalid_request_error', message: 'bad role' }, 'INVALID_REQUEST'],
    [{ type: 'overloaded_error' }, 'SERVER'],
    [{ code: 504, status: 'DEADLINE_EXCEEDED' }, 'TIMEOUT'],
    [{ code: 418 }, 'INVALID_REQUEST'],
    [{ message: 'something broke' }, 'SERVER'],
  ])('%j → %s', (error, code) => {
    expect(codeForProviderError(error)).toBe(code)
  })

  it('a specific HTTP status wins over the names; a generic 400 is refined by them', () => {
    expect(codeForProviderError({ type: 'invalid_request_error' }, 401)).toBe('INVALID_CREDENTIAL')
    expect(codeForProviderError({ code: 'invalid_api_key' }, 400)).toBe('INVALID_CREDENTIAL')
    expect(codeForProviderError({}, 400)).toBe('INVALID_REQUEST')
    expect(codeForProviderError({ type: 'overloaded_error' }, 529)).toBe('SERVER')
  })

  it('reads Google RetryInfo and "try again in" delays', () => {
    expect(retryDelayOf({ details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2.5s' }] })).toBe(2500)
    expect(retryDelayOf({ message: 'Rate limit reached. Please try again in 750ms.' })).toBe(750)
    expect(retryDelayOf({ message: 'Rate limit reached' })).toBeUndefined()
  })
})
