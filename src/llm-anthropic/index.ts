/**
 * Plugin: registers the `anthropic` adapter (Anthropic's Messages API) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-anthropic/index
 */
import { httpProviderPlugin } from '../llm-http/plugin.ts'
import { createAnthropicAdapter } from './adapter.ts'

export const DEFAULT_BASE_URL = 'https://api.anthropic.com'

export const { name, inject, Config, apply, resolveSettings } = httpProviderPlugin('llm-anthropic', { provider: 'anthropic', baseURL: DEFAULT_BASE_URL }, createAnthropicAdapter)

export { createAnthropicAdapter } from './adapter.ts'
