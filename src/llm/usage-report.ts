/**
 * What a session has used and how full its model's context is, for the context meter and
 * `agent.usage()`: the model of the last request (`request/context`), the context the next request
 * carries (token-meter's anchored measure) against the window and compaction's threshold, the
 * tokens every attempt and summary reported, and their cost where the catalog has prices.
 * Plane: shared; pure over the log. @module llm/usage-report
 */
import type { SessionEvent } from '../session/types.ts'
import { measureContext, sessionUsage } from './token-meter.ts'
import type { Message, ModelInfo, ModelPricing, TokenUsage, ToolSchema } from './types.ts'

export interface UsageReport {
  /** The provider and model of the session's last request; absent before its first. */
  provider?: string
  model?: string
  contextWindow?: number
  /** Tokens the next request carries (anchored to the last reported usage); absent before the first request. */
  contextTokens?: number
  /** Where automatic compaction starts, in tokens; absent when it is off or the window is unknown. */
  compactionThreshold?: number
  /** Every attempt's reported usage plus compaction summaries. */
  usage: TokenUsage
  /** USD: each attempt at the prices of the model that answered it; absent when some model has no prices. */
  cost?: number
}

export interface UsageInput {
  events: readonly SessionEvent[]
  messages: readonly Pick<Message, 'content'>[]
  system?: string
  tools?: readonly ToolSchema[]
  /** The catalog's entry for a model (its window and prices). */
  info?: (provider: string, model: string) => ModelInfo | undefined
  compactionThreshold?: number
}

/** USD for `usage` at `pricing`. */
export function costOf(usage: TokenUsage, pricing: ModelPricing): number {
  const cached = pricing.cachedInput ?? pricing.input
  const written = pricing.cacheWrite ?? pricing.input
  return (usage.inputTokens * pricing.input + (usage.cacheReadTokens ?? 0) * cached + (usage.cacheWriteTokens ?? 0) * written + usage.outputTokens * pricing.output) / 1_000_000
}

type Route = SessionEvent<'request/context'>['data']

/** The last request's route and the cost of every reported usage at its own model's prices (undefined once one has none). */
function routeAndCost(events: readonly SessionEvent[], info: UsageInput['info']): { route?: Route; cost?: number } {
  let route: Route | undefined
  let pricing: ModelPricing | undefined
  let cost: number | undefined = 0
  for (const event of events) {
    if (event.type === 'request/context') {
      route = event.data
      pricing = info?.(route.provider, route.model)?.pricing
      continue
    }
    const usage = event.type === 'assistant/chunk' && event.data.chunk.type === 'usage' ? event.data.chunk.usage
      : event.type === 'compaction/summary' ? event.data.usage : undefined
    if (usage && cost !== undefined) cost = pricing ? cost + costOf(usage, pricing) : undefined
  }
  return { ...(route ? { route } : {}), ...(cost === undefined || !route ? {} : { cost }) }
}

export function usageReport(input: UsageInput): UsageReport {
  const usage = sessionUsage(input.events)
  const report: UsageReport = { usage }
  const { route, cost } = routeAndCost(input.events, input.info)
  if (!route) return report
  report.provider = route.provider
  report.model = route.model
  const window = route.contextWindow ?? input.info?.(route.provider, route.model)?.contextWindow
  if (window !== undefined) report.contextWindow = window
  report.contextTokens = measureContext({
    events: input.events, messages: input.messages,
    ...(input.system === undefined ? {} : { system: input.system }), ...(input.tools === undefined ? {} : { tools: input.tools }),
  }).totalTokens
  if (input.compactionThreshold !== undefined) report.compactionThreshold = input.compactionThreshold
  if (cost !== undefined) report.cost = cost
  return report
}
