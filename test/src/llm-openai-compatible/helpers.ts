/**
 * Shared setup for adapter specs: a real adapter aimed at the mock provider, a minimal
 * request and a chunk collector.
 * @module test/src/llm-openai-compatible/helpers
 */
import { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from '../../../src/llm-openai-compatible/adapter.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { GenerateOptions } from '../../../src/llm/types.ts'

export const API_KEY = 'sk-test-9f8e7d6c5b4a3210ZYXWVUTS'

export function settingsFor(baseURL: string, overrides: Partial<OpenAiCompatibleSettings> = {}): OpenAiCompatibleSettings {
  return {
    provider: 'openai-compatible', baseURL, apiKey: API_KEY, model: 'deepseek-chat',
    firstByteTimeoutMs: 5_000, stallTimeoutMs: 5_000, models: [], maxLineLength: 1 << 20, maxResponseChars: 1 << 22,
    ...overrides,
  }
}

export function adapterFor(baseURL: string, overrides: Partial<OpenAiCompatibleSettings> = {}) {
  return createOpenAiCompatibleAdapter(settingsFor(baseURL, overrides))
}

export function request(overrides: Partial<GenerateOptions> = {}): GenerateOptions {
  return { provider: 'openai-compatible', model: 'deepseek-chat', messages: [createUserMessage('hi')], ...overrides }
}

export { collect } from '../../mock-provider/adapters.ts'
