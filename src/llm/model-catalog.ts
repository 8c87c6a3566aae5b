/**
 * Model facts (context window, output cap, thinking, prices) with DeepSeek's models as defaults;
 * adapters build a catalog from their configuration. Plane: shared; data only.
 * Contract: lookups by exact model id; unknown models resolve to `undefined`.
 * @module llm/model-catalog
 */
import type { ModelInfo, ModelPricing } from './types.ts'

export interface ModelEntry {
  model: string
  contextWindow?: number
  maxOutputTokens?: number
  /** The model thinks (streams `reasoning_content`) without being asked. */
  thinking?: boolean
  /** The model's chat template needs strict user/assistant alternation (adjacent user messages are merged). */
  strictAlternation?: boolean
  pricing?: ModelPricing
}

/** DeepSeek's published API prices for V3.2 (USD per million tokens, from 2025-09-29): one price for both models. */
const DEEPSEEK_PRICING: ModelPricing = Object.freeze({ input: 0.28, cachedInput: 0.028, output: 0.42 })

/** DeepSeek's API models (V3.2): both 128K context; the reasoner always thinks. */
export const DEEPSEEK_MODELS: readonly ModelEntry[] = Object.freeze([
  Object.freeze({ model: 'deepseek-chat', contextWindow: 128_000, maxOutputTokens: 8_192, thinking: false, pricing: DEEPSEEK_PRICING }),
  Object.freeze({ model: 'deepseek-reasoner', contextWindow: 128_000, maxOutputTokens: 65_536, thinking: true, pricing: DEEPSEEK_PRICING }),
])

export class ModelCatalog {
  private readonly entries = new Map<string, ModelEntry>()

  /** Later entries override earlier ones field by field. */
  constructor(readonly provider: string, entries: readonly ModelEntry[]) {
    for (const entry of entries) this.entries.set(entry.model, { ...this.entries.get(entry.model), ...entry })
  }

  entry(model: string): ModelEntry | undefined {
    return this.entries.get(model)
  }

  resolve(model: string): ModelInfo | undefined {
    const entry = this.entries.get(model)
    if (!entry) return undefined
    const info: ModelInfo = { provider: this.provider, model }
    if (entry.contextWindow !== undefined) info.contextWindow = entry.contextWindow
    if (entry.maxOutputTokens !== undefined) info.maxOutputTokens = entry.maxOutputTokens
    if (entry.pricing !== undefined) info.pricing = entry.pricing
    return info
  }

  list(): ModelInfo[] {
    return [...this.entries.keys()].map((model) => this.resolve(model)!)
  }
}
