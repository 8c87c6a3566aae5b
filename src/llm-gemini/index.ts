/**
 * Plugin: registers the `gemini` adapter (Google's native Gemini API) on `ctx.llm`.
 * Plane: worker/shared; no DOM. Contract: the API key stays in the adapter's memory; the
 * registration is removed when the plugin is disposed.
 * @module llm-gemini/index
 */
import { httpProviderPlugin } from '../llm-http/plugin.ts'
import { createGeminiAdapter } from './adapter.ts'

export const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com'

export const { name, inject, Config, apply, resolveSettings } = httpProviderPlugin('llm-gemini', { provider: 'gemini', baseURL: DEFAULT_BASE_URL }, createGeminiAdapter)

export { createGeminiAdapter } from './adapter.ts'
