/**
 * The `anthropic` adapter: `POST {baseURL}/v1/messages` with `x-api-key`, `anthropic-version`
 * and `anthropic-dangerous-direct-browser-access: true` (the key is in the page), streamed
 * through the shared SSE request (llm-http). Plane: worker/shared; fetch only.
 * Contract: the key lives in this closure and the `x-api-key` header only.
 * @module llm-anthropic/adapter
 */
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { catalogOf, httpAdapter } from '../llm-http/adapter.ts'
import { endpoint, type HttpProviderSettings } from '../llm-http/settings.ts'
import { streamSse } from '../llm-http/sse-request.ts'
import { AnthropicEventMapper } from './event-mapper.ts'
import { buildAnthropicRequest } from './serialize.ts'

export const ANTHROPIC_VERSION = '2023-06-01'
/** `max_tokens` when neither the call nor the catalog sets one (the API requires it). */
const DEFAULT_MAX_TOKENS = 8_192
const THINKING_BUDGET = { low: 2_048, medium: 8_192, high: 16_384 } as const

export function createAnthropicAdapter(settings: HttpProviderSettings): LlmAdapter {
  const catalog = catalogOf(settings)
  const url = endpoint(settings.baseURL, '/v1/messages')

  function body(options: GenerateOptions): string {
    const entry = catalog.entry(options.model)
    const maxTokens = options.maxTokens ?? entry?.maxOutputTokens ?? DEFAULT_MAX_TOKENS
    const thinking = settings.thinking ?? entry?.thinking ?? false
    // The budget is part of max_tokens: when it would take all of it, thinking gets half.
    const wanted = THINKING_BUDGET[options.reasoningEffort ?? 'medium']
    const budget = wanted < maxTokens ? wanted : Math.max(1_024, Math.floor(maxTokens / 2))
    return JSON.stringify(buildAnthropicRequest({ ...options, maxTokens }, { provider: settings.provider, maxTokens, ...(thinking ? { thinkingBudget: budget } : {}) }))
  }

  function stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    return streamSse(settings, options, () => ({
      url,
      headers: {
        'Content-Type': 'application/json',
        'x-api-key': settings.apiKey,
        'anthropic-version': ANTHROPIC_VERSION,
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: body(options),
    }), new AnthropicEventMapper(settings.maxResponseChars))
  }

  return httpAdapter(settings, 'Anthropic', catalog, stream)
}
