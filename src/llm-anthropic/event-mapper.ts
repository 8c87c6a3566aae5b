/**
 * Maps the Messages API event stream onto `StreamChunk`s: `content_block_start/delta/stop` with
 * `text_delta`, `thinking_delta` (+ its `signature_delta`, kept as replay state with the thinking
 * text) and `input_json_delta` keyed by block index; `message_start` / `message_delta` usage with
 * cache reads and writes; `stop_reason`; `error` events classified like HTTP errors.
 * Plane: shared; pure. Contract: only `message_stop` (or a seen stop reason) completes a stream.
 * @module llm-anthropic/event-mapper
 */
import { LlmError } from '../llm/errors.ts'
import type { StreamChunk, TokenUsage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { parseEventObject } from '../llm-http/body.ts'
import { ChunkBuilder } from '../llm-http/chunk-builder.ts'
import { failureFromStreamError } from '../llm-http/http-failure.ts'
import type { EventMapper } from '../llm-http/sse-decode.ts'
import type { AnthropicEvent, AnthropicUsage } from './wire-types.ts'

interface Thinking { thinking: string; signature: string }

export class AnthropicEventMapper implements EventMapper {
  readonly endMarker = 'message_stop'
  done = false
  private readonly builder: ChunkBuilder
  private readonly tools = new Set<number>()
  private readonly thinking = new Map<number, Thinking>()
  private stopReason: string | undefined
  private usage: AnthropicUsage = {}

  constructor(maxResponseChars: number) {
    this.builder = new ChunkBuilder(maxResponseChars)
  }

  get complete(): boolean {
    return this.done || this.stopReason !== undefined
  }

  accept(data: string): StreamChunk[] {
    const event = parseEventObject<AnthropicEvent>(data)
    const out: StreamChunk[] = []
    const index = event.index ?? 0
    switch (event.type) {
      case 'message_start':
        this.addUsage(event.message?.usage)
        break
      case 'content_block_start':
        this.start(index, event.content_block ?? {}, out)
        break
      case 'content_block_delta':
        this.delta(index, event.delta ?? {}, out)
        break
      case 'content_block_stop':
        if (this.tools.has(index) && this.builder.argumentsOf(index) === '') this.builder.call(index, { args: '{}' }, out)
        break
      case 'message_delta':
        this.addUsage(event.usage)
        if (event.delta?.stop_reason) this.stopReason = event.delta.stop_reason
        break
      case 'message_stop':
        this.done = true
        break
      case 'error':
        throw new LlmError(failureFromStreamError(event.error ?? {}))
      default:
        break
    }
    return out
  }

  finish(): StreamChunk[] {
    this.builder.usage = mapAnthropicUsage(this.usage)
    const signed = [...this.thinking.values()].filter((entry) => entry.signature !== '')
    if (signed.length) this.builder.replay.thinking = signed as unknown as JsonValue[]
    return this.builder.end(this.stopReason === 'max_tokens' ? 'max-tokens' : 'stop')
  }

  private start(index: number, block: NonNullable<AnthropicEvent['content_block']>, out: StreamChunk[]): void {
    if (block.type === 'tool_use') {
      this.tools.add(index)
      this.builder.call(index, { id: block.id, name: block.name }, out)
    } else if (block.type === 'thinking') {
      this.thinking.set(index, { thinking: '', signature: '' })
      this.builder.text('reasoning', block.thinking ?? '', out)
    } else if (block.type === 'text') {
      this.builder.text('text', block.text ?? '', out)
    }
  }

  private delta(index: number, delta: NonNullable<AnthropicEvent['delta']>, out: StreamChunk[]): void {
    if (delta.type === 'text_delta') this.builder.text('text', delta.text ?? '', out)
    else if (delta.type === 'thinking_delta') {
      const entry = this.thinking.get(index)
      if (entry) entry.thinking += delta.thinking ?? ''
      this.builder.text('reasoning', delta.thinking ?? '', out)
    } else if (delta.type === 'signature_delta') {
      const entry = this.thinking.get(index)
      if (entry) entry.signature += delta.signature ?? ''
    } else if (delta.type === 'input_json_delta') this.builder.call(index, { args: delta.partial_json ?? '' }, out)
  }

  private addUsage(usage: AnthropicUsage | undefined): void {
    if (!usage) return
    for (const [key, value] of Object.entries(usage)) if (typeof value === 'number') (this.usage as Record<string, number>)[key] = value
  }
}

/** Anthropic's `input_tokens` already excludes cache reads and writes, which are counted apart. */
export function mapAnthropicUsage(wire: AnthropicUsage): TokenUsage {
  const usage: TokenUsage = { inputTokens: wire.input_tokens ?? 0, outputTokens: wire.output_tokens ?? 0 }
  if (wire.cache_read_input_tokens) usage.cacheReadTokens = wire.cache_read_input_tokens
  if (wire.cache_creation_input_tokens) usage.cacheWriteTokens = wire.cache_creation_input_tokens
  return usage
}
