// Retry-After parsing (seconds or HTTP date) and secret scrubbing of provider text.
import { describe, expect, it } from 'vitest'
import { failureFromResponse, parseRetryAfter } from '../../../src/llm-http/http-failure.ts'
import { scrubSecret } from '../../../src/llm-http/scrub.ts'

describe('http failures', () => {
  it('parses Retry-After as seconds or an HTTP date, else leaves it out', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('2.5', now)).toBe(2500)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('keeps the request id and collapses a non-JSON body into the message', () => {
    const headers = new Headers({ 'x-request-id': 'req-1' })
    expect(failureFromResponse(502, headers, '<html>\n  Bad   gateway\n</html>')).toEqual({
      status: 502, code: 'SERVER', requestId: 'req-1', message: 'provider server error (HTTP 502): <html> Bad gateway </html>',
    })
  })

  it('scrubs the secret and any token sharing 8 characters with it', () => {
    const key = 'sk-abcdef0123456789'
    expect(scrubSecret(`key=${key}; hint sk-abcdef01***6789, other token sk-zzzzzzzzzz`, key))
      .toBe('key=[redacted]; hint [redacted], other token sk-zzzzzzzzzz')
  })
})
