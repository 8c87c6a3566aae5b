/**
 * One streamed model request over fetch + SSE, for every HTTP provider: the key check, abort
 * wiring, the two watchdogs, status and content-type checks, decoding through the format's
 * `EventMapper`, failure classification and secret scrubbing. Plane: worker/shared; fetch only.
 * Contract: the key lives only in the request the caller builds; every failure leaving is an
 * `LlmError` scrubbed of it; abort stops the fetch at once.
 * @module llm-http/sse-request
 */
import { LlmError, errorChain } from '../llm/errors.ts'
import type { GenerateOptions, StreamChunk } from '../llm/types.ts'
import { excerpt, readBounded, readChunks } from './body.ts'
import { failureFromResponse } from './http-failure.ts'
import { scrubFailure } from './scrub.ts'
import { decodeSse, type EventMapper } from './sse-decode.ts'
import { Watchdogs } from './watchdogs.ts'

/** The transport knobs every HTTP provider's settings carry. */
export interface TransportSettings {
  provider: string
  apiKey: string
  firstByteTimeoutMs: number
  stallTimeoutMs: number
  maxLineLength: number
  /** A bearer obtained per call instead of `apiKey` (the gateway provider's session token). */
  credential?: (signal: AbortSignal) => Promise<string>
  /** Maps a non-2xx answer (default `failureFromResponse`); a gateway names its own refusals. */
  describeFailure?: typeof failureFromResponse
}

export interface SseRequest {
  url: string
  headers: Record<string, string>
  body: string
}

const ERROR_BODY_LIMIT = 64 * 1024

function networkFailure(error: unknown, phase: 'connect' | 'read', origin: string): LlmError {
  const reason = errorChain(error)
  return new LlmError(phase === 'connect'
    ? { message: `network or CORS error reaching ${origin} (${reason}); if the provider does not accept browser requests, configure a proxy base URL`, code: 'TRANSPORT' }
    : { message: `connection lost mid-stream (${reason})`, code: 'TRANSPORT' })
}

function classify(error: unknown, signal: AbortSignal | undefined, watch: Watchdogs, phase: 'connect' | 'read', origin: string): LlmError {
  if (watch.failure) return watch.failure
  if (signal?.aborted) return new LlmError({ message: 'request aborted', code: 'ABORTED' })
  if (error instanceof LlmError) return error
  return networkFailure(error, phase, origin)
}

/** Sends the request and checks the response; resolves to the decoded chunk stream. */
async function open(request: SseRequest, settings: TransportSettings, mapper: EventMapper, controller: AbortController, watch: Watchdogs): Promise<AsyncIterable<StreamChunk>> {
  watch.start()
  const response = await fetch(request.url, { method: 'POST', headers: { Accept: 'text/event-stream', ...request.headers }, body: request.body, signal: controller.signal })
  watch.bytes()
  if (!response.ok) throw new LlmError((settings.describeFailure ?? failureFromResponse)(response.status, response.headers, await readBounded(response.body, ERROR_BODY_LIMIT)))
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/event-stream') || !response.body) {
    const text = await readBounded(response.body, 512)
    throw new LlmError({ message: `malformed stream: expected text/event-stream, got "${type}": ${excerpt(text)}`, code: 'MALFORMED_STREAM', detail: excerpt(text) })
  }
  watch.progress()
  return decodeSse(readChunks(response.body), settings.maxLineLength, mapper, { bytes: () => watch.bytes(), progress: () => watch.progress() })
}

/**
 * Streams one call: `build` makes the request with the call's bearer (the key, or the one
 * `credential` gets; called once it is known), `mapper` is a fresh state machine of the
 * provider's wire format.
 */
export async function* streamSse(settings: TransportSettings, options: GenerateOptions, build: (bearer: string) => SseRequest, mapper: EventMapper): AsyncGenerator<StreamChunk> {
  if (!settings.apiKey && !settings.credential) throw new LlmError({ message: `no API key configured for provider "${settings.provider}"`, code: 'MISSING_CREDENTIAL' })
  const controller = new AbortController()
  const watch = new Watchdogs(controller, settings.firstByteTimeoutMs, settings.stallTimeoutMs)
  const onAbort = (): void => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  if (options.signal?.aborted) onAbort()
  let phase: 'connect' | 'read' = 'connect'
  let origin = settings.provider
  let bearer = settings.apiKey
  try {
    if (settings.credential) bearer = await settings.credential(controller.signal)
    const request = build(bearer)
    origin = new URL(request.url).origin
    const chunks = await open(request, settings, mapper, controller, watch)
    phase = 'read'
    yield* chunks
  } catch (error) {
    const failure = classify(error, options.signal, watch, phase, origin).failure
    throw new LlmError(scrubFailure(failure, bearer))
  } finally {
    watch.dispose()
    options.signal?.removeEventListener('abort', onAbort)
    controller.abort()
  }
}
