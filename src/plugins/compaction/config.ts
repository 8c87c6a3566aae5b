/**
 * Compaction configuration: defaults, schema and the threshold arithmetic (dsh contracts §12).
 * Plane: shared; pure. Contract: `retain < threshold`, or compaction is refused as misconfigured.
 * @module plugins/compaction/config
 */
import { pluginConfig } from '../../kernel/plugin-config.ts'

export interface CompactionConfig {
  /** Gates the pressure and overflow triggers (manual compaction always works). */
  auto?: boolean
  /** Compact when the context exceeds this share of the window. */
  thresholdRatio?: number
  /** Keep at least this share of the window verbatim at the tail. */
  retainRatio?: number
  /** Absolute override of the retained tail, in tokens. */
  retainTokens?: number
  /** Window to use when neither the log nor the model catalog knows it. */
  contextWindow?: number
  /** Summary attempts after the first (dsh `compactionRetries`). */
  compactionRetries?: number
  /** Overflow-triggered compactions per agent before giving up (reset on idle or a reply). */
  maxOverflowRetries?: number
  /** Output cap of the summary request. */
  summaryMaxTokens?: number
}

export const Config = pluginConfig({
  type: 'object',
  additionalProperties: false,
  properties: {
    auto: { type: 'boolean' },
    thresholdRatio: { type: 'number', minimum: 0.05, maximum: 1 },
    retainRatio: { type: 'number', minimum: 0, maximum: 1 },
    retainTokens: { type: 'integer', minimum: 0 },
    contextWindow: { type: 'integer', minimum: 256 },
    compactionRetries: { type: 'integer', minimum: 0, maximum: 5 },
    maxOverflowRetries: { type: 'integer', minimum: 0, maximum: 5 },
    summaryMaxTokens: { type: 'integer', minimum: 64 },
  },
})

export type ResolvedCompactionConfig = Required<Omit<CompactionConfig, 'retainTokens' | 'contextWindow'>> & Pick<CompactionConfig, 'retainTokens' | 'contextWindow'>

export function resolveConfig(config: CompactionConfig = {}): ResolvedCompactionConfig {
  return {
    auto: config.auto ?? true,
    thresholdRatio: config.thresholdRatio ?? 0.8,
    retainRatio: config.retainRatio ?? 0.16,
    compactionRetries: config.compactionRetries ?? 1,
    maxOverflowRetries: config.maxOverflowRetries ?? 1,
    summaryMaxTokens: config.summaryMaxTokens ?? 8192,
    ...(config.retainTokens === undefined ? {} : { retainTokens: config.retainTokens }),
    ...(config.contextWindow === undefined ? {} : { contextWindow: config.contextWindow }),
  }
}

/** `{threshold, retain}` in tokens for a window, per dsh: ⌊cw·ratio⌋, retain < threshold. */
export function limitsFor(config: ResolvedCompactionConfig, contextWindow: number): { threshold: number; retain: number } {
  const threshold = Math.floor(contextWindow * config.thresholdRatio)
  const retain = config.retainTokens ?? Math.floor(contextWindow * config.retainRatio)
  if (retain >= threshold) {
    throw new RangeError(`compaction: retained tail (${retain} tokens) must be smaller than the threshold (${threshold} tokens)`)
  }
  return { threshold, retain }
}
