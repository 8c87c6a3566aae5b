/**
 * Classifies a provider's error object — in an HTTP error body or inside a 200 stream — by its
 * `code`, `type`, `status` and Google `details` as the HTTP statuses are (`INVALID_CREDENTIAL`,
 * `RATE_LIMIT`, `CONTEXT_WINDOW_EXCEEDED`, …), with any retry delay it names. Plane: shared; pure.
 * Contract: a specific HTTP status wins; names refine a generic 400; unknown in-stream errors are `SERVER`.
 * @module llm-http/provider-error
 */
import { codeForHttpStatus, isContextOverflow } from '../llm/errors.ts'
import type { LlmErrorCode } from '../llm/types.ts'

/** The error object shapes of OpenAI (`code`/`type`), Anthropic (`type`) and Google (`code`/`status`/`details`). */
export interface ProviderErrorObject {
  message?: unknown
  code?: unknown
  type?: unknown
  status?: unknown
  details?: unknown
}

const NAMED: Readonly<Record<string, LlmErrorCode>> = Object.freeze({
  invalid_api_key: 'INVALID_CREDENTIAL',
  authentication_error: 'INVALID_CREDENTIAL',
  invalid_authentication: 'INVALID_CREDENTIAL',
  unauthenticated: 'INVALID_CREDENTIAL',
  api_key_invalid: 'INVALID_CREDENTIAL',
  permission_denied: 'AUTH',
  permission_error: 'AUTH',
  rate_limit_exceeded: 'RATE_LIMIT',
  rate_limit_error: 'RATE_LIMIT',
  resource_exhausted: 'RATE_LIMIT',
  too_many_requests: 'RATE_LIMIT',
  insufficient_quota: 'QUOTA',
  insufficient_balance: 'QUOTA',
  billing_error: 'QUOTA',
  context_length_exceeded: 'CONTEXT_WINDOW_EXCEEDED',
  string_above_max_length: 'INVALID_REQUEST',
  invalid_request_error: 'INVALID_REQUEST',
  invalid_argument: 'INVALID_REQUEST',
  invalid_prompt: 'INVALID_REQUEST',
  not_found_error: 'INVALID_REQUEST',
  request_too_large: 'INVALID_REQUEST',
  failed_precondition: 'INVALID_REQUEST',
  server_error: 'SERVER',
  api_error: 'SERVER',
  internal_error: 'SERVER',
  internal: 'SERVER',
  overloaded_error: 'SERVER',
  unavailable: 'SERVER',
  deadline_exceeded: 'TIMEOUT',
  timeout_error: 'TIMEOUT',
})

function names(error: ProviderErrorObject): string[] {
  const found: string[] = []
  for (const value of [error.code, error.type, error.status]) if (typeof value === 'string') found.push(value.toLowerCase())
  if (Array.isArray(error.details)) {
    for (const detail of error.details) {
      const reason = (detail as { reason?: unknown } | null)?.reason
      if (typeof reason === 'string') found.push(reason.toLowerCase())
    }
  }
  return found
}

function numericStatus(error: ProviderErrorObject): number | undefined {
  for (const value of [error.code, error.status]) if (typeof value === 'number' && value >= 400 && value < 600) return value
  return undefined
}

/** The provider's own message text, trimmed ('' when it has none). */
export function errorMessage(error: ProviderErrorObject): string {
  return typeof error.message === 'string' ? error.message.trim() : ''
}

/**
 * The code for a provider error object. `httpStatus` is the response status when the object came
 * in an HTTP error body: a specific status (401, 402, 403, 408, 429, 5xx) wins over the names.
 */
export function codeForProviderError(error: ProviderErrorObject, httpStatus?: number): LlmErrorCode {
  const message = errorMessage(error)
  const byStatus = httpStatus === undefined ? undefined : codeForHttpStatus(httpStatus, message)
  if (byStatus !== undefined && byStatus !== 'INVALID_REQUEST' && byStatus !== 'UNKNOWN') return byStatus
  const codes = names(error).flatMap((name) => NAMED[name] ?? [])
  const named = codes.find((code) => code !== 'INVALID_REQUEST') ?? codes[0]
  if ((named === undefined || named === 'INVALID_REQUEST') && isContextOverflow(message)) return 'CONTEXT_WINDOW_EXCEEDED'
  if (named !== undefined) return named
  const numeric = numericStatus(error)
  if (numeric !== undefined) return codeForHttpStatus(numeric, message)
  return byStatus ?? 'SERVER'
}

const DURATION = /^(\d+(?:\.\d+)?)s$/
const TRY_AGAIN = /try again in (\d+(?:\.\d+)?)\s*(ms|s)\b/i

/** A retry delay the error names: Google's `RetryInfo.retryDelay` ("30s") or OpenAI's "try again in 1.5s". */
export function retryDelayOf(error: ProviderErrorObject): number | undefined {
  if (Array.isArray(error.details)) {
    for (const detail of error.details) {
      const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay
      const match = typeof delay === 'string' ? DURATION.exec(delay) : null
      if (match) return Math.round(Number(match[1]) * 1000)
    }
  }
  const match = TRY_AGAIN.exec(errorMessage(error))
  if (!match) return undefined
  return Math.round(Number(match[1]) * (match[2]!.toLowerCase() === 'ms' ? 1 : 1000))
}
