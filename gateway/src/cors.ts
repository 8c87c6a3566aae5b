/**
 * Who may call: the request's `Origin` must be one of `ALLOWED_ORIGINS` exactly. CORS answers
 * name that origin (never `*`) and expose `Retry-After` and `X-Request-Id` to the page.
 * @module gateway/cors
 */
import type { GatewayConfig } from './config.ts'
import { GatewayError } from './errors.ts'

/** The allowed origin of `request`. @throws GatewayError 403 ORIGIN_NOT_ALLOWED */
export function allowedOrigin(request: Request, config: GatewayConfig): string {
  const origin = request.headers.get('Origin')
  if (origin !== null && config.allowedOrigins.has(origin)) return origin
  throw new GatewayError(403, 'ORIGIN_NOT_ALLOWED', origin === null ? 'requests must come from a page of an allowed origin (no Origin header)' : `this site has not allowed pages of ${origin} to use its assistant`)
}

export function corsHeaders(origin: string): Record<string, string> {
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Expose-Headers': 'Retry-After, X-Request-Id' }
}

export function preflightHeaders(origin: string): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
  }
}
