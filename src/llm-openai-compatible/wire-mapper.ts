/**
 * Maps parsed stream chunks of the wire format onto `StreamChunk`s: blocks in first-seen
 * order, tool-call fragments keyed by `index` (a new id on a reused index opens a new call),
 * usage with disjoint cached input, finish reasons. Plane: shared; pure state machine.
 * Contract: `finish()` closes blocks, emits usage then one finish; `length` drops open calls.
 * @module llm-openai-compatible/wire-mapper
 */
import { LlmError } from '../llm/errors.ts'
import type { FinishReason, StreamChunk, TokenUsage } from '../llm/types.ts'
import { newId, type CallId } from '../util/brand.ts'
import type { WireChunk, WireToolCallDelta, WireUsage } from './wire-types.ts'

interface OpenText { index: number; type: 'text' | 'reasoning'; text: string }
interface OpenCall { index: number; id: CallId; name: string; args: string }

const FINISH: Record<string, FinishReason['kind']> = { stop: 'stop', length: 'max-tokens', tool_calls: 'tool-calls', function_call: 'tool-calls', content_filter: 'stop' }

/** DeepSeek's `prompt_tokens` includes cache hits: input = prompt − hit, cacheRead = hit. */
export function mapUsage(wire: WireUsage): TokenUsage {
  const hit = wire.prompt_cache_hit_tokens ?? wire.prompt_tokens_details?.cached_tokens
  const usage: TokenUsage = { inputTokens: Math.max(0, (wire.prompt_tokens ?? 0) - (hit ?? 0)), outputTokens: wire.completion_tokens ?? 0 }
  if (hit !== undefined) usage.cacheReadTokens = hit
  const reasoning = wire.completion_tokens_details?.reasoning_tokens
  if (reasoning !== undefined) usage.reasoningTokens = reasoning
  return usage
}

export class WireMapper {
  private nextIndex = 0
  private current: OpenText | undefined
  private readonly calls = new Map<number, OpenCall>()
  private readonly callOrder: OpenCall[] = []
  private usage: TokenUsage | undefined
  private finishReason: string | undefined
  private size = 0
  private visibleText = false

  constructor(private readonly maxResponseChars: number) {}

  /** Whether the provider already sent a `finish_reason` (so a clean close is complete). */
  get finishSeen(): boolean {
    return this.finishReason !== undefined
  }

  /** @throws LlmError for a provider error object or an oversized response */
  accept(chunk: WireChunk): StreamChunk[] {
    if (chunk.error) throw new LlmError({ message: `provider error in stream: ${chunk.error.message ?? 'unknown error'}`, code: 'SERVER' })
    const out: StreamChunk[] = []
    if (chunk.usage) this.usage = mapUsage(chunk.usage)
    const choice = chunk.choices?.[0]
    if (!choice || this.finishReason !== undefined) return out
    const delta = choice.delta
    if (delta?.reasoning_content) this.appendText('reasoning', delta.reasoning_content, out)
    if (delta?.content) this.appendText('text', delta.content, out)
    for (const fragment of delta?.tool_calls ?? []) this.appendCall(fragment, out)
    if (choice.finish_reason) this.finishReason = choice.finish_reason
    return out
  }

  /** Ends the attempt: block-ends, usage, then the finish (or a named failure). */
  finish(): StreamChunk[] {
    if (this.finishReason === 'insufficient_system_resource') {
      throw new LlmError({ message: 'provider ran out of resources mid-response', code: 'SERVER' })
    }
    const out: StreamChunk[] = []
    this.closeText(out)
    let kind = FINISH[this.finishReason ?? 'stop'] ?? 'stop'
    if (kind !== 'max-tokens') {
      kind = this.callOrder.length ? 'tool-calls' : 'stop'
      for (const call of this.callOrder) {
        out.push({ type: 'block-end', index: call.index, block: { type: 'tool-call', id: call.id, name: call.name, arguments: call.args } })
      }
    }
    if (this.usage) out.push({ type: 'usage', usage: this.usage })
    if (kind === 'stop' && !this.visibleText) {
      out.push({ type: 'finish', reason: { kind: 'error', failure: { message: 'the model returned no text and no tool call', code: 'EMPTY_RESPONSE' } } })
    } else {
      out.push({ type: 'finish', reason: { kind } })
    }
    return out
  }

  private grow(length: number): void {
    this.size += length
    if (this.size > this.maxResponseChars) {
      throw new LlmError({ message: `response larger than ${this.maxResponseChars} characters`, code: 'STREAM_TOO_LARGE' })
    }
  }

  private appendText(type: 'text' | 'reasoning', text: string, out: StreamChunk[]): void {
    this.grow(text.length)
    if (this.current?.type !== type) {
      this.closeText(out)
      this.current = { index: this.nextIndex++, type, text: '' }
      out.push({ type: 'block-start', index: this.current.index, blockType: type })
    }
    this.current.text += text
    if (type === 'text' && text.trim() !== '') this.visibleText = true
    out.push(type === 'text' ? { type: 'text-delta', index: this.current.index, text } : { type: 'reasoning-delta', index: this.current.index, text })
  }

  private closeText(out: StreamChunk[]): void {
    if (!this.current) return
    out.push({ type: 'block-end', index: this.current.index, block: { type: this.current.type, text: this.current.text } })
    this.current = undefined
  }

  private appendCall(fragment: WireToolCallDelta, out: StreamChunk[]): void {
    const wireIndex = fragment.index ?? 0
    const name = fragment.function?.name ?? ''
    const args = fragment.function?.arguments ?? ''
    this.grow(name.length + args.length)
    let call = this.calls.get(wireIndex)
    if (!call || (fragment.id && fragment.id !== call.id)) {
      this.closeText(out)
      call = { index: this.nextIndex++, id: (fragment.id || newId()) as CallId, name: '', args: '' }
      this.calls.set(wireIndex, call)
      this.callOrder.push(call)
      out.push({ type: 'block-start', index: call.index, blockType: 'tool-call' })
    }
    call.name += name
    call.args += args
    const chunk: StreamChunk = { type: 'tool-call-delta', index: call.index, id: call.id, argumentsDelta: args }
    if (name) chunk.name = name
    out.push(chunk)
  }
}
