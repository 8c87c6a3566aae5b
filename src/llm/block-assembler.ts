/**
 * Folds a chunk stream into content blocks, usage and a finish reason (dsh BlockAssembler).
 * Plane: shared; pure, no globals. Contract: blocks in first-seen index order; a `block-end`
 * wins over its deltas; no finish ⇒ `stop`; `max-tokens` drops tool calls; deltas after a
 * block's end or after `finish` are ignored (memory stays bounded by open blocks).
 * @module llm/block-assembler
 */
import type { CallId } from '../util/brand.ts'
import type { BlockType, ContentBlock, FinishReason, StreamChunk, TokenUsage } from './types.ts'
import type { JsonValue } from '../util/json.ts'

interface Slot {
  type: BlockType
  text: string
  id: string
  name: string
  ended?: ContentBlock
}

export interface AssembledResponse {
  content: ContentBlock[]
  finish: FinishReason
  usage?: TokenUsage
  replayState?: JsonValue
}

export class BlockAssembler {
  private readonly slots = new Map<number, Slot>()
  private usage: TokenUsage | undefined
  private finish: FinishReason | undefined
  private replayState: JsonValue | undefined

  /** True once a `finish` chunk arrived; later chunks are ignored. */
  get finished(): boolean {
    return this.finish !== undefined
  }

  push(chunk: StreamChunk): void {
    if (this.finish) return
    switch (chunk.type) {
      case 'block-start': this.slot(chunk.index, chunk.blockType); return
      case 'text-delta': this.append(chunk.index, 'text', chunk.text); return
      case 'reasoning-delta': this.append(chunk.index, 'reasoning', chunk.text); return
      case 'tool-call-delta': this.appendCall(chunk); return
      case 'block-end': this.end(chunk.index, chunk.block); return
      case 'usage': this.usage = { ...chunk.usage }; return
      case 'finish':
        this.finish = chunk.reason
        if (chunk.replayState !== undefined) this.replayState = chunk.replayState
        return
      default: return
    }
  }

  /** The response so far; without a finish the reason is `stop`. */
  result(): AssembledResponse {
    const finish = this.finish ?? { kind: 'stop' }
    let content = [...this.slots.values()].map((slot) => slot.ended ?? build(slot))
    if (finish.kind === 'max-tokens') content = content.filter((block) => block.type !== 'tool-call')
    const result: AssembledResponse = { content, finish }
    if (this.usage) result.usage = this.usage
    if (this.replayState !== undefined) result.replayState = this.replayState
    return result
  }

  /** What an interrupted stream keeps: non-blank text and reasoning blocks, never a tool call. */
  interruptedContent(): ContentBlock[] {
    return [...this.slots.values()]
      .map((slot) => slot.ended ?? build(slot))
      .filter((block) => (block.type === 'text' || block.type === 'reasoning') && block.text.trim() !== '')
  }

  private slot(index: number, type: BlockType): Slot {
    let slot = this.slots.get(index)
    if (!slot) {
      slot = { type, text: '', id: '', name: '' }
      this.slots.set(index, slot)
    }
    return slot
  }

  private append(index: number, type: BlockType, text: string): void {
    const slot = this.slot(index, type)
    if (!slot.ended && slot.type === type) slot.text += text
  }

  private appendCall(chunk: Extract<StreamChunk, { type: 'tool-call-delta' }>): void {
    const slot = this.slot(chunk.index, 'tool-call')
    if (slot.ended || slot.type !== 'tool-call') return
    if (!slot.id) slot.id = chunk.id
    if (chunk.name) slot.name += chunk.name
    slot.text += chunk.argumentsDelta
  }

  private end(index: number, block: ContentBlock): void {
    const slot = this.slots.get(index) ?? this.slot(index, blockTypeOf(block))
    if (slot.ended) return
    slot.ended = block
    slot.text = ''
  }
}

function blockTypeOf(block: ContentBlock): BlockType {
  return block.type === 'reasoning' || block.type === 'tool-call' ? block.type : 'text'
}

function build(slot: Slot): ContentBlock {
  if (slot.type === 'tool-call') return { type: 'tool-call', id: slot.id as CallId, name: slot.name, arguments: slot.text }
  return { type: slot.type, text: slot.text }
}
