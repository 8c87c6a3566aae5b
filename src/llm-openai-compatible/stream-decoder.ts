/**
 * Response body bytes → `StreamChunk`s for chat completions: the shared SSE decoder driven by
 * this format's `WireMapper`. Plane: shared; pure over its byte source. Contract: as
 * `llm-http/sse-decode` — one finish, or a named stream failure.
 * @module llm-openai-compatible/stream-decoder
 */
import type { StreamChunk } from '../llm/types.ts'
import { decodeSse, type DecoderHooks } from '../llm-http/sse-decode.ts'
import { WireMapper } from './wire-mapper.ts'

export interface DecoderLimits {
  maxLineLength: number
  maxResponseChars: number
}

export function decodeSseStream(source: AsyncIterable<Uint8Array>, limits: DecoderLimits, hooks: DecoderHooks = {}): AsyncGenerator<StreamChunk> {
  return decodeSse(source, limits.maxLineLength, new WireMapper(limits.maxResponseChars), hooks)
}
