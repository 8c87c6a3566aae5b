/**
 * One compaction transaction on a session log: `compaction/start`, the summary request,
 * `compaction/summary` immediately followed by the checkpoint `user/message` that replaces the
 * shadowed span on the surface, then `compaction/end` (with `error` on failure, surface unchanged).
 * Plane: worker. Contract: the log keeps every original event; only the surface changes.
 * @module plugins/compaction/compact
 */
import type { Context } from '@deepseek-ai/cordis'
import { createUserMessage } from '../../llm/messages.ts'
import { estimateTextTokens } from '../../llm/token-estimate.ts'
import type { Session } from '../../session/session.ts'
import type { EpochHeader, SessionEvent } from '../../session/types.ts'
import { newId } from '../../util/brand.ts'
import { CompactionError } from './errors.ts'
import { foldHeader } from './header.ts'
import { planCompaction } from './plan.ts'
import { summarize } from './summarize.ts'

export const CHECKPOINT_PREAMBLE = 'Earlier parts of this conversation were compacted. This summary replaces them:'

export interface CompactOptions {
  ctx: Context
  session: Session
  /** The open turn for automatic compaction, null for manual compaction between turns. */
  turn: number | null
  retain: number
  attempts: number
  maxTokens: number
  signal: AbortSignal
}

export interface CompactOutcome {
  compactionId: string
  shadowedCount: number
  shadowedTokenCount: number
  summaryTokens: number
}

/** The folded request header: the last one logged (headers persist across resume). */
/** An unmatched `compaction/start` after the last `session/end-seed` (earlier ones are dead). */
export function openCompaction(events: readonly SessionEvent[]): string | undefined {
  const open = new Set<string>()
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!
    if (event.type === 'session/end-seed') break
    if (event.type === 'compaction/end') open.add(`end:${event.data.compactionId}`)
    if (event.type === 'compaction/start' && !open.has(`end:${event.data.compactionId}`)) return event.data.compactionId
  }
  return undefined
}

function sameSpan(session: Session, seqs: readonly number[], generation: number): boolean {
  const { nodes, replaceGeneration } = session.surface
  return replaceGeneration === generation && seqs.every((seq, i) => nodes[i] === seq)
}

export async function compact(options: CompactOptions): Promise<CompactOutcome> {
  const { session, turn } = options
  const busy = openCompaction(session.events)
  if (busy) throw new CompactionError('busy', `compaction ${busy} is still running`)
  const header = foldHeader(session)
  if (!header) throw new CompactionError('nothing', 'no request has been made yet, so there is nothing to compact')
  const generation = session.surface.replaceGeneration
  const plan = planCompaction(session.events, session.surface.nodes, options.retain)
  if (!plan) throw new CompactionError('nothing', 'the history is too short to compact')
  const compactionId = newId<string>()
  const start = session.append('compaction/start', { compactionId, turn })
  try {
    const { summary, usage } = await summarizeWithRetries(options, header, plan.messages)
    const checkpoint = `${CHECKPOINT_PREAMBLE}\n<compacted-summary>\n${summary}\n</compacted-summary>`
    const summaryTokens = estimateTextTokens(checkpoint)
    if (summaryTokens >= plan.shadowedTokenCount) {
      throw new CompactionError('summary', `summary (${summaryTokens} tokens) is not smaller than what it replaces (${plan.shadowedTokenCount} tokens)`)
    }
    if (!sameSpan(session, plan.shadowedSeqs, generation)) throw new CompactionError('changed', 'the history changed while it was being summarized')
    const first = plan.shadowedSeqs[0]!
    const last = plan.shadowedSeqs.at(-1)!
    const summaryEvent = session.append('compaction/summary', {
      compactionId, summary, shadowedRange: { start: first, end: last }, shadowedSeqs: plan.shadowedSeqs,
      shadowedTokenCount: plan.shadowedTokenCount, provider: header.config.provider, model: header.config.model,
      maxTokens: options.maxTokens, ...(usage ? { usage } : {}), llmStreamCall: true,
    })
    session.append('user/message', createUserMessage(checkpoint, { kind: 'plugin', plugin: 'compact', compactionId }), {
      surfaceOp: { op: 'replace', start: first, end: last },
      sourceEventSeqs: [start.seq, summaryEvent.seq, ...plan.shadowedSeqs],
    })
    session.append('compaction/end', { compactionId, turn })
    return { compactionId, shadowedCount: plan.shadowedSeqs.length, shadowedTokenCount: plan.shadowedTokenCount, summaryTokens }
  } catch (error) {
    const failure = error instanceof CompactionError ? error : new CompactionError('commit', `compaction failed: ${(error as Error).message}`)
    if (!session.isClosed) session.append('compaction/end', { compactionId, turn, error: `${failure.kind}: ${failure.message}` })
    throw failure
  }
}

async function summarizeWithRetries(options: CompactOptions, header: EpochHeader, messages: Parameters<typeof summarize>[2]) {
  let last: unknown
  for (let attempt = 0; attempt < options.attempts; attempt += 1) {
    try {
      return await summarize(options.ctx, header, messages, options.maxTokens, options.signal)
    } catch (error) {
      last = error
      if (options.signal.aborted || (error instanceof CompactionError && error.kind === 'cancelled')) break
    }
  }
  throw last
}
