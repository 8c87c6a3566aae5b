/**
 * The scripted provider's reply vocabulary (architecture §9 `ScriptedReply`).
 * Plane: shared; types only.
 * @module llm-scripted/types
 */
import type { GenerateOptions, LlmErrorCode, TokenUsage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'

export interface ScriptedToolCall {
  name: string
  /** Raw JSON text, or a value that is JSON-encoded. */
  arguments: string | JsonValue
  id?: string
}

interface Pacing {
  /** Pause between chunks (demos); overrides the plugin-level `delayMs`. */
  delayMs?: number
}

export interface ScriptedResponse extends Pacing {
  text?: string
  reasoning?: string
  toolCalls?: ScriptedToolCall[]
  finish?: 'stop' | 'tool-calls' | 'max-tokens'
  /** Defaults to an estimate of the request and the reply. */
  usage?: TokenUsage
}

export interface ScriptedFailure extends Pacing {
  error: { status?: number; code?: LlmErrorCode; message: string; retryAfterMs?: number }
}

/** Streams a little, then waits for the abort signal. */
export interface ScriptedHang extends Pacing {
  hang: true
}

export type ScriptedReplyData = ScriptedResponse | ScriptedFailure | ScriptedHang

/** A reply, or a function of the request (and its 0-based number) returning one. */
export type ScriptedReply =
  | ScriptedReplyData
  | ((request: ScriptedRequest, index: number) => ScriptedReplyData | Promise<ScriptedReplyData>)

/** What the provider records of each call: the options without the signal. */
export type ScriptedRequest = Omit<GenerateOptions, 'signal'>
