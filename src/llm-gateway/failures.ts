/**
 * Reads a site gateway's refusals (`{error: {code, message, limit, resets_at}}`) into named
 * failures: a limit → `GATEWAY_LIMIT` (not retried; `detail` is the ISO reset time, Retry-After
 * → `providerRetryAfterMs`), a refused origin → `ORIGIN_NOT_ALLOWED`, a stale session token →
 * `INVALID_CREDENTIAL` with `detail` the token code (the adapter renews once); anything else
 * (the upstream's own failures) maps as the OpenAI-compatible adapter maps it.
 * Plane: worker/shared; pure.
 * @module llm-gateway/failures
 */
import { failureFromResponse, parseRetryAfter } from '../llm-http/http-failure.ts'
import type { LlmFailure } from '../llm/types.ts'

interface GatewayErrorBody { code?: unknown; message?: unknown; limit?: unknown; resets_at?: unknown }

function gatewayError(body: string): GatewayErrorBody | undefined {
  try {
    const error = (JSON.parse(body) as { error?: GatewayErrorBody }).error
    return error && typeof error === 'object' ? error : undefined
  } catch {
    return undefined
  }
}

export function gatewayFailure(status: number, headers: Headers, body: string): LlmFailure {
  const error = gatewayError(body)
  const message = typeof error?.message === 'string' ? error.message.slice(0, 500) : ''
  if (status === 429 && error?.code === 'RATE_LIMITED') {
    const failure: LlmFailure = { code: 'GATEWAY_LIMIT', status, message: `the site’s gateway refused: ${message}` }
    if (typeof error.resets_at === 'string') failure.detail = error.resets_at
    const retryAfter = parseRetryAfter(headers.get('retry-after'), Date.now())
    if (retryAfter !== undefined) failure.providerRetryAfterMs = retryAfter
    return failure
  }
  if (status === 403 && error?.code === 'ORIGIN_NOT_ALLOWED') return { code: 'ORIGIN_NOT_ALLOWED', status, message: `the site’s gateway refused this page: ${message}` }
  if (status === 401 && typeof error?.code === 'string' && error.code.startsWith('TOKEN_')) return { code: 'INVALID_CREDENTIAL', status, message: `the gateway session ended: ${message}`, detail: error.code }
  return failureFromResponse(status, headers, body)
}
