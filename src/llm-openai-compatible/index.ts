/**
 * Plugin: registers the `openai-compatible` adapter (DeepSeek by default) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-openai-compatible/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import { resolveHttpSettings, type HttpProviderConfig } from '../llm-http/settings.ts'
import type { SchemaDialect } from '../llm-http/tool-schema.ts'
import { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from './adapter.ts'

export const name = 'llm-openai-compatible'
export const inject = ['llm']

export const DEFAULT_BASE_URL = 'https://api.deepseek.com'

export interface OpenAiCompatibleConfig extends HttpProviderConfig {
  /** Merge adjacent user messages (strict alternation) for every model; unset = per model. */
  strictAlternation?: boolean
  /** Tool-schema dialect; unset = `gemini` for Google's endpoint or a `gemini-*` model. */
  schemaDialect?: SchemaDialect
}

const DIALECTS: readonly SchemaDialect[] = ['json-schema', 'gemini']

/** Validates and fills defaults. @throws TypeError naming the bad field */
export function resolveSettings(config: OpenAiCompatibleConfig | Record<string, unknown>): OpenAiCompatibleSettings {
  const raw = config as Record<string, unknown>
  const settings: OpenAiCompatibleSettings = resolveHttpSettings(raw, { provider: 'openai-compatible', baseURL: DEFAULT_BASE_URL })
  if (raw.strictAlternation !== undefined) {
    if (typeof raw.strictAlternation !== 'boolean') throw new TypeError('"strictAlternation" must be a boolean')
    settings.strictAlternation = raw.strictAlternation
  }
  if (raw.schemaDialect !== undefined) {
    if (!DIALECTS.includes(raw.schemaDialect as SchemaDialect)) throw new TypeError(`"schemaDialect" must be one of ${DIALECTS.join(', ')}`)
    settings.schemaDialect = raw.schemaDialect as SchemaDialect
  }
  return settings
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: OpenAiCompatibleConfig): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], createOpenAiCompatibleAdapter(settings))
}

export { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from './adapter.ts'
export { SseParser, SseLineTooLongError, type SseItem } from '../llm-http/sse-parser.ts'
export { serializeMessages, buildRequest } from './serialize.ts'
