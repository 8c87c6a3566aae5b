/**
 * Names what went wrong talking to an MCP server: a failure code, a short reason with every
 * configured header value scrubbed out (a server may echo the bearer token), and whether the
 * failure means the server is gone (its tools are taken away until it is back). Plane: shared; pure.
 * @module mcp-client/failure
 */
import type { McpFailureCode } from './types.ts'

const MAX_REASON_CHARS = 300

/** A failure with a code that reaches the model (`error.info`) and the transcript. */
export class McpError extends Error {
  override readonly name = 'McpError'
  constructor(readonly code: McpFailureCode | 'MCP_TOOL_ERROR' | 'MCP_UNAVAILABLE', message: string) { super(message) }
}

export interface ClassifiedFailure {
  code: McpFailureCode
  reason: string
  /** The server cannot be used until a reconnect succeeds. */
  serverDown: boolean
}

/** `text` with each secret replaced by `[redacted]`, cut to a readable length. */
export function scrubbed(text: string, secrets: readonly string[]): string {
  let clean = text
  for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('[redacted]')
  return clean.length > MAX_REASON_CHARS ? `${clean.slice(0, MAX_REASON_CHARS)}…` : clean
}

function httpFailure(status: number, message: string): ClassifiedFailure {
  if (status === 401 || status === 403) return { code: 'MCP_UNAUTHORIZED', reason: `HTTP ${status}: the server refused the credentials (${message})`, serverDown: true }
  if (status === 404) return { code: 'MCP_NOT_FOUND', reason: `HTTP 404: no MCP endpoint or session at this URL (${message})`, serverDown: true }
  if (status >= 500) return { code: 'MCP_SERVER_ERROR', reason: `HTTP ${status}: ${message}`, serverDown: true }
  if (status === -1) return { code: 'MCP_BAD_RESPONSE', reason: message, serverDown: true }
  return { code: 'MCP_PROTOCOL_ERROR', reason: `HTTP ${status}: ${message}`, serverDown: true }
}

/** Classifies a thrown value from the SDK, its transport or our fetch guard. */
export function classifyFailure(error: unknown, secrets: readonly string[]): ClassifiedFailure {
  const e = error as { name?: unknown; code?: unknown; message?: unknown }
  const message = scrubbed(String(e?.message ?? error), secrets)
  if (error instanceof McpError && error.code === 'MCP_ORIGIN_REFUSED') return { code: error.code, reason: message, serverDown: true }
  if (/fetch failed|Failed to fetch|NetworkError|ECONNREFUSED|network error/i.test(message)) {
    return { code: 'MCP_UNREACHABLE', reason: `unreachable: ${message} (down, blocked by CORS or the page's connect-src)`, serverDown: true }
  }
  const status = /Streamable HTTP error/.test(message) && typeof e.code === 'number' ? e.code : undefined
  if (status !== undefined) return httpFailure(status, message.replace(/^Streamable HTTP error: /, ''))
  if (e?.name === 'SyntaxError' || e?.name === 'ZodError' || /JSON|Unexpected content type|invalid_type|invalid_union/i.test(message)) {
    return { code: 'MCP_BAD_RESPONSE', reason: `not a valid MCP response: ${message}`, serverDown: true }
  }
  if (typeof e?.code === 'number' && e.code === -32001) return { code: 'MCP_TIMEOUT', reason: message, serverDown: false }
  if (/Maximum reconnection attempts|SSE stream disconnected|Failed to reconnect/.test(message)) return { code: 'MCP_UNREACHABLE', reason: message, serverDown: true }
  return { code: 'MCP_PROTOCOL_ERROR', reason: message, serverDown: false }
}
