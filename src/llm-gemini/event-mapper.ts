/**
 * Maps Gemini's streamed `GenerateContentResponse`s onto `StreamChunk`s: text parts (thought parts
 * → reasoning), whole `functionCall` parts (each a new call; id made when the API sends none),
 * `thoughtSignature`s kept as replay state, `usageMetadata` (cached input counted apart, thoughts in
 * the output), `finishReason`, a blocked prompt and in-stream `error` objects classified like HTTP
 * errors. Plane: shared; pure. Contract: a stream is complete once a `finishReason` was seen
 * (Gemini sends no terminal event; the connection closes).
 * @module llm-gemini/event-mapper
 */
import { LlmError } from '../llm/errors.ts'
import type { StreamChunk, TokenUsage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { parseEventObject } from '../llm-http/body.ts'
import { ChunkBuilder } from '../llm-http/chunk-builder.ts'
import { failureFromStreamError } from '../llm-http/http-failure.ts'
import type { EventMapper } from '../llm-http/sse-decode.ts'
import { usageWithCache } from '../llm-http/usage.ts'
import type { GeminiPart, GeminiResponse, GeminiUsage } from './wire-types.ts'

/** `promptTokenCount` includes the cached part; thoughts are output. */
export function mapGeminiUsage(wire: GeminiUsage): TokenUsage {
  return usageWithCache({
    input: wire.promptTokenCount, cached: wire.cachedContentTokenCount,
    output: (wire.candidatesTokenCount ?? 0) + (wire.thoughtsTokenCount ?? 0), reasoning: wire.thoughtsTokenCount,
  })
}

export class GeminiEventMapper implements EventMapper {
  readonly endMarker = 'a finishReason'
  readonly done = false
  private readonly builder: ChunkBuilder
  private finishReason: string | undefined
  private calls = 0

  constructor(maxResponseChars: number) {
    this.builder = new ChunkBuilder(maxResponseChars)
  }

  get complete(): boolean {
    return this.finishReason !== undefined
  }

  accept(data: string): StreamChunk[] {
    const response = parseEventObject<GeminiResponse>(data)
    if (response.error) throw new LlmError(failureFromStreamError(response.error))
    if (response.promptFeedback?.blockReason) {
      throw new LlmError({ message: `the provider blocked the prompt (${response.promptFeedback.blockReason})`, code: 'INVALID_REQUEST' })
    }
    const out: StreamChunk[] = []
    if (response.usageMetadata) this.builder.usage = mapGeminiUsage(response.usageMetadata)
    const candidate = response.candidates?.[0]
    for (const part of candidate?.content?.parts ?? []) this.part(part, out)
    if (candidate?.finishReason) this.finishReason = candidate.finishReason
    return out
  }

  finish(): StreamChunk[] {
    return this.builder.end(this.finishReason === 'MAX_TOKENS' ? 'max-tokens' : 'stop')
  }

  private part(part: GeminiPart, out: StreamChunk[]): void {
    if (part.functionCall) {
      const call = part.functionCall
      const id = this.builder.call(`call-${this.calls++}`, { id: call.id, name: call.name ?? '', args: JSON.stringify(call.args ?? {}) }, out)
      if (part.thoughtSignature) {
        const calls = (this.builder.replay.calls ??= {}) as Record<string, JsonValue>
        calls[id] = { thoughtSignature: part.thoughtSignature }
      }
      return
    }
    if (part.text !== undefined) this.builder.text(part.thought ? 'reasoning' : 'text', part.text, out)
    if (part.thoughtSignature && !part.thought) this.builder.replay.textSignature = part.thoughtSignature
  }
}
