/**
 * The `openai-compatible` adapter: `POST {baseURL}/chat/completions` streamed through the shared
 * SSE request (llm-http), this format's serializer and wire mapper. Plane: worker/shared; fetch
 * only, no DOM. Contract: the key lives in this closure and the Authorization header only.
 * @module llm-openai-compatible/adapter
 */
import { DEEPSEEK_MODELS } from '../llm/model-catalog.ts'
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../llm/types.ts'
import { catalogOf, httpAdapter } from '../llm-http/adapter.ts'
import { endpoint, type HttpProviderSettings } from '../llm-http/settings.ts'
import { streamSse } from '../llm-http/sse-request.ts'
import type { SchemaDialect } from '../llm-http/tool-schema.ts'
import { buildRequest } from './serialize.ts'
import { WireMapper } from './wire-mapper.ts'

export interface OpenAiCompatibleSettings extends HttpProviderSettings {
  /** Merge adjacent user messages for every model (else per model: catalog `strictAlternation`, then the known families). */
  strictAlternation?: boolean
  /** Tool-schema dialect (default: `gemini` for Google's endpoint or a `gemini-*` / `…/gemini-*` model, else `json-schema`). */
  schemaDialect?: SchemaDialect
}

/** Model families whose common chat templates reject two user messages in a row. */
const STRICT_ALTERNATION_FAMILIES = /gemma|mistral|mixtral|llama-?2/i

export function createOpenAiCompatibleAdapter(settings: OpenAiCompatibleSettings): LlmAdapter {
  const catalog = catalogOf(settings, DEEPSEEK_MODELS)
  const url = endpoint(settings.baseURL, '/chat/completions')
  const googleEndpoint = new URL(url).hostname === 'generativelanguage.googleapis.com'

  function body(options: GenerateOptions): string {
    const entry = catalog.entry(options.model)
    const thinking = settings.thinking ?? entry?.thinking ?? false
    return JSON.stringify(buildRequest(options, {
      thinking,
      ...(settings.thinking === undefined ? {} : { thinkingParam: settings.thinking }),
      provider: settings.provider,
      schemaDialect: settings.schemaDialect ?? (googleEndpoint || /(^|\/)gemini/i.test(options.model) ? 'gemini' : 'json-schema'),
      strictAlternation: settings.strictAlternation ?? entry?.strictAlternation ?? STRICT_ALTERNATION_FAMILIES.test(options.model),
    }))
  }

  function stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    return streamSse(settings, options, (bearer) => ({
      url,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
      body: body(options),
    }), new WireMapper(settings.maxResponseChars))
  }

  return httpAdapter(settings, settings.provider === 'openai-compatible' ? 'OpenAI-compatible' : settings.provider, catalog, stream)
}
