/**
 * Plugin: registers the `openai-responses` adapter (OpenAI's Responses API) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-openai-responses/index
 */
import { httpProviderPlugin } from '../llm-http/plugin.ts'
import { createOpenAiResponsesAdapter } from './adapter.ts'

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1'

export const { name, inject, Config, apply, resolveSettings } = httpProviderPlugin('llm-openai-responses', { provider: 'openai-responses', baseURL: DEFAULT_BASE_URL }, createOpenAiResponsesAdapter)

export { createOpenAiResponsesAdapter } from './adapter.ts'
