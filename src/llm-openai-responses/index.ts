/**
 * Plugin: registers the `openai-responses` adapter (OpenAI's Responses API) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-openai-responses/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import { resolveHttpSettings, type HttpProviderConfig, type HttpProviderSettings } from '../llm-http/settings.ts'
import { createOpenAiResponsesAdapter } from './adapter.ts'

export const name = 'llm-openai-responses'
export const inject = ['llm']

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

export function resolveSettings(config: HttpProviderConfig | Record<string, unknown>): HttpProviderSettings {
  return resolveHttpSettings(config, { provider: 'openai-responses', baseURL: DEFAULT_BASE_URL })
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: HttpProviderConfig): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], createOpenAiResponsesAdapter(settings))
}

export { createOpenAiResponsesAdapter } from './adapter.ts'
