/**
 * Response body bytes → `StreamChunk`s: SSE parsing, `[DONE]`, JSON checks and wire mapping,
 * with hooks for the watchdogs. Plane: shared; pure over its byte source. Contract: ends with
 * exactly one finish, or throws `MALFORMED_STREAM` / `STREAM_TRUNCATED` / `STREAM_TOO_LARGE`.
 * @module llm-openai-compatible/stream-decoder
 */
import { LlmError } from '../llm/errors.ts'
import type { StreamChunk } from '../llm/types.ts'
import { SseLineTooLongError, SseParser } from './sse-parser.ts'
import { WireMapper } from './wire-mapper.ts'
import type { WireChunk } from './wire-types.ts'

export interface DecoderLimits {
  maxLineLength: number
  maxResponseChars: number
}

export interface DecoderHooks {
  /** Any bytes arrived (transport activity). */
  bytes?(): void
  /** A data event arrived (payload progress). */
  progress?(): void
}

const EXCERPT = 160

/** At most 160 characters of `text`, marked when cut. */
export function excerpt(text: string): string {
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text
}

function malformed(what: string, data: string): LlmError {
  return new LlmError({ message: `malformed stream: ${what}: ${excerpt(data)}`, code: 'MALFORMED_STREAM', detail: excerpt(data) })
}

function parseData(data: string): WireChunk {
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    throw malformed('data is not JSON', data)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw malformed('data is not a JSON object', data)
  return parsed as WireChunk
}

export async function* decodeSseStream(source: AsyncIterable<Uint8Array>, limits: DecoderLimits, hooks: DecoderHooks = {}): AsyncGenerator<StreamChunk> {
  const parser = new SseParser(limits.maxLineLength)
  const mapper = new WireMapper(limits.maxResponseChars)
  const iterator = source[Symbol.asyncIterator]()
  try {
    while (true) {
      const next = await iterator.next()
      hooks.bytes?.()
      for (const item of next.done ? parser.end() : parser.push(next.value)) {
        if (item.kind === 'comment') continue
        hooks.progress?.()
        const mapped = item.data === '[DONE]' ? mapper.finish() : mapper.accept(parseData(item.data))
        for (const chunk of mapped) yield chunk
        if (item.data === '[DONE]') return
      }
      if (next.done) break
    }
  } catch (error) {
    if (error instanceof SseLineTooLongError) throw new LlmError({ message: `stream line over ${error.limit} characters`, code: 'STREAM_TOO_LARGE' })
    throw error
  } finally {
    await iterator.return?.()
  }
  if (!mapper.finishSeen) throw new LlmError({ message: 'stream ended without [DONE] or a finish_reason', code: 'STREAM_TRUNCATED' })
  for (const chunk of mapper.finish()) yield chunk
}
