// BlockAssembler folds chunks into blocks: first-seen order, block-end wins, no finish ⇒ stop,
// max-tokens drops tool calls, late deltas are ignored.
import { describe, expect, it } from 'vitest'
import { BlockAssembler } from '../../../src/llm/block-assembler.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import type { CallId } from '../../../src/util/brand.ts'

const id = 'c1' as CallId

function run(chunks: StreamChunk[]) {
  const assembler = new BlockAssembler()
  for (const chunk of chunks) assembler.push(chunk)
  return assembler
}

describe('BlockAssembler', () => {
  it('orders blocks by first-seen index, not by index value', () => {
    const result = run([
      { type: 'block-start', index: 5, blockType: 'reasoning' },
      { type: 'block-start', index: 1, blockType: 'text' },
      { type: 'text-delta', index: 1, text: 'b' },
      { type: 'reasoning-delta', index: 5, text: 'a' },
      { type: 'finish', reason: { kind: 'stop' } },
    ]).result()
    expect(result.content).toEqual([{ type: 'reasoning', text: 'a' }, { type: 'text', text: 'b' }])
  })

  it('lets block-end win over deltas and ignores deltas after it and after finish', () => {
    const result = run([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: 'draft' },
      { type: 'block-end', index: 0, block: { type: 'text', text: 'final' } },
      { type: 'text-delta', index: 0, text: ' late' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2 } },
      { type: 'finish', reason: { kind: 'stop' }, replayState: { r: 1 } },
      { type: 'block-start', index: 9, blockType: 'text' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 9 } },
    ]).result()
    expect(result).toEqual({ content: [{ type: 'text', text: 'final' }], finish: { kind: 'stop' }, usage: { inputTokens: 1, outputTokens: 2 }, replayState: { r: 1 } })
  })

  it('assembles tool calls from deltas (name fragments concatenate) and reports stop without finish', () => {
    const assembler = run([
      { type: 'block-start', index: 0, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 0, id, name: 're', argumentsDelta: '{"a"' },
      { type: 'tool-call-delta', index: 0, id, name: 'ad', argumentsDelta: ':1}' },
    ])
    expect(assembler.finished).toBe(false)
    expect(assembler.result()).toEqual({ content: [{ type: 'tool-call', id, name: 'read', arguments: '{"a":1}' }], finish: { kind: 'stop' } })
  })

  it('drops tool-call blocks on max-tokens, ended or not', () => {
    const result = run([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'text-delta', index: 0, text: 'partial' },
      { type: 'block-start', index: 1, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 1, id, name: 'write', argumentsDelta: '{"x' },
      { type: 'finish', reason: { kind: 'max-tokens' } },
    ]).result()
    expect(result.content).toEqual([{ type: 'text', text: 'partial' }])
    expect(result.finish).toEqual({ kind: 'max-tokens' })
  })

  it('keeps only non-blank text and reasoning for an interrupted stream', () => {
    const assembler = run([
      { type: 'block-start', index: 0, blockType: 'reasoning' },
      { type: 'reasoning-delta', index: 0, text: '  ' },
      { type: 'block-start', index: 1, blockType: 'text' },
      { type: 'text-delta', index: 1, text: 'so far' },
      { type: 'block-start', index: 2, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 2, id, name: 'bash', argumentsDelta: '{}' },
    ])
    expect(assembler.interruptedContent()).toEqual([{ type: 'text', text: 'so far' }])
  })
})
