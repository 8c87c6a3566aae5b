/**
 * Relational check of one attempt's chunk sequence (dsh streaming contract), used by adapter
 * tests and available to dev builds. Plane: shared; pure. Contract: returns violations, [] = ok:
 * deltas only inside a started, unended block of their type; at most one usage, before finish;
 * exactly one finish, last.
 * @module llm/invariant
 */
import type { BlockType, StreamChunk } from './types.ts'

const DELTA_TYPE: Record<string, BlockType> = { 'text-delta': 'text', 'reasoning-delta': 'reasoning', 'tool-call-delta': 'tool-call' }

export function checkChunkSequence(chunks: readonly StreamChunk[]): string[] {
  const problems: string[] = []
  const open = new Map<number, BlockType>()
  const ended = new Set<number>()
  let usage = 0
  chunks.forEach((chunk, i) => {
    if (i > 0 && chunks[i - 1]!.type === 'finish') problems.push(`#${i} ${chunk.type} after finish`)
    if (chunk.type === 'block-start') {
      if (open.has(chunk.index) || ended.has(chunk.index)) problems.push(`#${i} block ${chunk.index} started twice`)
      open.set(chunk.index, chunk.blockType)
    } else if (chunk.type in DELTA_TYPE && 'index' in chunk) {
      if (open.get(chunk.index) !== DELTA_TYPE[chunk.type]) problems.push(`#${i} ${chunk.type} outside an open ${DELTA_TYPE[chunk.type]} block ${chunk.index}`)
    } else if (chunk.type === 'block-end') {
      if (!open.has(chunk.index)) problems.push(`#${i} block-end of block ${chunk.index} that is not open`)
      open.delete(chunk.index)
      ended.add(chunk.index)
    } else if (chunk.type === 'usage') {
      usage += 1
      if (usage > 1) problems.push(`#${i} second usage chunk`)
    }
  })
  if (chunks.at(-1)?.type !== 'finish') problems.push('stream does not end with finish')
  return problems
}
