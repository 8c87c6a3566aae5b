/**
 * Response body bytes → `StreamChunk`s for any SSE wire format: the SSE parser feeds each data
 * event to the format's `EventMapper`, with hooks for the watchdogs. Plane: shared; pure over its
 * byte source. Contract: ends with the mapper's one finish, or throws `MALFORMED_STREAM` /
 * `STREAM_TRUNCATED` (closed before the format's end) / `STREAM_TOO_LARGE`.
 * @module llm-http/sse-decode
 */
import { LlmError } from '../llm/errors.ts'
import type { StreamChunk } from '../llm/types.ts'
import { SseLineTooLongError, SseParser } from './sse-parser.ts'

/** One wire format's mapping of SSE data events onto chunks. */
export interface EventMapper {
  /** Maps one data event (`event` is the SSE event type, `message` when unnamed). @throws LlmError */
  accept(data: string, event: string): StreamChunk[]
  /** The format's terminal event arrived: stop reading, `finish()` now. */
  readonly done: boolean
  /** A clean close now would be a complete response (e.g. a finish reason was seen). */
  readonly complete: boolean
  /** What a complete stream ends with, for the `STREAM_TRUNCATED` message. */
  readonly endMarker: string
  /** Block-ends, usage, then exactly one finish (or a named failure). */
  finish(): StreamChunk[]
}

export interface DecoderHooks {
  /** Any bytes arrived (transport activity). */
  bytes?(): void
  /** A data event arrived (payload progress). */
  progress?(): void
}

export async function* decodeSse(source: AsyncIterable<Uint8Array>, maxLineLength: number, mapper: EventMapper, hooks: DecoderHooks = {}): AsyncGenerator<StreamChunk> {
  const parser = new SseParser(maxLineLength)
  const iterator = source[Symbol.asyncIterator]()
  try {
    while (true) {
      const next = await iterator.next()
      hooks.bytes?.()
      for (const item of next.done ? parser.end() : parser.push(next.value)) {
        if (item.kind === 'comment') continue
        hooks.progress?.()
        for (const chunk of mapper.accept(item.data, item.event)) yield chunk
        if (mapper.done) {
          for (const chunk of mapper.finish()) yield chunk
          return
        }
      }
      if (next.done) break
    }
  } catch (error) {
    if (error instanceof SseLineTooLongError) throw new LlmError({ message: `stream line over ${error.limit} characters`, code: 'STREAM_TOO_LARGE' })
    throw error
  } finally {
    await iterator.return?.()
  }
  if (!mapper.complete) throw new LlmError({ message: `stream ended without ${mapper.endMarker}`, code: 'STREAM_TRUNCATED' })
  for (const chunk of mapper.finish()) yield chunk
}
