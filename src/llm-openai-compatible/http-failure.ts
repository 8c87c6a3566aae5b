/**
 * Turns a non-2xx response into an `LlmFailure`: status → code, the provider's own message
 * (bounded excerpt), `Retry-After` when the browser exposes it, the request id.
 * Plane: shared; no globals. Contract: callers scrub the secret before the failure leaves.
 * @module llm-openai-compatible/http-failure
 */
import { codeForHttpStatus, describeHttpFailure } from '../llm/errors.ts'
import type { LlmFailure } from '../llm/types.ts'

const MESSAGE_LIMIT = 500

/** `Retry-After` as delta-seconds or an HTTP date → milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    const error = parsed.error
    const message = typeof error === 'string' ? error : error?.message ?? parsed.message
    if (typeof message === 'string' && message.trim()) return message.trim()
  } catch {
    // Not JSON (an HTML error page, a proxy's plain text): the raw excerpt below is the message.
  }
  return body.replace(/\s+/g, ' ').trim()
}

export function failureFromResponse(status: number, headers: Headers, body: string): LlmFailure {
  const message = providerMessage(body).slice(0, MESSAGE_LIMIT)
  const code = codeForHttpStatus(status, message)
  const failure: LlmFailure = {
    message: `${describeHttpFailure(status, code)}${message ? `: ${message}` : ''}`,
    code,
    status,
  }
  const retryAfter = parseRetryAfter(headers.get('retry-after'), Date.now())
  if (retryAfter !== undefined) failure.providerRetryAfterMs = retryAfter
  const requestId = headers.get('x-request-id')
  if (requestId) failure.requestId = requestId
  return failure
}
