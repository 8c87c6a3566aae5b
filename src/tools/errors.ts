/**
 * Tool failure vocabulary: named codes, the ToolError class and the builders of the
 * normalized `isError` results the pipeline returns (text `Error: <message>`).
 * Plane: worker/shared; pure. Contract: texts and codes are those of dsh contracts §8.4.
 * @module tools/errors
 */
import type { ToolExecutionResult } from './types.ts'
import type { UserMessage } from '../llm/types.ts'

export type ToolErrorCode =
  | 'UNKNOWN_TOOL' | 'INVALID_ARGS' | 'INVALID_TOOL_OUTPUT' | 'ABORTED' | 'ABORTED_BEFORE_DISPATCH'
  | 'TOOL_TIMEOUT'

/** A failure with a stable name and code; both reach the model-facing `error.info`. */
export class ToolError extends Error {
  readonly code: ToolErrorCode
  constructor(name: string, code: ToolErrorCode, message: string) {
    super(message)
    this.name = name
    this.code = code
  }
}

export const unknownToolError = (name: string): ToolError =>
  new ToolError('UnknownToolError', 'UNKNOWN_TOOL', `unknown tool ${JSON.stringify(name)}`)

export const invalidArgsError = (name: string, problems: string[]): ToolError =>
  new ToolError('InvalidToolArgumentsError', 'INVALID_ARGS', `invalid arguments for tool ${JSON.stringify(name)}: ${problems.join('; ')}`)

export const invalidOutputError = (name: string, problems: string[]): ToolError =>
  new ToolError('InvalidToolOutputError', 'INVALID_TOOL_OUTPUT', `tool ${JSON.stringify(name)} returned an invalid value: ${problems.join('; ')}`)

export const toolTimeoutError = (name: string, timeoutMs: number): ToolError =>
  new ToolError('ToolTimeoutError', 'TOOL_TIMEOUT', `tool ${JSON.stringify(name)} timed out after ${timeoutMs}ms`)

/** The message of any thrown value, never empty. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'string') return error || 'unknown error'
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/** `{name, code}` when the thrown value carries a string code (ToolError, fs errors, ...). */
export function errorInfo(error: unknown): { name: string; code: string } | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code !== '' ? { name: error.name, code } : undefined
}

function withContexts(contexts: readonly UserMessage[] | undefined): { additionalContexts?: UserMessage[] } {
  return contexts && contexts.length > 0 ? { additionalContexts: [...contexts] } : {}
}

/** The normalized result of a thrown value: `Error: <message>` plus `info` when coded. */
export function errorResult(error: unknown, contexts?: readonly UserMessage[]): ToolExecutionResult {
  const message = errorMessage(error)
  const info = errorInfo(error)
  return {
    isError: true,
    error: info ? { message, info } : { message },
    content: [{ type: 'text', text: `Error: ${message}` }],
    ...withContexts(contexts),
  }
}

/** A policy denial (pre-execute, approval, guard): no `info`, so the logged result has no `error`. */
export function denialResult(reason: string): ToolExecutionResult {
  return { isError: true, error: { message: reason }, content: [{ type: 'text', text: `Error: ${reason}` }] }
}

/** Cancellation outcome: `ABORTED` once the body ran, else `ABORTED_BEFORE_DISPATCH`. */
export function abortedResult(bodyRan: boolean, contexts?: readonly UserMessage[]): ToolExecutionResult {
  const message = bodyRan ? 'tool call aborted' : 'tool call aborted before dispatch'
  const code = bodyRan ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH'
  return {
    isError: true,
    error: { message, info: { name: 'AbortError', code } },
    content: [{ type: 'text', text: `Error: ${message}` }],
    ...withContexts(contexts),
  }
}
