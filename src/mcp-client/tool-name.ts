/**
 * Model-facing names of MCP tools, as dsh derives them: `mcp__<server>__<tool>`, characters
 * outside `[A-Za-z0-9_-]` replaced by `_`; when that replacement or the 64-character cut changed
 * the name, a 12-hex SHA-256 of `server\0tool` is appended. Plane: shared; Web Crypto only.
 * Contract: a pure function of (server, tool): reconnects and other servers never rename a tool.
 * @module mcp-client/tool-name
 */

const MAX_NAME_LENGTH = 64
const HASH_LENGTH = 12
const INVALID_NAME_CHARS = /[^A-Za-z0-9_-]/g

/** Valid server names: short enough to leave room for the tool's own name. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,32}$/

async function identityHash(server: string, tool: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${server}\0${tool}`))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('').slice(0, HASH_LENGTH)
}

export async function publicToolName(server: string, tool: string): Promise<string> {
  const joined = `mcp__${server}__${tool}`
  const normalized = joined.replace(INVALID_NAME_CHARS, '_')
  if (normalized === joined && normalized.length <= MAX_NAME_LENGTH) return normalized
  return `${normalized.slice(0, MAX_NAME_LENGTH - HASH_LENGTH - 1)}_${await identityHash(server, tool)}`
}
