/**
 * Maps the chat-completions stream onto `StreamChunk`s: `reasoning_content` / `content` deltas,
 * tool-call fragments keyed by `index`, usage with disjoint cached input, finish reasons, `[DONE]`,
 * in-stream error objects (classified like HTTP errors) and provider-specific fields on a tool call
 * (Gemini's `extra_content`), kept as replay state. Plane: shared; pure state machine.
 * Contract: `finish()` closes blocks, emits usage then one finish; `length` drops open calls.
 * @module llm-openai-compatible/wire-mapper
 */
import { LlmError } from '../llm/errors.ts'
import type { FinishReason, StreamChunk, TokenUsage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { parseEventObject } from '../llm-http/body.ts'
import { ChunkBuilder } from '../llm-http/chunk-builder.ts'
import { failureFromStreamError } from '../llm-http/http-failure.ts'
import type { EventMapper } from '../llm-http/sse-decode.ts'
import { usageWithCache } from '../llm-http/usage.ts'
import type { WireChunk, WireToolCallDelta, WireUsage } from './wire-types.ts'

const FINISH: Record<string, FinishReason['kind']> = { stop: 'stop', length: 'max-tokens', tool_calls: 'tool-calls', function_call: 'tool-calls', content_filter: 'stop' }
/** The standard fields of a tool-call fragment; any other is the provider's own and goes back with the call. */
const STANDARD_CALL_FIELDS = new Set(['index', 'id', 'type', 'function'])

/** DeepSeek's `prompt_tokens` includes cache hits: input = prompt − hit, cacheRead = hit. */
export function mapUsage(wire: WireUsage): TokenUsage {
  return usageWithCache({
    input: wire.prompt_tokens, cached: wire.prompt_cache_hit_tokens ?? wire.prompt_tokens_details?.cached_tokens,
    output: wire.completion_tokens, reasoning: wire.completion_tokens_details?.reasoning_tokens,
  })
}

export class WireMapper implements EventMapper {
  readonly endMarker = '[DONE] or a finish_reason'
  done = false
  private readonly builder: ChunkBuilder
  private finishReason: string | undefined

  constructor(maxResponseChars: number) {
    this.builder = new ChunkBuilder(maxResponseChars)
  }

  /** Whether the provider already sent a `finish_reason` (so a clean close is complete). */
  get complete(): boolean {
    return this.finishReason !== undefined
  }

  /** @throws LlmError for a provider error object, non-JSON data or an oversized response */
  accept(data: string): StreamChunk[] {
    if (data === '[DONE]') {
      this.done = true
      return []
    }
    const chunk = parseEventObject<WireChunk>(data)
    if (chunk.error) throw new LlmError(failureFromStreamError(chunk.error))
    const out: StreamChunk[] = []
    if (chunk.usage) this.builder.usage = mapUsage(chunk.usage)
    const choice = chunk.choices?.[0]
    if (!choice || this.finishReason !== undefined) return out
    const delta = choice.delta
    if (delta?.reasoning_content) this.builder.text('reasoning', delta.reasoning_content, out)
    if (delta?.content) this.builder.text('text', delta.content, out)
    for (const fragment of delta?.tool_calls ?? []) this.appendCall(fragment, out)
    if (choice.finish_reason) this.finishReason = choice.finish_reason
    return out
  }

  /** Ends the attempt: block-ends, usage, then the finish (or a named failure). */
  finish(): StreamChunk[] {
    if (this.finishReason === 'insufficient_system_resource') {
      throw new LlmError({ message: 'provider ran out of resources mid-response', code: 'SERVER' })
    }
    const kind = FINISH[this.finishReason ?? 'stop'] ?? 'stop'
    return this.builder.end(kind === 'max-tokens' ? 'max-tokens' : 'stop')
  }

  private appendCall(fragment: WireToolCallDelta, out: StreamChunk[]): void {
    const id = this.builder.call(fragment.index ?? 0, { id: fragment.id, name: fragment.function?.name ?? '', args: fragment.function?.arguments ?? '' }, out)
    for (const key in fragment) {
      if (STANDARD_CALL_FIELDS.has(key)) continue
      const calls = (this.builder.replay.calls ??= {}) as Record<string, Record<string, JsonValue>>
      calls[id] = { ...calls[id], [key]: (fragment as unknown as Record<string, JsonValue>)[key]! }
    }
  }
}
