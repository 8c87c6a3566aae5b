/**
 * Test-only: a real adapter of each HTTP wire format aimed at a local mock provider, a minimal
 * request and a chunk collector, so one spec can run every format alike.
 * @module test/mock-provider/adapters
 */
import { createAnthropicAdapter } from '../../src/llm-anthropic/adapter.ts'
import { createGeminiAdapter } from '../../src/llm-gemini/adapter.ts'
import type { HttpProviderSettings } from '../../src/llm-http/settings.ts'
import { createOpenAiCompatibleAdapter } from '../../src/llm-openai-compatible/adapter.ts'
import { createOpenAiResponsesAdapter } from '../../src/llm-openai-responses/adapter.ts'
import { createUserMessage } from '../../src/llm/messages.ts'
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../../src/llm/types.ts'
import type { FormatName } from './formats.ts'

export const API_KEY = 'sk-test-9f8e7d6c5b4a3210ZYXWVUTS'

const FACTORIES: Record<FormatName, (settings: HttpProviderSettings) => LlmAdapter> = {
  'openai-compatible': createOpenAiCompatibleAdapter,
  'openai-responses': createOpenAiResponsesAdapter,
  anthropic: createAnthropicAdapter,
  gemini: createGeminiAdapter,
}

export const MODELS: Record<FormatName, string> = {
  'openai-compatible': 'deepseek-chat', 'openai-responses': 'gpt-5-mini', anthropic: 'claude-sonnet-4-5', gemini: 'gemini-2.5-flash',
}

export function adapterOf(format: FormatName, baseURL: string, overrides: Partial<HttpProviderSettings> = {}): LlmAdapter {
  return FACTORIES[format]({
    provider: format, baseURL, apiKey: API_KEY, model: MODELS[format],
    firstByteTimeoutMs: 5_000, stallTimeoutMs: 5_000, models: [], maxLineLength: 1 << 20, maxResponseChars: 1 << 22,
    ...overrides,
  })
}

export function requestOf(format: FormatName, overrides: Partial<GenerateOptions> = {}): GenerateOptions {
  return { provider: format, model: MODELS[format], messages: [createUserMessage('hi')], ...overrides }
}

/** Every chunk of a stream, or the thrown error as the last entry. */
export async function collect(stream: AsyncIterable<StreamChunk>): Promise<{ chunks: StreamChunk[]; error?: unknown }> {
  const chunks: StreamChunk[] = []
  try {
    for await (const chunk of stream) chunks.push(chunk)
    return { chunks }
  } catch (error) {
    return { chunks, error }
  }
}

/** The finished blocks of a chunk list, in order. */
export const blocksOf = (chunks: readonly StreamChunk[]) => chunks.flatMap((c) => (c.type === 'block-end' ? [c.block] : []))
