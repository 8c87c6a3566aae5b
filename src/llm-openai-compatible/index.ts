/**
 * Plugin: registers the `openai-compatible` adapter (DeepSeek by default) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-openai-compatible/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema, optionalNumber, optionalString } from '../llm/config-schema.ts'
import type { ModelEntry } from '../llm/model-catalog.ts'
import type {} from '../llm/runtime.ts'
import type { LlmCallConfig } from '../llm/types.ts'
import { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from './adapter.ts'

export const name = 'llm-openai-compatible'
export const inject = ['llm']

export const DEFAULT_BASE_URL = 'https://api.deepseek.com'

export interface OpenAiCompatibleConfig {
  /** Provider id served (default `openai-compatible`). */
  provider?: string
  /** Endpoint root; requests go to `{baseURL}/chat/completions` (default DeepSeek). */
  baseURL?: string
  apiKey: string
  model: string
  /** Sends `thinking: {type}`; unset = the model's own default (deepseek-reasoner thinks). */
  thinking?: boolean
  reasoningEffort?: LlmCallConfig['reasoningEffort']
  /** Transport watchdog: no byte at all for this long → `TIMEOUT` (default 90 s). */
  firstByteTimeoutMs?: number
  /** Payload watchdog: no data event (keep-alives do not count) → `STALLED` (default 300 s). */
  stallTimeoutMs?: number
  /** Context window of `model` when the catalog does not know it. */
  contextWindow?: number
  /** Extra or overriding model facts. */
  models?: ModelEntry[]
  /** Bound on one SSE line / event (default 16 MiB) → `STREAM_TOO_LARGE`. */
  maxLineLength?: number
  /** Bound on one response's text and arguments (default 32 Mi chars) → `STREAM_TOO_LARGE`. */
  maxResponseChars?: number
}

const EFFORTS = ['low', 'medium', 'high']

/** Validates and fills defaults. @throws TypeError naming the bad field */
export function resolveSettings(config: OpenAiCompatibleConfig | Record<string, unknown>): OpenAiCompatibleSettings {
  const raw = config as Record<string, unknown>
  const apiKey = optionalString(raw, 'apiKey') ?? ''
  const model = optionalString(raw, 'model')
  if (!model) throw new TypeError('"model" is required')
  if (raw.thinking !== undefined && typeof raw.thinking !== 'boolean') throw new TypeError('"thinking" must be a boolean')
  const effort = optionalString(raw, 'reasoningEffort')
  if (effort !== undefined && !EFFORTS.includes(effort)) throw new TypeError(`"reasoningEffort" must be one of ${EFFORTS.join(', ')}`)
  if (raw.models !== undefined && !Array.isArray(raw.models)) throw new TypeError('"models" must be an array')
  const settings: OpenAiCompatibleSettings = {
    provider: optionalString(raw, 'provider') ?? 'openai-compatible',
    baseURL: optionalString(raw, 'baseURL') ?? DEFAULT_BASE_URL,
    apiKey,
    model,
    firstByteTimeoutMs: optionalNumber(raw, 'firstByteTimeoutMs', 1) ?? 90_000,
    stallTimeoutMs: optionalNumber(raw, 'stallTimeoutMs', 1) ?? 300_000,
    models: (raw.models as ModelEntry[] | undefined) ?? [],
    maxLineLength: optionalNumber(raw, 'maxLineLength', 1024) ?? 16 * 1024 * 1024,
    maxResponseChars: optionalNumber(raw, 'maxResponseChars', 1024) ?? 32 * 1024 * 1024,
  }
  try {
    new URL(settings.baseURL)
  } catch {
    throw new TypeError(`"baseURL" is not a URL: ${settings.baseURL}`)
  }
  if (typeof raw.thinking === 'boolean') settings.thinking = raw.thinking
  if (effort !== undefined) settings.reasoningEffort = effort as OpenAiCompatibleSettings['reasoningEffort']
  const contextWindow = optionalNumber(raw, 'contextWindow', 1)
  if (contextWindow !== undefined) settings.contextWindow = contextWindow
  return settings
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: OpenAiCompatibleConfig): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], createOpenAiCompatibleAdapter(settings))
}

export { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from './adapter.ts'
export { SseParser, SseLineTooLongError, type SseItem } from './sse-parser.ts'
export { serializeMessages, buildRequest } from './serialize.ts'
