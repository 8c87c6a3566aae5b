/**
 * Maps the Responses API event stream onto `StreamChunk`s: `response.output_text.delta` → text,
 * `response.reasoning_summary_text.delta` / `response.reasoning_text.delta` → reasoning,
 * `function_call` items and `response.function_call_arguments.delta` → tool calls keyed by output
 * index, encrypted reasoning items → replay state, `response.completed` / `incomplete` → usage and
 * the finish, `error` / `response.failed` → classified failures. Plane: shared; pure.
 * Contract: only `response.completed` or `response.incomplete` make a stream complete.
 * @module llm-openai-responses/event-mapper
 */
import { LlmError } from '../llm/errors.ts'
import type { StreamChunk, TokenUsage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { parseEventObject } from '../llm-http/body.ts'
import { ChunkBuilder } from '../llm-http/chunk-builder.ts'
import { failureFromStreamError } from '../llm-http/http-failure.ts'
import type { EventMapper } from '../llm-http/sse-decode.ts'
import { usageWithCache } from '../llm-http/usage.ts'
import type { ResponsesEvent, ResponsesUsage } from './wire-types.ts'

/** `input_tokens` includes the cached ones: input = input − cached, cacheRead = cached. */
export function mapResponsesUsage(wire: ResponsesUsage): TokenUsage {
  return usageWithCache({ input: wire.input_tokens, cached: wire.input_tokens_details?.cached_tokens, output: wire.output_tokens, reasoning: wire.output_tokens_details?.reasoning_tokens })
}

export class ResponsesEventMapper implements EventMapper {
  readonly endMarker = 'response.completed'
  done = false
  private readonly builder: ChunkBuilder
  private maxTokens = false

  constructor(maxResponseChars: number) {
    this.builder = new ChunkBuilder(maxResponseChars)
  }

  get complete(): boolean {
    return this.done
  }

  accept(data: string): StreamChunk[] {
    const event = parseEventObject<ResponsesEvent>(data)
    const out: StreamChunk[] = []
    switch (event.type) {
      case 'response.output_text.delta':
        this.builder.text('text', event.delta ?? '', out)
        break
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        this.builder.text('reasoning', event.delta ?? '', out)
        break
      case 'response.output_item.added':
        if (event.item?.type === 'function_call') {
          this.builder.call(event.output_index ?? 0, { id: event.item.call_id, name: event.item.name, args: event.item.arguments }, out)
        }
        break
      case 'response.function_call_arguments.delta':
        this.builder.call(event.output_index ?? 0, { args: event.delta ?? '' }, out)
        break
      case 'response.output_item.done':
        if (event.item?.type === 'reasoning' && event.item.encrypted_content) this.keepReasoning(event.item as { [key: string]: JsonValue })
        break
      case 'response.completed':
      case 'response.incomplete':
        if (event.response?.usage) this.builder.usage = mapResponsesUsage(event.response.usage)
        this.maxTokens = event.response?.incomplete_details?.reason === 'max_output_tokens'
        this.done = true
        break
      case 'response.failed':
        throw new LlmError(failureFromStreamError(event.response?.error ?? { message: 'response failed' }))
      case 'error':
        throw new LlmError(failureFromStreamError(event.error ?? event))
      default:
        break
    }
    return out
  }

  finish(): StreamChunk[] {
    return this.builder.end(this.maxTokens ? 'max-tokens' : 'stop')
  }

  private keepReasoning(item: { [key: string]: JsonValue }): void {
    const kept = (this.builder.replay.reasoning ??= []) as JsonValue[]
    kept.push({ type: 'reasoning', id: item.id ?? null, summary: item.summary ?? [], encrypted_content: item.encrypted_content ?? null })
  }
}
