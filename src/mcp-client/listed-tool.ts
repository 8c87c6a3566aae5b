/**
 * One listed MCP tool checked for use: its input schema must be a JSON object with an object root,
 * under the size cap, and compile in the eval-free validator; its annotations give the effect
 * (`readOnlyHint: true` → read, anything else → execute, which asks under `ask`); a tool the server
 * runs only as a task (`execution.taskSupport: "required"`) is left out. Plane: shared.
 * Contract: a tool that fails a check is returned as a named problem, never registered half-checked.
 * @module mcp-client/listed-tool
 */
import { compileExternalSchema } from '../tools/external-schema.ts'
import type { ToolEffect } from '../tools/types.ts'
import type { McpProblemCode } from './types.ts'

/** Largest input schema (JSON characters) a tool may send; bigger ones would flood every request. */
export const MAX_SCHEMA_CHARS = 32_000
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'])

export interface CheckedTool {
  rawName: string
  description: string
  inputSchema: Record<string, unknown>
  validateArgs: (value: unknown) => string[]
  outputSchema?: Record<string, unknown>
  effect: ToolEffect
  title?: string
  /** What the server's annotations say: it may destroy data (`destructiveHint`), it reaches beyond the server (`openWorldHint`). */
  destructive?: boolean
  openWorld?: boolean
}

export type ToolCheck = { ok: true; tool: CheckedTool } | { ok: false; rawName: string; code: McpProblemCode; reason: string }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `type` keywords anywhere in the schema name JSON types (the validator would silently accept `type: 5`). */
function badTypeKeyword(node: unknown, path: string): string | undefined {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const found = badTypeKeyword(child, `${path}[${i}]`)
      if (found) return found
    }
    return undefined
  }
  if (!isRecord(node)) return undefined
  const type = node.type
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type]
  if (types.some((t) => typeof t !== 'string' || !SCHEMA_TYPES.has(t))) return `${path}.type: ${JSON.stringify(type)} is not a JSON Schema type`
  for (const [key, child] of Object.entries(node)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue
    const found = badTypeKeyword(child, `${path}.${key}`)
    if (found) return found
  }
  return undefined
}

function schemaProblem(schema: unknown): { code: McpProblemCode; reason: string } | undefined {
  if (!isRecord(schema)) return { code: 'MCP_TOOL_SCHEMA_INVALID', reason: 'inputSchema is not a JSON object' }
  const chars = JSON.stringify(schema).length
  if (chars > MAX_SCHEMA_CHARS) return { code: 'MCP_TOOL_SCHEMA_TOO_LARGE', reason: `inputSchema is ${chars} characters, over the ${MAX_SCHEMA_CHARS}-character cap` }
  if (schema.type !== 'object') return { code: 'MCP_TOOL_SCHEMA_INVALID', reason: `inputSchema root must be { type: "object" }, got type ${JSON.stringify(schema.type)}` }
  const badType = badTypeKeyword(schema, '$')
  return badType ? { code: 'MCP_TOOL_SCHEMA_INVALID', reason: badType } : undefined
}

/** The tool's effect from its annotations: only an explicit `readOnlyHint: true` reads without asking. */
export function effectOf(annotations: unknown): ToolEffect {
  return isRecord(annotations) && annotations.readOnlyHint === true ? 'read' : 'execute'
}

/** The annotations' destructive and open-world hints, where they are booleans (a read-only tool destroys nothing). */
function hints(annotations: unknown): Pick<CheckedTool, 'destructive' | 'openWorld'> {
  if (!isRecord(annotations)) return {}
  const readOnly = annotations.readOnlyHint === true
  return {
    ...(typeof annotations.destructiveHint === 'boolean' && !readOnly ? { destructive: annotations.destructiveHint } : {}),
    ...(typeof annotations.openWorldHint === 'boolean' ? { openWorld: annotations.openWorldHint } : {}),
  }
}

/** Checks one entry of a `tools/list` result (untrusted: any JSON). */
export function checkListedTool(entry: unknown): ToolCheck {
  const rawName = isRecord(entry) && typeof entry.name === 'string' ? entry.name : ''
  if (!isRecord(entry) || rawName === '') return { ok: false, rawName: rawName || '(unnamed)', code: 'MCP_TOOL_SCHEMA_INVALID', reason: 'a listed tool has no name' }
  if (isRecord(entry.execution) && entry.execution.taskSupport === 'required') {
    return { ok: false, rawName, code: 'MCP_TOOL_NEEDS_TASKS', reason: 'the server runs it only as an MCP task (execution.taskSupport: "required"), which this client does not support' }
  }
  const problem = schemaProblem(entry.inputSchema)
  if (problem) return { ok: false, rawName, ...problem }
  let validateArgs: (value: unknown) => string[]
  try {
    validateArgs = compileExternalSchema(entry.inputSchema)
  } catch (error) {
    return { ok: false, rawName, code: 'MCP_TOOL_SCHEMA_INVALID', reason: `inputSchema does not compile: ${(error as Error).message.split('\n')[0]}` }
  }
  const annotations = entry.annotations
  const title = isRecord(annotations) && typeof annotations.title === 'string' ? annotations.title : typeof entry.title === 'string' ? entry.title : undefined
  return {
    ok: true,
    tool: {
      rawName,
      description: typeof entry.description === 'string' && entry.description.trim() !== '' ? entry.description : `MCP tool ${rawName}`,
      inputSchema: entry.inputSchema as Record<string, unknown>,
      validateArgs,
      ...(isRecord(entry.outputSchema) ? { outputSchema: entry.outputSchema } : {}),
      effect: effectOf(annotations),
      ...(title ? { title } : {}),
      ...hints(annotations),
    },
  }
}
