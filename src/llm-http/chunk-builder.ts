/**
 * The block bookkeeping every wire format shares: text and reasoning runs (a change of kind closes
 * the run), tool calls keyed by the format's own key (a new id on a reused key opens a new call),
 * the response size bound, usage, opaque replay fields, and the one finish. Plane: shared; pure
 * state machine. Contract: `end()` closes blocks, emits usage then one finish; `max-tokens`
 * drops open calls; stop with no text and no call is `EMPTY_RESPONSE`.
 * @module llm-http/chunk-builder
 */
import { LlmError } from '../llm/errors.ts'
import type { FinishReason, StreamChunk, TokenUsage } from '../llm/types.ts'
import { newId, type CallId } from '../util/brand.ts'
import type { JsonValue } from '../util/json.ts'

interface OpenText { index: number; type: 'text' | 'reasoning'; text: string }
interface OpenCall { index: number; id: CallId; name: string; args: string }

export interface CallFragment {
  id?: string | undefined
  name?: string | undefined
  args?: string | undefined
}

export class ChunkBuilder {
  /** Opaque provider fields the next request must send back; becomes the finish's `replayState`. */
  readonly replay: Record<string, JsonValue> = {}
  usage: TokenUsage | undefined
  private nextIndex = 0
  private current: OpenText | undefined
  private readonly calls = new Map<string | number, OpenCall>()
  private readonly callOrder: OpenCall[] = []
  private size = 0
  private visibleText = false

  constructor(private readonly maxResponseChars: number) {}

  get callCount(): number {
    return this.callOrder.length
  }

  /** Appends text or reasoning; a change of kind closes the open run and opens a new block. */
  text(type: 'text' | 'reasoning', text: string, out: StreamChunk[]): void {
    if (text === '') return
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

  closeText(out: StreamChunk[]): void {
    if (!this.current) return
    out.push({ type: 'block-end', index: this.current.index, block: { type: this.current.type, text: this.current.text } })
    this.current = undefined
  }

  /** Appends a tool-call fragment under the format's `key`; returns the call's id. */
  call(key: string | number, fragment: CallFragment, out: StreamChunk[]): CallId {
    const name = fragment.name ?? ''
    const args = fragment.args ?? ''
    this.grow(name.length + args.length)
    let call = this.calls.get(key)
    if (!call || (fragment.id && fragment.id !== call.id)) {
      this.closeText(out)
      call = { index: this.nextIndex++, id: (fragment.id || newId()) as CallId, name: '', args: '' }
      this.calls.set(key, call)
      this.callOrder.push(call)
      out.push({ type: 'block-start', index: call.index, blockType: 'tool-call' })
    }
    call.name += name
    call.args += args
    const chunk: StreamChunk = { type: 'tool-call-delta', index: call.index, id: call.id, argumentsDelta: args }
    if (name) chunk.name = name
    out.push(chunk)
    return call.id
  }

  /** The arguments so far of the call under `key` ('' when none). */
  argumentsOf(key: string | number): string {
    return this.calls.get(key)?.args ?? ''
  }

  /** Block-ends, usage, then the finish; `kind` is the wire's reason (tool calls present ⇒ `tool-calls`). */
  end(kind: 'stop' | 'tool-calls' | 'max-tokens'): StreamChunk[] {
    const out: StreamChunk[] = []
    this.closeText(out)
    let reason: FinishReason['kind'] = kind
    if (kind !== 'max-tokens') {
      reason = this.callOrder.length ? 'tool-calls' : 'stop'
      for (const call of this.callOrder) {
        out.push({ type: 'block-end', index: call.index, block: { type: 'tool-call', id: call.id, name: call.name, arguments: call.args } })
      }
    }
    if (this.usage) out.push({ type: 'usage', usage: this.usage })
    const finish: StreamChunk = reason === 'stop' && !this.visibleText
      ? { type: 'finish', reason: { kind: 'error', failure: { message: 'the model returned no text and no tool call', code: 'EMPTY_RESPONSE' } } }
      : { type: 'finish', reason: { kind: reason } }
    if (Object.keys(this.replay).length) finish.replayState = this.replay
    out.push(finish)
    return out
  }

  private grow(length: number): void {
    this.size += length
    if (this.size > this.maxResponseChars) {
      throw new LlmError({ message: `response larger than ${this.maxResponseChars} characters`, code: 'STREAM_TOO_LARGE' })
    }
  }
}
