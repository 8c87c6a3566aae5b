/**
 * What a reader may send to `POST /v1/chat/completions`: the body is read under `MAX_BODY_BYTES`
 * (413), must be JSON naming an allowed model, stays within the message, tool and schema caps,
 * has `max_tokens` clamped, and keeps only known top-level parameters (the rest are dropped and
 * listed for the log). A stream always asks for `stream_options.include_usage`, which the limits count.
 * @module gateway/chat-request
 */
import type { GatewayConfig } from './config.ts'
import { GatewayError } from './errors.ts'

/** Top-level parameters passed on; anything else (`n`, `user`, vendor extras…) is dropped. */
const KNOWN_PARAMETERS = new Set([
  'model', 'messages', 'stream', 'stream_options', 'max_tokens', 'temperature', 'top_p', 'frequency_penalty', 'presence_penalty',
  'stop', 'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'thinking', 'reasoning_effort', 'logprobs', 'top_logprobs', 'seed',
])

export interface ChatRequest {
  readonly body: Record<string, unknown>
  readonly bytes: number
  readonly model: string
  readonly stream: boolean
  readonly dropped: readonly string[]
}

/** The body as text, refusing past `limit` bytes without reading further. */
export async function readBody(request: Request, limit: number): Promise<{ text: string; bytes: number }> {
  const tooLarge = (): GatewayError => new GatewayError(413, 'BODY_TOO_LARGE', `the request body is over ${limit} bytes`, { limit_bytes: limit })
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > limit) throw tooLarge()
  if (!request.body) return { text: '', bytes: 0 }
  const reader = request.body.getReader()
  const parts: Uint8Array[] = []
  let bytes = 0
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    parts.push(value)
  }
  const all = new Uint8Array(bytes)
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.byteLength
  }
  return { text: new TextDecoder().decode(all), bytes }
}

const invalid = (code: string, message: string, extra: Record<string, unknown> = {}): GatewayError => new GatewayError(400, code, message, extra)

function parse(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw invalid('INVALID_JSON', 'the request body is not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('INVALID_REQUEST', 'the request body must be a JSON object')
  return value as Record<string, unknown>
}

function checkCaps(body: Record<string, unknown>, config: GatewayConfig): void {
  const { messages, tools } = body
  if (!Array.isArray(messages) || messages.length === 0) throw invalid('INVALID_REQUEST', '"messages" must be a non-empty array')
  if (messages.length > config.maxMessages) throw invalid('TOO_MANY_MESSAGES', `at most ${config.maxMessages} messages per request`, { limit: config.maxMessages })
  if (tools === undefined) return
  if (!Array.isArray(tools)) throw invalid('INVALID_REQUEST', '"tools" must be an array')
  if (tools.length > config.maxTools) throw invalid('TOO_MANY_TOOLS', `at most ${config.maxTools} tools per request`, { limit: config.maxTools })
  const schemaBytes = new TextEncoder().encode(JSON.stringify([tools, body.response_format ?? null])).byteLength
  if (schemaBytes > config.maxSchemaBytes) throw invalid('SCHEMA_TOO_LARGE', `tool and response schemas are over ${config.maxSchemaBytes} bytes`, { limit_bytes: config.maxSchemaBytes })
}

/** @throws GatewayError 400 (INVALID_JSON, INVALID_REQUEST, MODEL_NOT_ALLOWED, TOO_MANY_*, SCHEMA_TOO_LARGE) */
export function checkChatRequest(text: string, bytes: number, config: GatewayConfig): ChatRequest {
  const raw = parse(text)
  const model = raw.model
  if (typeof model !== 'string' || !config.allowedModels.includes(model)) {
    throw invalid('MODEL_NOT_ALLOWED', `model ${JSON.stringify(model)} is not offered here; allowed: ${config.allowedModels.join(', ')}`, { allowed_models: config.allowedModels })
  }
  checkCaps(raw, config)
  const body: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [key, value] of Object.entries(raw)) {
    if (KNOWN_PARAMETERS.has(key)) body[key] = value
    else dropped.push(key)
  }
  const asked = typeof body.max_tokens === 'number' && body.max_tokens > 0 ? body.max_tokens : config.maxTokens
  body.max_tokens = Math.min(Math.floor(asked), config.maxTokens)
  const stream = body.stream === true
  if (stream) body.stream_options = { include_usage: true }
  else delete body.stream_options
  return { body, bytes, model, stream, dropped }
}
