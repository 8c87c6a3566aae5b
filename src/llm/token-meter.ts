/**
 * Token meter over a session log: context pressure (heuristic, anchored to the last real
 * usage) and usage projections per step and per session, failed attempts included.
 * Plane: shared; pure over events. Contract: reads `assistant/chunk` usage (every attempt
 * logs its chunks) and `compaction/summary` usage; never mutates events.
 * @module llm/token-meter
 */
import type { SessionEvent } from '../session/types.ts'
import { addUsage, estimateMessageTokens, estimateRequestTokens, usageTotal } from './token-estimate.ts'
import type { RequestTokenTally } from './token-tally.ts'
import type { Message, TokenUsage, ToolSchema } from './types.ts'

export interface ContextMeasure {
  totalTokens: number
  /** `usage` when anchored to a real count, `estimate` when purely heuristic. */
  source: 'usage' | 'estimate'
  /** Seq of the `assistant/message` whose usage anchors the measure. */
  anchorSeq?: number
}

export interface StepUsage {
  turn: number
  step: number
  /** Attempts of this step that reported usage (failed attempts included). */
  attempts: number
  usage: TokenUsage
}

function surfaceGrowth(event: SessionEvent): number {
  switch (event.type) {
    case 'user/message': return estimateMessageTokens(event.data)
    case 'tool/result': return estimateMessageTokens(event.data.message)
    case 'assistant/message': return estimateMessageTokens(event.data.message)
    default: return 0
  }
}

function breaksAnchor(event: SessionEvent): boolean {
  if (event.type === 'request/header') return event.data.reason === 'change'
  return 'surfaceOp' in event && event.surfaceOp !== undefined && event.surfaceOp !== 'append'
}

/**
 * Context size of the next request. Anchored: max(last usage + growth since, heuristic);
 * the anchor is the last `assistant/message` with usage, dropped if the header changed or
 * the surface was replaced after it. A caller measuring every step passes its session's `tally`
 * so the heuristic costs only the messages added since the last measure.
 */
export function measureContext(input: {
  events: readonly SessionEvent[]
  messages: readonly Pick<Message, 'content'>[]
  /** Messages entering with the next request, after `messages` (kept apart so `messages` can stay the log's own list). */
  pending?: readonly Pick<Message, 'content'>[]
  system?: string
  tools?: readonly ToolSchema[]
}, tally?: RequestTokenTally): ContextMeasure {
  const pending = (input.pending ?? []).reduce((sum, message) => sum + estimateMessageTokens(message), 0)
  const heuristic = (tally ? tally.estimate(input) : estimateRequestTokens(input)) + pending
  let growth = 0
  for (let i = input.events.length - 1; i >= 0; i -= 1) {
    const event = input.events[i]!
    if (breaksAnchor(event)) break
    if (event.type === 'assistant/message' && event.data.usage) {
      const anchored = usageTotal(event.data.usage) + growth
      return anchored >= heuristic
        ? { totalTokens: anchored, source: 'usage', anchorSeq: event.seq }
        : { totalTokens: heuristic, source: 'estimate', anchorSeq: event.seq }
    }
    growth += surfaceGrowth(event)
  }
  return { totalTokens: heuristic, source: 'estimate' }
}

/** Usage summed per (turn, step) over every attempt's `usage` chunk, in log order. */
export function usageByStep(events: readonly SessionEvent[]): StepUsage[] {
  const steps = new Map<string, StepUsage>()
  for (const event of events) {
    if (event.type !== 'assistant/chunk' || event.data.chunk.type !== 'usage') continue
    const key = `${event.data.turn}:${event.data.step}`
    const current = steps.get(key)
    if (current) {
      current.usage = addUsage(current.usage, event.data.chunk.usage)
      current.attempts += 1
    } else {
      steps.set(key, { turn: event.data.turn, step: event.data.step, attempts: 1, usage: { ...event.data.chunk.usage } })
    }
  }
  return [...steps.values()]
}

/** Everything the session spent: all attempts of all steps plus compaction summaries. */
export function sessionUsage(events: readonly SessionEvent[]): TokenUsage {
  let total: TokenUsage = { inputTokens: 0, outputTokens: 0 }
  for (const step of usageByStep(events)) total = addUsage(total, step.usage)
  for (const event of events) {
    if (event.type === 'compaction/summary' && event.data.usage) total = addUsage(total, event.data.usage)
  }
  return total
}
