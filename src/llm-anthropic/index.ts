/**
 * Plugin: registers the `anthropic` adapter (Anthropic's Messages API) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-anthropic/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import { resolveHttpSettings, type HttpProviderConfig, type HttpProviderSettings } from '../llm-http/settings.ts'
import { createAnthropicAdapter } from './adapter.ts'

export const name = 'llm-anthropic'
export const inject = ['llm']

export const DEFAULT_BASE_URL = 'https://api.anthropic.com'

export function resolveSettings(config: HttpProviderConfig | Record<string, unknown>): HttpProviderSettings {
  return resolveHttpSettings(config, { provider: 'anthropic', baseURL: DEFAULT_BASE_URL })
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: HttpProviderConfig): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], createAnthropicAdapter(settings))
}

export { createAnthropicAdapter } from './adapter.ts'
