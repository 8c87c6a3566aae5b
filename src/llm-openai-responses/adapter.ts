/**
 * The `openai-responses` adapter: `POST {baseURL}/responses`, stateless (`store: false`, the full
 * input each request), streamed through the shared SSE request (llm-http). Plane: worker/shared;
 * fetch only. Contract: the key lives in this closure and the Authorization header only.
 * @module llm-openai-responses/adapter
 */
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { catalogOf, httpAdapter } from '../llm-http/adapter.ts'
import { endpoint, type HttpProviderSettings } from '../llm-http/settings.ts'
import { streamSse } from '../llm-http/sse-request.ts'
import { ResponsesEventMapper } from './event-mapper.ts'
import { buildResponsesRequest } from './serialize.ts'

export function createOpenAiResponsesAdapter(settings: HttpProviderSettings): LlmAdapter {
  const catalog = catalogOf(settings)
  const url = endpoint(settings.baseURL, '/responses')

  function stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    const reasoning = settings.thinking ?? catalog.entry(options.model)?.thinking ?? false
    return streamSse(settings, options, () => ({
      url,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify(buildResponsesRequest(options, { provider: settings.provider, reasoning })),
    }), new ResponsesEventMapper(settings.maxResponseChars))
  }

  return httpAdapter(settings, 'OpenAI Responses', catalog, stream)
}
