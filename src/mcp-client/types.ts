/**
 * MCP client vocabulary: one server's configuration, its status, the failure codes and the
 * log-only session events the plugin appends (`mcp/server`, `mcp/problem`). Plane: shared; types only.
 * @module mcp-client/types
 */

/** One MCP server reached over Streamable HTTP. `name` namespaces its tools: `mcp__<name>__<tool>`. */
export interface McpServerConfig {
  /** `[A-Za-z0-9_-]{1,32}`, unique per runtime. */
  name: string
  /** The MCP endpoint (`http:` or `https:`); requests go to this origin only. */
  url: string
  /** Sent on every request to this server (e.g. `Authorization: Bearer …`); never logged. */
  headers?: Record<string, string>
  /** Per-call deadline (default 60 000 ms), enforced by the tool-timeout policy and the SDK; each progress report restarts it. */
  timeoutMs?: number
  /** A call that keeps reporting progress ends at this total (default 600 000 ms, at least `timeoutMs`). */
  maxTimeoutMs?: number
  /** First connection attempt's deadline before the runtime goes on without the tools (default 5 000 ms). */
  connectTimeoutMs?: number
  /** Reconnect backoff: first delay (default 500 ms), doubling up to `maxDelayMs` (default 30 000 ms). */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number }
  /** Model-visible result text cap in characters (default 100 000); longer text is cut with a marker. */
  maxResultChars?: number
}

/** Why a server or one of its tools is not usable. */
export type McpFailureCode =
  | 'MCP_UNREACHABLE' | 'MCP_OFFLINE' | 'MCP_UNAUTHORIZED' | 'MCP_NOT_FOUND' | 'MCP_SERVER_ERROR'
  | 'MCP_BAD_RESPONSE' | 'MCP_TIMEOUT' | 'MCP_PROTOCOL_ERROR' | 'MCP_ORIGIN_REFUSED'

/** Problems named per tool or per server while its tools are listed. */
export type McpProblemCode =
  | 'MCP_TOOL_SCHEMA_INVALID' | 'MCP_TOOL_SCHEMA_TOO_LARGE' | 'MCP_TOOL_DUPLICATE' | 'MCP_TOOL_NAME_TAKEN'
  | 'MCP_TOO_MANY_TOOLS' | 'MCP_LIST_CHANGED_STORM' | 'MCP_TOOL_NEEDS_TASKS'

export type McpServerState =
  | { status: 'connecting' }
  | { status: 'connected'; tools: number }
  | { status: 'unavailable'; code: McpFailureCode; reason: string }

declare module '../session/types.ts' {
  interface SessionEventMap {
    /** A server became unavailable (its tools are gone) or connected again; written `ignorable`. */
    'mcp/server': { server: string; status: 'connected' | 'unavailable'; code?: McpFailureCode; reason?: string; tools?: number }
    /** A tool left out, or a server misbehaving without going down; written `ignorable`. */
    'mcp/problem': { server: string; code: McpProblemCode; reason: string; tool?: string }
  }
}
