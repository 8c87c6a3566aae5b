/**
 * Named model-call failures: `LlmError` (carries an `LlmFailure`), the retryable table, the
 * default retry policy, HTTP status → code mapping and normalization of thrown values.
 * Plane: shared; no globals. Contract: every thrown value becomes a failure with a code.
 * @module llm/errors
 */
import type { LlmErrorCode, LlmFailure, RetryPolicy } from './types.ts'

/** Whether the default retry policy retries a code (transient faults only). */
export const LLM_ERROR_RETRYABLE: Readonly<Record<LlmErrorCode, boolean>> = Object.freeze({
  NO_ADAPTER: false,
  INVALID_PREPARED_CALL: false,
  ABORTED: false,
  RATE_LIMIT: true,
  SERVER: true,
  TIMEOUT: true,
  TRANSPORT: true,
  EMPTY_RESPONSE: true,
  CONTEXT_WINDOW_EXCEEDED: false,
  QUOTA: false,
  AUTH: false,
  MISSING_CREDENTIAL: false,
  INVALID_CREDENTIAL: false,
  INVALID_REQUEST: false,
  MALFORMED_STREAM: true,
  STREAM_TRUNCATED: true,
  STREAM_TOO_LARGE: false,
  STALLED: true,
  UNKNOWN: false,
  GATEWAY_LIMIT: false,
  ORIGIN_NOT_ALLOWED: false,
})

/** @returns whether `code` is transient (see {@link LLM_ERROR_RETRYABLE}); unknown codes are not. */
export function isRetryable(code: string): boolean {
  return (LLM_ERROR_RETRYABLE as Record<string, boolean | undefined>)[code] === true
}

/** The policy `prepareCall` returns when an adapter declares none (dsh llm-retry defaults). */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  mode: 'normal',
  maxRetries: 5,
  retryableCodes: Object.freeze(
    (Object.keys(LLM_ERROR_RETRYABLE) as LlmErrorCode[]).filter((code) => LLM_ERROR_RETRYABLE[code]),
  ) as LlmErrorCode[],
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  jitterRatio: 0.1,
})

/** An error whose `failure` is the structured, loggable description (never a secret). */
export class LlmError extends Error {
  override readonly name = 'LlmError'
  readonly failure: LlmFailure

  constructor(failure: LlmFailure) {
    super(failure.message)
    this.failure = Object.freeze({ ...failure })
  }

  get code(): LlmErrorCode {
    return this.failure.code
  }
}

const CONTEXT_OVERFLOW = /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long|reduce the length|input token count .* exceeds/i

/** Whether a provider's message says the request overflowed the model's context. */
export function isContextOverflow(providerMessage: string): boolean {
  return CONTEXT_OVERFLOW.test(providerMessage)
}

/**
 * Maps an HTTP status (and the provider's message) to a code, as DeepSeek documents them:
 * 400/422 request rejected (or context overflow), 401 key rejected, 402 balance, 429 rate.
 */
export function codeForHttpStatus(status: number, providerMessage = ''): LlmErrorCode {
  if ((status === 400 || status === 413 || status === 422) && isContextOverflow(providerMessage)) {
    return 'CONTEXT_WINDOW_EXCEEDED'
  }
  if (status === 401) return 'INVALID_CREDENTIAL'
  if (status === 402) return 'QUOTA'
  if (status === 403) return 'AUTH'
  if (status === 408) return 'TIMEOUT'
  if (status === 429) return 'RATE_LIMIT'
  if (status >= 500) return 'SERVER'
  if (status >= 400) return 'INVALID_REQUEST'
  return 'UNKNOWN'
}

const STATUS_LABEL: Partial<Record<LlmErrorCode, string>> = {
  CONTEXT_WINDOW_EXCEEDED: 'context window exceeded',
  INVALID_CREDENTIAL: 'API key rejected',
  QUOTA: 'insufficient balance',
  AUTH: 'access denied',
  TIMEOUT: 'request timed out',
  RATE_LIMIT: 'rate limited',
  SERVER: 'provider server error',
  INVALID_REQUEST: 'request rejected',
}

/** A human label for a status code, e.g. "API key rejected (HTTP 401)". */
export function describeHttpFailure(status: number, code: LlmErrorCode): string {
  return `${STATUS_LABEL[code] ?? 'unexpected response'} (HTTP ${status})`
}

/**
 * dsh's rendering of a thrown value: its message (the name if empty), AggregateError members in
 * `[a; b]`, then each cause after `": "` unless it repeats the message; cycles render
 * `<circular cause>`, a hostile value `<unrenderable value>`. No names, no stacks.
 */
export function errorChain(value: unknown): string {
  const path = new Set<unknown>()
  const render = (current: unknown): string => {
    if (path.has(current)) return '<circular cause>'
    path.add(current)
    try {
      if (!(current instanceof Error)) {
        const message = typeof current === 'object' && current !== null ? Object.getOwnPropertyDescriptor(current, 'message') : undefined
        return message && typeof message.value === 'string' ? message.value : String(current)
      }
      const message = current.message === '' ? current.name : current.message
      const members = current instanceof AggregateError && current.errors.length > 0 ? ` [${current.errors.map(render).join('; ')}]` : ''
      const cause = current.cause === undefined || current.cause === null ? '' : render(current.cause)
      return `${message}${members}${cause === '' || cause === message ? '' : `: ${cause}`}`
    } catch {
      return '<unrenderable value>'
    } finally {
      path.delete(current)
    }
  }
  return render(value)
}

/**
 * Normalizes anything an adapter threw. An aborted `signal` always yields code `ABORTED`.
 * @returns the failure and whether the call counts as aborted.
 */
export function failureOf(error: unknown, signal?: AbortSignal): { failure: LlmFailure; aborted: boolean } {
  const failure: LlmFailure = error instanceof LlmError
    ? { ...error.failure }
    : { message: errorChain(error), code: 'UNKNOWN' }
  if (signal?.aborted && failure.code !== 'ABORTED') {
    return { failure: { message: 'request aborted', code: 'ABORTED' }, aborted: true }
  }
  return { failure, aborted: failure.code === 'ABORTED' }
}
