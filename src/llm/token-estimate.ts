/**
 * Heuristic token counts (dsh estimate.ts): 4 characters per token, +4 per block, +4 per
 * message — except CJK text, counted at one token per character. Plane: shared; pure.
 * Contract: deterministic, never negative, monotone in text length.
 * @module llm/token-estimate
 */
import type { ContentBlock, Message, TokenUsage, ToolSchema } from './types.ts'

export const BLOCK_OVERHEAD = 4
export const MESSAGE_OVERHEAD = 4
/** Flat guess for an image block; real counts arrive with usage. */
export const IMAGE_TOKENS = 1_000

const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g

/** Tokens of a text: CJK characters count one each, the rest ⌈chars/4⌉. */
export function estimateTextTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0
  return cjk + Math.ceil((text.length - cjk) / 4)
}

export function estimateBlockTokens(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
    case 'reasoning': return estimateTextTokens(block.text) + BLOCK_OVERHEAD
    case 'tool-call': return estimateTextTokens(block.name) + estimateTextTokens(block.arguments) + BLOCK_OVERHEAD
    case 'tool-result': return block.content.reduce((sum, inner) => sum + estimateBlockTokens(inner), 0) + BLOCK_OVERHEAD
    case 'image': return IMAGE_TOKENS + BLOCK_OVERHEAD
    default: return BLOCK_OVERHEAD
  }
}

export function estimateMessageTokens(message: Pick<Message, 'content'>): number {
  return message.content.reduce((sum, block) => sum + estimateBlockTokens(block), 0) + MESSAGE_OVERHEAD
}

/** Tokens of a whole request: system + tools + every message. */
export function estimateRequestTokens(request: { messages: readonly Pick<Message, 'content'>[]; system?: string; tools?: readonly ToolSchema[] }): number {
  let total = request.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0)
  if (request.system) total += estimateTextTokens(request.system) + BLOCK_OVERHEAD
  if (request.tools?.length) total += estimateTextTokens(JSON.stringify(request.tools)) + BLOCK_OVERHEAD
  return total
}

/** All tokens a usage record accounts for: input + cache read + cache write + output. */
export function usageTotal(usage: TokenUsage): number {
  return usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0) + usage.outputTokens
}

/** Field-wise sum; optional fields appear only when some operand has them. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const sum: TokenUsage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens }
  for (const key of ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) {
    if (a[key] !== undefined || b[key] !== undefined) sum[key] = (a[key] ?? 0) + (b[key] ?? 0)
  }
  return sum
}
