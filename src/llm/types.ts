/**
 * Vocabulary of the model seam: messages, content blocks, stream chunks, finish reasons,
 * usage, failures, call options and the adapter interface (dsh contracts §7).
 * Plane: shared; types only. Unions are closed here; plugins extend by declaration merging
 * of the `*Map` interfaces.
 * @module llm/types
 */
import type { CallId, MessageId } from '../util/brand.ts'
import type { JsonValue } from '../util/json.ts'

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'image'; attachment: { mediaType: string; data: string } }
  | { type: 'tool-call'; id: CallId; name: string; arguments: string }
  | ToolResultBlock

export interface ToolResultBlock {
  type: 'tool-result'
  toolCallId: CallId
  content: ContentBlock[]
  isError?: true
}

export type MessageSource =
  | { kind: 'user' }
  | { kind: 'plugin'; plugin: string; form?: 'instructions' | 'catalog' | 'snapshot' | 'notice' | 'relay' | 'recall'; [extra: string]: JsonValue | undefined }
  | { kind: 'model'; provider: string; model: string; replayState?: JsonValue }
  | { kind: 'tool'; callId: CallId }

export interface Message {
  readonly id: MessageId
  readonly role: 'system' | 'user' | 'assistant'
  readonly content: readonly ContentBlock[]
  readonly source: MessageSource
}

export interface UserMessage extends Message {
  readonly role: 'user'
}

export interface AssistantMessage extends Message {
  readonly role: 'assistant'
  readonly source: { kind: 'model'; provider: string; model: string; replayState?: JsonValue }
}

export interface ToolResultMessage extends Message {
  readonly role: 'user'
  readonly content: readonly [ToolResultBlock]
  readonly source: { kind: 'tool'; callId: CallId }
}

export type BlockType = 'text' | 'reasoning' | 'tool-call'

export type StreamChunk =
  | { type: 'block-start'; index: number; blockType: BlockType }
  | { type: 'text-delta'; index: number; text: string }
  | { type: 'reasoning-delta'; index: number; text: string }
  | { type: 'tool-call-delta'; index: number; id: CallId; name?: string; argumentsDelta: string }
  | { type: 'block-end'; index: number; block: ContentBlock }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'finish'; reason: FinishReason; replayState?: JsonValue }

export type FinishReason =
  | { kind: 'stop' }
  | { kind: 'tool-calls' }
  | { kind: 'max-tokens' }
  | { kind: 'aborted'; failure: LlmFailure }
  | { kind: 'error'; failure: LlmFailure }

/** Token counts; `inputTokens` excludes cached input, which is counted apart. */
export interface TokenUsage {
  inputTokens: number
  outputTokens: number
  cacheReadTokens?: number
  cacheWriteTokens?: number
  reasoningTokens?: number
}

/**
 * Named failure codes. dsh's codes plus the browser adapter's stream codes.
 * `retryable` in {@link LLM_ERROR_RETRYABLE} says whether the default retry plugin retries it.
 */
export type LlmErrorCode =
  | 'NO_ADAPTER' | 'INVALID_PREPARED_CALL' | 'ABORTED' | 'RATE_LIMIT' | 'SERVER' | 'TIMEOUT'
  | 'TRANSPORT' | 'EMPTY_RESPONSE' | 'CONTEXT_WINDOW_EXCEEDED' | 'QUOTA' | 'AUTH'
  | 'MISSING_CREDENTIAL' | 'INVALID_CREDENTIAL' | 'INVALID_REQUEST' | 'MALFORMED_STREAM'
  | 'STREAM_TRUNCATED' | 'STREAM_TOO_LARGE' | 'STALLED' | 'UNKNOWN'
  // A site's gateway (llm-gateway): a reader's or the site's limit reached; this page's origin not allowed.
  | 'GATEWAY_LIMIT' | 'ORIGIN_NOT_ALLOWED'

export interface LlmFailure {
  message: string
  code: LlmErrorCode
  status?: number
  providerRetryAfterMs?: number
  requestId?: string
  /** A short excerpt of the offending input (never a secret), e.g. a malformed SSE line. */
  detail?: string
}

export interface ToolSchema {
  name: string
  description: string
  parameters: JsonValue
}

export interface LlmCallConfig {
  provider: string
  model: string
  reasoningEffort?: 'low' | 'medium' | 'high'
  temperature?: number
  maxTokens?: number
  stop?: string[]
}

export interface GenerateOptions extends LlmCallConfig {
  messages: readonly Message[]
  system?: string
  tools?: readonly ToolSchema[]
  signal?: AbortSignal
  sessionId?: string
  purpose?: 'compaction' | 'session-title'
}

export interface RetryPolicy {
  mode: 'normal' | 'always'
  maxRetries: number
  retryableCodes: LlmErrorCode[]
  initialDelayMs: number
  maxDelayMs: number
  jitterRatio: number
}

/** Prices in USD per million tokens; `cachedInput` (cache reads) defaults to `input`, `cacheWrite` too. */
export interface ModelPricing {
  input: number
  cachedInput?: number
  cacheWrite?: number
  output: number
}

export interface ModelInfo {
  provider: string
  model: string
  contextWindow?: number
  maxOutputTokens?: number
  pricing?: ModelPricing
}

export interface LlmAdapter {
  providerInfo: { id: string; label: string }
  providerRetryPolicy?: RetryPolicy
  listModels?(): Promise<ModelInfo[]>
  resolveModel?(model: string): ModelInfo | undefined
  /** Values the adapter fills when the caller left them out (`prepareCall` marks them in `adapterDefaults`). */
  callDefaults?(config: LlmCallConfig): { reasoningEffort?: LlmCallConfig['reasoningEffort']; maxTokens?: number }
  /** Streams chunks; `usage` precedes the final `finish`. May throw: the runtime turns it into a `finish`. */
  stream(options: GenerateOptions): AsyncIterable<StreamChunk>
}
