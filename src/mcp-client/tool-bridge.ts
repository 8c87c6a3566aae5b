/**
 * A checked MCP tool as a `ToolDefinition`: the model calls `mcp__<server>__<tool>`; the body sends
 * `tools/call` with the raw name over the server's current connection, with the call's abort signal,
 * the tool timeout and a progress token (each `notifications/progress` reaches `exec.progress`, which
 * the card shows and which pushes the deadline back up to `maxTimeoutMs`), and turns the result into
 * text. Its card names it by title and server, with what its annotations say. Plane: worker (lazy chunk).
 * Contract: every failure throws a coded error (the pipeline makes it an `isError` result); a
 * transport-level failure also reports the server down.
 * @module mcp-client/tool-bridge
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { defineTool } from '../tools/define-tool.ts'
import type { ExternalSchemaValidator } from '../tools/external-schema.ts'
import type { ToolDefinition, ToolOrigin, ToolRunContext } from '../tools/types.ts'
import type { JsonValue } from '../util/json.ts'
import { classifyFailure, McpError } from './failure.ts'
import type { CheckedTool } from './listed-tool.ts'
import { resultText } from './result-text.ts'

const SDK_TIMEOUT_MARGIN_MS = 1_000

export interface BridgeContext {
  server: string
  timeoutMs: number
  maxTimeoutMs: number
  maxResultChars: number
  secrets: readonly string[]
  validator: ExternalSchemaValidator
  /** The connected client, or undefined while the server is down. */
  client(): Client | undefined
  /** A call failed in a way that means the server is gone. */
  serverFailed(error: unknown): void
}

async function callTool(bridge: BridgeContext, tool: CheckedTool, args: JsonValue | undefined, exec: ToolRunContext): Promise<string> {
  const client = bridge.client()
  if (!client) throw new McpError('MCP_UNAVAILABLE', `MCP server "${bridge.server}" is not connected`)
  const { signal } = exec
  let result
  try {
    // The timeout policy aborts `signal` (TOOL_TIMEOUT); the SDK's own deadlines are only a backstop behind it.
    // `onprogress` makes the SDK send `_meta.progressToken` and hand us each `notifications/progress`.
    result = await client.request({ method: 'tools/call', params: { name: tool.rawName, arguments: (args ?? {}) as Record<string, unknown> } }, CallToolResultSchema, {
      signal,
      timeout: 2 * bridge.timeoutMs + SDK_TIMEOUT_MARGIN_MS,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: bridge.maxTimeoutMs + SDK_TIMEOUT_MARGIN_MS,
      onprogress: ({ progress, total, message }) => exec.progress({ progress, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) }),
    })
  } catch (error) {
    if (signal.aborted) throw signal.reason
    const failure = classifyFailure(error, bridge.secrets)
    if (failure.serverDown) bridge.serverFailed(error)
    throw new McpError(failure.code, `MCP server "${bridge.server}", tool "${tool.rawName}": ${failure.reason}`)
  }
  const text = resultText(result.content, result.structuredContent, tool.rawName, bridge.maxResultChars)
  if (result.isError === true) throw new McpError('MCP_TOOL_ERROR', text)
  if (tool.outputSchema && result.structuredContent !== undefined) {
    const checked = bridge.validator.getValidator(tool.outputSchema)(result.structuredContent)
    if (!checked.valid) throw new McpError('MCP_BAD_RESPONSE', `tool "${tool.rawName}" returned structured content that does not match its output schema: ${checked.errorMessage}`)
  }
  return text
}

export function bridgeTool(bridge: BridgeContext, publicName: string, tool: CheckedTool): ToolDefinition {
  const title = tool.title ?? tool.rawName
  const origin: ToolOrigin = {
    kind: 'mcp', server: bridge.server, title,
    ...(tool.destructive !== undefined ? { destructive: tool.destructive } : {}),
    ...(tool.openWorld !== undefined ? { openWorld: tool.openWorld } : {}),
  }
  return defineTool<JsonValue, string>({
    name: publicName,
    description: tool.description,
    parameters: tool.inputSchema as never,
    validateArgs: tool.validateArgs,
    effect: tool.effect,
    timeoutMs: bridge.timeoutMs,
    maxTimeoutMs: bridge.maxTimeoutMs,
    output: { schema: { type: 'string' }, render: (_args, text) => [{ type: 'text', text }] },
    execute: (args, exec) => callTool(bridge, tool, args, exec),
    presentCall: (args) => ({ card: 'generic', title, kind: tool.effect === 'read' ? 'read' : 'execute', rawInput: args ?? {}, origin }),
  })
}
