/**
 * Turns a provider's failure into an `LlmFailure`: a non-2xx response (status and the body's error
 * object → code, the provider's own message as a bounded excerpt, `Retry-After` when the browser
 * exposes it, the request id) or an error object inside a 200 stream (classified the same way).
 * Plane: shared; no globals. Contract: callers scrub the secret before the failure leaves.
 * @module llm-http/http-failure
 */
import { describeHttpFailure } from '../llm/errors.ts'
import type { LlmFailure } from '../llm/types.ts'
import { codeForProviderError, errorMessage, retryDelayOf, type ProviderErrorObject } from './provider-error.ts'

const MESSAGE_LIMIT = 500

/** `Retry-After` as delta-seconds or an HTTP date → milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The error object of a JSON error body (`{error: {...}}`, `{error: "..."}`, `{message}`, or Google's `[{error}]`). */
function errorObjectOf(body: string): ProviderErrorObject | undefined {
  try {
    const parsed = JSON.parse(body) as unknown
    const root = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: unknown; message?: unknown } | null
    if (typeof root !== 'object' || root === null) return undefined
    if (typeof root.error === 'string') return { message: root.error }
    if (typeof root.error === 'object' && root.error !== null) return root.error as ProviderErrorObject
    return typeof root.message === 'string' ? { message: root.message } : undefined
  } catch {
    // Not JSON (an HTML error page, a proxy's plain text): the raw excerpt is the message.
    return undefined
  }
}

export function failureFromResponse(status: number, headers: Headers, body: string): LlmFailure {
  const error = errorObjectOf(body) ?? {}
  const message = (errorMessage(error) || body.replace(/\s+/g, ' ').trim()).slice(0, MESSAGE_LIMIT)
  const code = codeForProviderError({ ...error, message }, status)
  const failure: LlmFailure = {
    message: `${describeHttpFailure(status, code)}${message ? `: ${message}` : ''}`,
    code,
    status,
  }
  const retryAfter = parseRetryAfter(headers.get('retry-after'), Date.now()) ?? retryDelayOf(error)
  if (retryAfter !== undefined) failure.providerRetryAfterMs = retryAfter
  const requestId = headers.get('x-request-id') ?? headers.get('request-id')
  if (requestId) failure.requestId = requestId
  return failure
}

/** An error object the provider sent inside a 200 stream, classified as an HTTP error body would be. */
export function failureFromStreamError(error: ProviderErrorObject): LlmFailure {
  const message = errorMessage(error).slice(0, MESSAGE_LIMIT) || 'unknown error'
  const failure: LlmFailure = { message: `provider error in stream: ${message}`, code: codeForProviderError(error) }
  const retryAfter = retryDelayOf(error)
  if (retryAfter !== undefined) failure.providerRetryAfterMs = retryAfter
  return failure
}
