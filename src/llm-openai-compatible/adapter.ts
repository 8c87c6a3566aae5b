/**
 * The `openai-compatible` adapter: `POST {baseURL}/chat/completions` with a streaming body,
 * SSE parsing, wire mapping, status mapping and the two watchdogs. Plane: worker/shared;
 * fetch only, no DOM. Contract: the key lives in this closure and the Authorization header
 * only — every failure leaving `stream()` is scrubbed; abort stops the fetch at once.
 * @module llm-openai-compatible/adapter
 */
import { LlmError, errorChain } from '../llm/errors.ts'
import { ModelCatalog, DEEPSEEK_MODELS, type ModelEntry } from '../llm/model-catalog.ts'
import type { GenerateOptions, LlmAdapter, LlmCallConfig, StreamChunk } from '../llm/types.ts'
import { failureFromResponse } from './http-failure.ts'
import { scrubFailure } from './scrub.ts'
import { buildRequest } from './serialize.ts'
import { decodeSseStream, excerpt } from './stream-decoder.ts'
import { Watchdogs } from './watchdogs.ts'

export interface OpenAiCompatibleSettings {
  provider: string
  baseURL: string
  apiKey: string
  model: string
  thinking?: boolean
  reasoningEffort?: LlmCallConfig['reasoningEffort']
  firstByteTimeoutMs: number
  stallTimeoutMs: number
  contextWindow?: number
  models: readonly ModelEntry[]
  maxLineLength: number
  maxResponseChars: number
  /** A bearer obtained per call instead of `apiKey` (the gateway provider's session token). */
  credential?: (signal: AbortSignal) => Promise<string>
  /** Maps a non-2xx answer (default `failureFromResponse`); a gateway names its own refusals. */
  describeFailure?: typeof failureFromResponse
}

const ERROR_BODY_LIMIT = 64 * 1024

async function* readChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (text.length < limit) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    text += decoder.decode(value, { stream: true })
  }
  await reader.cancel().catch(() => undefined)
  return text.slice(0, limit)
}

export function createOpenAiCompatibleAdapter(settings: OpenAiCompatibleSettings): LlmAdapter {
  const catalog = new ModelCatalog(settings.provider, [
    ...DEEPSEEK_MODELS,
    ...settings.models,
    ...(settings.contextWindow !== undefined ? [{ model: settings.model, contextWindow: settings.contextWindow }] : [{ model: settings.model }]),
  ])
  const url = `${settings.baseURL.replace(/\/+$/, '')}/chat/completions`
  const origin = new URL(url).origin
  const apiKey = settings.apiKey

  function networkFailure(error: unknown, phase: 'connect' | 'read'): LlmError {
    const reason = errorChain(error)
    return new LlmError(phase === 'connect'
      ? { message: `network or CORS error reaching ${origin} (${reason}); if the provider does not accept browser requests, configure a proxy base URL`, code: 'TRANSPORT' }
      : { message: `connection lost mid-stream (${reason})`, code: 'TRANSPORT' })
  }

  function classify(error: unknown, signal: AbortSignal | undefined, watch: Watchdogs, phase: 'connect' | 'read'): LlmError {
    if (watch.failure) return watch.failure
    if (signal?.aborted) return new LlmError({ message: 'request aborted', code: 'ABORTED' })
    if (error instanceof LlmError) return error
    return networkFailure(error, phase)
  }

  /** Sends the request and checks the response; resolves to the decoded chunk stream. */
  async function open(options: GenerateOptions, controller: AbortController, watch: Watchdogs, bearer: string): Promise<AsyncIterable<StreamChunk>> {
    const thinking = settings.thinking ?? catalog.entry(options.model)?.thinking ?? false
    const body = JSON.stringify(buildRequest(options, settings.thinking === undefined ? { thinking } : { thinking, thinkingParam: settings.thinking }))
    watch.start()
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` },
      body,
      signal: controller.signal,
    })
    watch.bytes()
    if (!response.ok) throw new LlmError((settings.describeFailure ?? failureFromResponse)(response.status, response.headers, await readBounded(response.body, ERROR_BODY_LIMIT)))
    const type = response.headers.get('content-type') ?? ''
    if (!type.includes('text/event-stream') || !response.body) {
      const text = await readBounded(response.body, 512)
      throw new LlmError({ message: `malformed stream: expected text/event-stream, got "${type}": ${excerpt(text)}`, code: 'MALFORMED_STREAM', detail: excerpt(text) })
    }
    watch.progress()
    return decodeSseStream(readChunks(response.body), settings, { bytes: () => watch.bytes(), progress: () => watch.progress() })
  }

  async function* stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    if (!apiKey && !settings.credential) throw new LlmError({ message: `no API key configured for provider "${settings.provider}"`, code: 'MISSING_CREDENTIAL' })
    const controller = new AbortController()
    const watch = new Watchdogs(controller, settings.firstByteTimeoutMs, settings.stallTimeoutMs)
    const onAbort = (): void => controller.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (options.signal?.aborted) onAbort()
    let phase: 'connect' | 'read' = 'connect'
    let bearer = apiKey
    try {
      if (settings.credential) bearer = await settings.credential(controller.signal)
      const chunks = await open(options, controller, watch, bearer)
      phase = 'read'
      yield* chunks
    } catch (error) {
      const failure = classify(error, options.signal, watch, phase).failure
      throw new LlmError(scrubFailure(failure, bearer))
    } finally {
      watch.dispose()
      options.signal?.removeEventListener('abort', onAbort)
      controller.abort()
    }
  }

  return {
    providerInfo: { id: settings.provider, label: settings.provider === 'openai-compatible' ? 'OpenAI-compatible' : settings.provider },
    listModels: async () => catalog.list(),
    resolveModel: (model) => catalog.resolve(model),
    callDefaults: () => (settings.reasoningEffort !== undefined ? { reasoningEffort: settings.reasoningEffort } : {}),
    stream,
  }
}
