/**
 * Building and checking tool outcomes: a success from a body value (validated, frozen, rendered),
 * post-execute decisions applied to a result, and the final lossless materialization.
 * Plane: worker; pure. Contract: every function either returns a well-formed result or throws.
 * @module tools/outcome
 */
import type { ContentBlock, UserMessage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import type { PostToolDecision, ToolDefinition, ToolExecution, ToolExecutionResult } from './types.ts'
import { validateJson } from './json-schema.ts'
import { snapshotJson } from './json-snapshot.ts'
import { errorMessage, invalidOutputError } from './errors.ts'

function projection<T>(tool: ToolDefinition, what: string, run: () => T): JsonValue {
  let produced: T
  try {
    produced = run()
  } catch (error) {
    throw new Error(`tool ${JSON.stringify(tool.name)} ${what} failed: ${errorMessage(error)}`)
  }
  return snapshotJson(produced, `${tool.name}.${what}`)
}

function assertContent(content: unknown, where: string): ContentBlock[] {
  if (!Array.isArray(content) || content.some((block) => typeof block !== 'object' || block === null || typeof block.type !== 'string')) {
    throw new TypeError(`${where} must be an array of content blocks`)
  }
  return content as ContentBlock[]
}

/** Validates `candidate` against `output.schema`, freezes it, renders content and top-level meta. */
export function successResult(tool: ToolDefinition, exec: ToolExecution, candidate: unknown, concludesTurn: boolean): ToolExecutionResult {
  let value: JsonValue
  try {
    value = snapshotJson(candidate, '$')
  } catch (error) {
    throw invalidOutputError(tool.name, [errorMessage(error)])
  }
  const problems = validateJson(tool.output.schema, value)
  if (problems.length > 0) throw invalidOutputError(tool.name, problems)
  const content = assertContent(projection(tool, 'output.render', () => tool.output.render(exec.args, value)), `${tool.name}.output.render result`)
  const present = tool.output.presentationMeta
  const meta = present && exec.parent === undefined ? projection(tool, 'output.presentationMeta', () => present(exec.args, value)) : undefined
  return {
    isError: false,
    value,
    content,
    ...(meta !== undefined ? { meta } : {}),
    ...(concludesTurn ? { concludesTurn: true as const } : {}),
  }
}

/** Concatenates context lists, omitting the field when empty. */
export function withContexts(result: ToolExecutionResult, ...lists: (readonly UserMessage[] | undefined)[]): ToolExecutionResult {
  const { additionalContexts: _dropped, ...rest } = result
  const all = lists.flatMap((list) => list ?? [])
  return (all.length > 0 ? { ...rest, additionalContexts: all } : rest) as ToolExecutionResult
}

/** dsh's failure message of block feedback: its text blocks (others as `[type content]`), or the default. */
function blockMessage(feedback: readonly ContentBlock[]): string {
  const text = feedback.map((block) => (block.type === 'text' ? block.text : `[${block.type} content]`)).join('\n')
  return text.length > 0 ? text : 'tool result blocked by post-execute policy'
}

/**
 * Applies a `tools/post-execute` decision. `block` → `isError` with the feedback blocks as content
 * (body-deferred contexts dropped); `content` or `value` replaces (value re-validated and
 * re-rendered, success only); both together throw.
 */
export function applyPostDecision(decision: PostToolDecision, result: ToolExecutionResult, rerender: (value: JsonValue) => ToolExecutionResult): ToolExecutionResult {
  if (typeof decision !== 'object' || decision === null) throw new TypeError('tools/post-execute returned no decision')
  if (decision.kind === 'block') {
    const feedback = typeof decision.feedback === 'string'
      ? (decision.feedback === '' ? [] : [{ type: 'text' as const, text: decision.feedback }])
      : assertContent(decision.feedback, 'tools/post-execute block feedback')
    const blocked: ToolExecutionResult = { isError: true, error: { message: blockMessage(feedback) }, content: feedback }
    return withContexts(blocked, decision.additionalContexts)
  }
  if (decision.kind !== 'accept') throw new TypeError(`tools/post-execute returned an unknown decision ${JSON.stringify((decision as { kind?: unknown }).kind)}`)
  const hasContent = Object.hasOwn(decision, 'content')
  const hasValue = Object.hasOwn(decision, 'value')
  if (hasContent && hasValue) throw new TypeError('tools/post-execute accept cannot replace both content and value')
  if (hasValue) {
    if (result.isError) throw new TypeError('tools/post-execute cannot replace the value of a failed result')
    return withContexts(rerender(decision.value as JsonValue), result.additionalContexts, decision.additionalContexts)
  }
  const replaced = hasContent ? { ...result, content: assertContent(decision.content, 'tools/post-execute content') } : result
  return withContexts(replaced, result.additionalContexts, decision.additionalContexts)
}

function assertMessages(list: unknown): void {
  if (list === undefined) return
  if (!Array.isArray(list) || list.some((m) => typeof m !== 'object' || m === null || m.role !== 'user' || !Array.isArray(m.content))) {
    throw new TypeError('additionalContexts must be user messages')
  }
}

/** Checks the shape and returns a deep-frozen lossless copy (never `undefined` fields). */
export function materialize(result: ToolExecutionResult): ToolExecutionResult {
  if (typeof result !== 'object' || result === null || typeof result.isError !== 'boolean') throw new TypeError('tool result must be an object with a boolean isError')
  assertContent(result.content, 'tool result content')
  assertMessages(result.additionalContexts)
  if (result.isError && (typeof result.error !== 'object' || typeof result.error?.message !== 'string')) {
    throw new TypeError('an isError tool result needs error.message')
  }
  const clean = Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined))
  return snapshotJson(clean, 'result') as unknown as ToolExecutionResult
}
