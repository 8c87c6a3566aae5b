/**
 * The `gemini` adapter (native API): `POST {baseURL}/v1beta/models/{model}:streamGenerateContent?alt=sse`
 * with the key in `x-goog-api-key`, streamed through the shared SSE request (llm-http).
 * Plane: worker/shared; fetch only. Contract: the key lives in this closure and that header only
 * (never in the URL).
 * @module llm-gemini/adapter
 */
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { catalogOf, httpAdapter } from '../llm-http/adapter.ts'
import { endpoint, type HttpProviderSettings } from '../llm-http/settings.ts'
import { streamSse } from '../llm-http/sse-request.ts'
import { GeminiEventMapper } from './event-mapper.ts'
import { buildGeminiRequest } from './serialize.ts'

export function createGeminiAdapter(settings: HttpProviderSettings): LlmAdapter {
  const catalog = catalogOf(settings)

  function stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    const thinking = settings.thinking ?? catalog.entry(options.model)?.thinking ?? false
    return streamSse(settings, options, () => ({
      url: endpoint(settings.baseURL, `/v1beta/models/${encodeURIComponent(options.model)}:streamGenerateContent?alt=sse`),
      headers: { 'Content-Type': 'application/json', 'x-goog-api-key': settings.apiKey },
      body: JSON.stringify(buildGeminiRequest(options, { provider: settings.provider, thinking })),
    }), new GeminiEventMapper(settings.maxResponseChars))
  }

  return httpAdapter(settings, 'Gemini', catalog, stream)
}
