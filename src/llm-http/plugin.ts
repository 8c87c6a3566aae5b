/**
 * The Cordis function plugin of an HTTP provider: `name`, `inject`, the `Config` schema over the
 * shared settings and `apply`, which registers the adapter under the configured provider id.
 * Plane: worker/shared; no DOM. Contract: the registration is removed when the plugin is disposed.
 * @module llm-http/plugin
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import type { LlmAdapter } from '../llm/types.ts'
import { resolveHttpSettings, type HttpProviderConfig, type HttpProviderSettings } from './settings.ts'

export function httpProviderPlugin(name: string, defaults: { provider: string; baseURL: string }, create: (settings: HttpProviderSettings) => LlmAdapter) {
  const resolveSettings = (config: HttpProviderConfig | Record<string, unknown>): HttpProviderSettings => resolveHttpSettings(config, defaults)
  return {
    name,
    inject: ['llm'],
    resolveSettings,
    Config: configSchema(name, resolveSettings),
    apply(ctx: Context, config: HttpProviderConfig): void {
      const settings = resolveSettings(config)
      ctx.llm.registerAdapter([settings.provider], create(settings))
    },
  }
}
