/**
 * Tool vocabulary (dsh contracts §8): definitions, execution inputs and results, gate
 * decisions, guards and presentation cards. Plane: shared; types only.
 * @module tools/types
 */
import type { ContentBlock, ToolSchema, UserMessage } from '../llm/types.ts'
import type { CallId } from '../util/brand.ts'
import type { JsonValue } from '../util/json.ts'
import type { Agent } from '../agent-loop/types.ts'

/** JSON-Schema subset we enforce: type oneOf properties required additionalProperties items enum const (+ annotations). */
export interface JsonSchemaNode {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object'
  oneOf?: JsonSchemaNode[]
  properties?: Record<string, JsonSchemaNode>
  required?: string[]
  additionalProperties?: boolean | JsonSchemaNode
  items?: JsonSchemaNode
  enum?: JsonValue[]
  const?: JsonValue
  description?: string
  title?: string
  default?: JsonValue
  examples?: JsonValue
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
}

/**
 * dsh's author-facing value schema (`schema-dsl.ts`): the JSON-Schema subset plus `type: 'json'`
 * (any JSON value), `examples`, and `required: true` on a property instead of a `required` list.
 */
export interface ValueSchemaSpec extends Omit<JsonSchemaNode, 'type' | 'properties' | 'items' | 'oneOf' | 'additionalProperties' | 'required'> {
  type?: JsonSchemaNode['type'] | 'json'
  properties?: ParameterSchemaSpec
  required?: true | string[]
  items?: ValueSchemaSpec
  oneOf?: ValueSchemaSpec[]
  additionalProperties?: boolean | ValueSchemaSpec
  examples?: JsonValue
}

/** dsh's parameter DSL: an open object given as its property map (`required: true` per property). */
export type ParameterSchemaSpec = Record<string, ValueSchemaSpec>

/** What `defineTool` accepts: a `ToolDefinition` whose `parameters` and `output.schema` may use dsh's DSL. */
export interface ToolDefinitionInput<A = any, V extends JsonValue = any> extends Omit<ToolDefinition<A, V>, 'output'> {
  output: Omit<ToolOutput<A, V>, 'schema'> & { schema: ValueSchemaSpec }
}

export interface ToolOutput<A, V> {
  schema: JsonSchemaNode
  render(args: A, value: V): ContentBlock[]
  presentationMeta?(args: A, value: V): JsonValue
}

/**
 * Where a tool acts when it is not the workspace: an MCP server (with what its annotations say) or the
 * host page. Cards name such a tool by `title` and where it acts; approvals say where instead of "your workspace".
 */
export type ToolOrigin =
  | { kind: 'mcp'; server: string; title: string; destructive?: boolean; openWorld?: boolean }
  | { kind: 'page'; title: string }

export type ToolCallView =
  | { card: 'generic'; title: string; kind?: ToolKind; rawInput?: JsonValue; content?: string; locations?: string[]; origin?: ToolOrigin }
  | { card: 'terminal'; title: string; description?: string; cwd?: string }
  | { card: 'diff'; title: string; diffs: FileDiff[]; locations?: string[] }

export type ToolResultView =
  | { card: 'generic'; title?: string; content?: string }
  | { card: 'terminal'; title?: string; output?: string; exitCode?: number | null; signal?: string | null }
  | { card: 'diff'; title?: string; diffs: FileDiff[] }
  | { card: 'search'; title?: string; shape: 'matches'; files: { path: string; matches: { lineNumber: number; line: string }[] }[]; truncated: boolean; total: number }
  | { card: 'search'; title?: string; shape: 'paths'; paths: string[]; truncated: boolean; total: number }
  | { card: 'read'; title?: string; path: string; offset: number; lines: { number: number; text: string }[]; totalLines: number; lang?: string; content?: string }

export type ToolKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'
export interface FileDiff { path: string; oldText: string | null; newText: string }

export interface ToolDefinition<A = any, V extends JsonValue = any> extends ToolSchema {
  output: ToolOutput<A, V>
  execute(args: A, exec: ToolRunContext): Promise<V>
  finalizeContent?(exec: ToolExecution, result: ToolExecutionResult): ContentBlock[] | undefined
  timeoutMs?: number
  /**
   * With `timeoutMs`: each `progress` report restarts the `timeoutMs` deadline, up to this total from the
   * call's start (a long operation that reports progress lives longer, never forever). Absent: progress extends nothing.
   */
  maxTimeoutMs?: number
  /** What the tool does to the workspace; the permission presets ask for or deny `write`/`execute`. Absent = `read`. */
  effect?: ToolEffect
  isConcurrencySafe?(args: A): boolean
  /**
   * Argument check for a schema from outside (an MCP server, the host page) that may use JSON
   * Schema beyond the enforced subset: `parameters` then need only be lossless JSON with an object
   * root, and this replaces the subset check. Returns problems with JSON paths; [] = valid. Must not eval.
   */
  validateArgs?(args: JsonValue | undefined): string[]
  presentCall?(args: A): ToolCallView | undefined
  presentResult?(args: A, result: { content: readonly ContentBlock[]; isError: boolean; meta?: JsonValue }): ToolResultView | undefined
}

export interface ToolExecutionInput {
  callId: CallId
  rootCallId?: CallId
  name: string
  /** Raw argument text as the model produced it. */
  arguments: string
  agent?: Agent
  parent?: ToolExecution
  signal: AbortSignal
}

export interface ToolExecution extends Omit<ToolExecutionInput, 'arguments'> {
  readonly rootCallId: CallId
  /** Opaque token minted per execution. */
  readonly token: symbol
  readonly rawArguments: string
  /** Parsed, deep-frozen arguments (`undefined` when they did not parse). */
  readonly args: JsonValue | undefined
}

/** How far a running call is: `progress` grows with each report; `total` when known. */
export interface ToolProgress {
  progress: number
  total?: number
  message?: string
}

export interface ToolRunContext extends ToolExecution {
  deferContext(message: UserMessage): void
  concludeTurn(): void
  /** The body reports how far it is (`tools/progress`): the card shows it, and it may extend the deadline (`maxTimeoutMs`). */
  progress(update: ToolProgress): void
}

export type ToolExecutionResult =
  | { isError: false; value: JsonValue; content: ContentBlock[]; meta?: JsonValue; additionalContexts?: UserMessage[]; concludesTurn?: true }
  | { isError: true; error: { message: string; info?: { name: string; code: string } }; content: ContentBlock[]; meta?: JsonValue; additionalContexts?: UserMessage[] }

export type PreToolDecision = { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'ask'; reason?: string }
export type PostToolDecision =
  | { kind: 'accept'; content?: ContentBlock[]; value?: JsonValue; additionalContexts?: UserMessage[] }
  /** dsh's shape is `ContentBlock[]`; a string is one text block. Empty → the default failure message. */
  | { kind: 'block'; feedback: ContentBlock[] | string; additionalContexts?: UserMessage[] }

/** Synchronous, deny-only: a returned string denies with that reason. */
export type ToolGuard = (exec: ToolExecution) => string | undefined

export type ExecutionMode = 'parallel' | 'exclusive'
export type ToolEffect = 'read' | 'write' | 'execute'
