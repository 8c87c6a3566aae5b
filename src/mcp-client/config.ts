/**
 * The MCP client plugin's config: its JSON schema (checked by the kernel before mount) and the
 * resolved form with defaults. Plane: shared; pure. Contract: only `http:`/`https:` URLs, and
 * header names and values that `fetch` accepts; a bad config fails this plugin entry alone.
 * @module mcp-client/config
 */
import { pluginConfig } from '../kernel/plugin-config.ts'
import { SERVER_NAME_PATTERN } from './tool-name.ts'
import type { McpServerConfig } from './types.ts'

const positive = { type: 'number', minimum: 1 } as const

export const ConfigSchema = pluginConfig({
  type: 'object',
  required: ['name', 'url'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 32 },
    url: { type: 'string', minLength: 1 },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    timeoutMs: positive,
    maxTimeoutMs: positive,
    connectTimeoutMs: positive,
    reconnect: { type: 'object', additionalProperties: false, properties: { initialDelayMs: positive, maxDelayMs: positive } },
    maxResultChars: positive,
  },
})

export interface ResolvedServerConfig {
  name: string
  url: string
  headers: Record<string, string>
  timeoutMs: number
  maxTimeoutMs: number
  connectTimeoutMs: number
  reconnect: { initialDelayMs: number; maxDelayMs: number }
  maxResultChars: number
}

/** Raised for a server entry that cannot be used (its tools never appear; other servers are unaffected). */
export class McpConfigError extends Error {
  override readonly name = 'McpConfigError'
  readonly code = 'MCP_CONFIG_INVALID'
}

/** How long a call that keeps reporting progress may run, unless the server entry says otherwise. */
const DEFAULT_MAX_TIMEOUT_MS = 600_000

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export function resolveServerConfig(config: McpServerConfig): ResolvedServerConfig {
  if (!SERVER_NAME_PATTERN.test(config.name)) throw new McpConfigError(`MCP server name ${JSON.stringify(config.name)} must match ${SERVER_NAME_PATTERN}`)
  let url: URL
  try {
    url = new URL(config.url)
  } catch {
    throw new McpConfigError(`MCP server "${config.name}": url ${JSON.stringify(config.url)} is not an absolute URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new McpConfigError(`MCP server "${config.name}": url must be http: or https:, got ${url.protocol}`)
  const headers = config.headers ?? {}
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) throw new McpConfigError(`MCP server "${config.name}": header ${JSON.stringify(name)} is not a valid HTTP header`)
  }
  const timeoutMs = config.timeoutMs ?? 60_000
  const maxTimeoutMs = config.maxTimeoutMs ?? Math.max(timeoutMs, DEFAULT_MAX_TIMEOUT_MS)
  if (maxTimeoutMs < timeoutMs) throw new McpConfigError(`MCP server "${config.name}": maxTimeoutMs (${maxTimeoutMs}) is below timeoutMs (${timeoutMs})`)
  return {
    name: config.name,
    url: url.href,
    headers: { ...headers },
    timeoutMs,
    maxTimeoutMs,
    connectTimeoutMs: config.connectTimeoutMs ?? 5_000,
    reconnect: { initialDelayMs: config.reconnect?.initialDelayMs ?? 500, maxDelayMs: config.reconnect?.maxDelayMs ?? 30_000 },
    maxResultChars: config.maxResultChars ?? 100_000,
  }
}
