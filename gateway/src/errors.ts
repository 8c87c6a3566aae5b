/**
 * The gateway's one error shape: an OpenAI-style JSON body `{error: {message, type, code, …}}`
 * with a stable `code` a client can branch on, thrown as `GatewayError` and turned into a
 * response once, in the handler.
 * @module gateway/errors
 */

export class GatewayError extends Error {
  override readonly name = 'GatewayError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

export function errorResponse(error: GatewayError): Response {
  return jsonResponse(error.status, { error: { message: error.message, type: 'gateway_error', code: error.code, ...error.extra } }, error.headers)
}
