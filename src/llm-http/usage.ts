/**
 * Usage with cached input counted apart, from the counts a provider reports where its input
 * total includes the cached part (OpenAI, Gemini). Plane: shared; pure.
 * @module llm-http/usage
 */
import type { TokenUsage } from '../llm/types.ts'

/** `input` includes `cached`: inputTokens = input − cached; zero or absent counts are left out. */
export function usageWithCache(counts: { input?: number | undefined; cached?: number | undefined; output?: number | undefined; reasoning?: number | undefined }): TokenUsage {
  const cached = counts.cached ?? 0
  const usage: TokenUsage = { inputTokens: Math.max(0, (counts.input ?? 0) - cached), outputTokens: counts.output ?? 0 }
  if (counts.cached !== undefined) usage.cacheReadTokens = cached
  if (counts.reasoning !== undefined) usage.reasoningTokens = counts.reasoning
  return usage
}
