/**
 * Forwards a checked chat request to `{UPSTREAM_BASE_URL}/chat/completions` with the site's key
 * and hands back the upstream's answer: a stream passes through chunk by chunk (pulled, never
 * buffered) while its usage is read on the side; the reader's cancel aborts the upstream at once;
 * no byte for `UPSTREAM_IDLE_TIMEOUT_MS` cuts it. Failures keep the upstream's status with a
 * clear code; the key is scrubbed from anything the upstream says.
 * @module gateway/upstream
 */
import type { ChatRequest } from './chat-request.ts'
import type { GatewayConfig } from './config.ts'
import { GatewayError } from './errors.ts'
import { UsageTap, readUsage, type Usage } from './usage-tap.ts'

export interface UpstreamOutcome {
  readonly status: number
  readonly code?: string
  readonly usage?: Usage
  /** Bytes passed to the reader. */
  readonly bytes: number
}

const ERROR_EXCERPT = 16 * 1024
const MESSAGE_LIMIT = 500

export function scrubSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join('[redacted]') : text
}

function upstreamCode(status: number): string {
  if (status === 401 || status === 403) return 'UPSTREAM_AUTH'
  if (status === 402) return 'UPSTREAM_QUOTA'
  if (status === 429) return 'UPSTREAM_RATE_LIMITED'
  if (status >= 500) return 'UPSTREAM_SERVER_ERROR'
  if (status >= 400) return 'UPSTREAM_REJECTED'
  return 'UPSTREAM_ERROR'
}

async function upstreamFailure(response: Response, config: GatewayConfig): Promise<GatewayError> {
  const text = (await response.text().catch(() => '')).slice(0, ERROR_EXCERPT)
  let message = text
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown }
    const said = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message)
    if (typeof said === 'string') message = said
  } catch {
    // Not JSON: the excerpt is the message.
  }
  const code = upstreamCode(response.status)
  const retryAfter = response.headers.get('Retry-After')
  return new GatewayError(response.status, code, `the upstream answered ${response.status}: ${scrubSecret(message.replace(/\s+/g, ' ').trim(), config.upstreamApiKey).slice(0, MESSAGE_LIMIT)}`,
    { upstream_status: response.status }, retryAfter ? { 'Retry-After': retryAfter } : {})
}

/** Calls `onIdle` when `arm` is not called again within `ms`. */
class IdleTimer {
  #timer: ReturnType<typeof setTimeout> | undefined
  constructor(private readonly ms: number, private readonly onIdle: () => void) {}
  arm(): void {
    this.clear()
    this.#timer = setTimeout(this.onIdle, this.ms)
  }
  clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
  }
}

function idleEvent(ms: number): Uint8Array {
  return new TextEncoder().encode(`data: ${JSON.stringify({ error: { message: `the upstream sent nothing for ${ms} ms; the gateway ended the stream`, type: 'gateway_error', code: 'UPSTREAM_IDLE_TIMEOUT' } })}\n\n`)
}

/**
 * The pass-through body: the upstream body piped through a TransformStream that counts, reads
 * usage on the side and re-arms the idle clock, enqueueing each chunk as it comes (no waiting for
 * more). The reader's cancel cancels the pipe and so the upstream; `finish` runs exactly once.
 */
function passThrough(body: ReadableStream<Uint8Array>, abort: AbortController, config: GatewayConfig, finish: (outcome: Omit<UpstreamOutcome, 'status'>) => void): ReadableStream<Uint8Array> {
  const tap = new UsageTap()
  let bytes = 0
  let done = false
  const end = (code?: string): void => {
    if (done) return
    done = true
    timer.clear()
    finish({ bytes, ...(tap.usage ? { usage: tap.usage } : {}), ...(code ? { code } : {}) })
  }
  let control: TransformStreamDefaultController<Uint8Array> | undefined
  const timer = new IdleTimer(config.upstreamIdleTimeoutMs, () => {
    control?.enqueue(idleEvent(config.upstreamIdleTimeoutMs))
    end('UPSTREAM_IDLE_TIMEOUT')
    control?.terminate()
    abort.abort(new Error('upstream idle timeout'))
  })
  const pass = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      control = controller
      timer.arm()
    },
    transform(chunk, controller) {
      timer.arm()
      bytes += chunk.byteLength
      tap.push(chunk)
      controller.enqueue(chunk)
    },
    flush() {
      end()
    },
  })
  body.pipeTo(pass.writable, { signal: abort.signal }).catch(() => {
    // The reader went away (its cancel reached the pipe), the upstream broke, or the idle cut ran.
    end(abort.signal.aborted ? 'CLIENT_ABORTED' : 'UPSTREAM_STREAM_BROKEN')
    abort.abort(new Error('the stream ended early'))
  })
  return pass.readable
}

/**
 * Sends the request; resolves to the response for the reader once the upstream's headers are in.
 * `finish` is called once with what was passed (on stream end, cancel, cut or failure).
 * @throws GatewayError 502 UPSTREAM_UNREACHABLE, 504 UPSTREAM_TIMEOUT, or the upstream's own status
 */
export async function forward(chat: ChatRequest, config: GatewayConfig, signal: AbortSignal | undefined, finish: (outcome: UpstreamOutcome) => void): Promise<{ status: number; body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>; contentType: string }> {
  const abort = new AbortController()
  const onAbort = (): void => abort.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  let timedOut = false
  const headersTimer = new IdleTimer(config.upstreamIdleTimeoutMs, () => {
    timedOut = true
    abort.abort(new Error('upstream timeout'))
  })
  headersTimer.arm()
  let response: Response
  try {
    response = await fetch(`${config.upstreamBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: chat.stream ? 'text/event-stream' : 'application/json', Authorization: `Bearer ${config.upstreamApiKey}` },
      body: JSON.stringify(chat.body),
      signal: abort.signal,
    })
  } catch {
    headersTimer.clear()
    if (timedOut) throw new GatewayError(504, 'UPSTREAM_TIMEOUT', `the upstream sent no answer within ${config.upstreamIdleTimeoutMs} ms`)
    if (signal?.aborted) throw new GatewayError(499, 'CLIENT_ABORTED', 'the reader went away')
    throw new GatewayError(502, 'UPSTREAM_UNREACHABLE', `the upstream (${new URL(config.upstreamBaseUrl).host}) could not be reached`)
  }
  headersTimer.clear()
  if (!response.ok) throw await upstreamFailure(response, config)
  const contentType = response.headers.get('Content-Type') ?? (chat.stream ? 'text/event-stream' : 'application/json')
  const done = (outcome: Omit<UpstreamOutcome, 'status'>): void => {
    signal?.removeEventListener('abort', onAbort)
    finish({ status: response.status, ...outcome })
  }
  if (chat.stream && response.body) return { status: response.status, body: passThrough(response.body, abort, config, done), contentType }
  const bytes = new Uint8Array(await response.arrayBuffer())
  let usage: Usage | undefined
  try {
    usage = readUsage(JSON.parse(new TextDecoder().decode(bytes)))
  } catch {
    usage = undefined
  }
  done({ bytes: bytes.byteLength, ...(usage ? { usage } : {}) })
  return { status: response.status, body: bytes, contentType }
}
