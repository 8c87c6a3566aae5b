/**
 * The model-free pruning pass (dsh's compaction-tool-result-pruner): every current `tool/result`
 * surface node whose text is over the threshold is replaced by head + marker + tail through
 * `surfaceOp: replace` (a one-node shadow citing the original, which stays in the log), each
 * preceded by its `compaction/prune` shadow-price event. Plane: shared; pure over the session.
 * Contract: appends need an open turn (the log invariant); non-text blocks keep their order.
 * @module plugins/tool-result-pruner/prune
 */
import { estimateMessageTokens } from '../../llm/token-estimate.ts'
import type { ContentBlock, ToolResultMessage } from '../../llm/types.ts'
import type { Session } from '../../session/session.ts'
import type { SessionEvent } from '../../session/types.ts'
import type { CallId } from '../../util/brand.ts'
import { PRUNE_MARKER, codePointLength, type ResolvedPruneConfig } from './config.ts'

export interface PrunedEntry {
  /** The full-fidelity result the replacement shadows (still in the log). */
  readonly originalSeq: number
  readonly replacementSeq: number
  readonly callId: CallId
  readonly charsBefore: number
  readonly charsAfter: number
}

export interface PruneResult {
  readonly pruned: readonly PrunedEntry[]
  readonly charsRemoved: number
}

function textChars(blocks: readonly ContentBlock[]): number {
  let chars = 0
  for (const block of blocks) if (block.type === 'text') chars += codePointLength(block.text)
  return chars
}

/** `content` with its text middle replaced by the marker, or `null` when within the threshold. */
export function pruneContent(blocks: readonly ContentBlock[], config: ResolvedPruneConfig): ContentBlock[] | null {
  const total = textChars(blocks)
  if (total <= config.thresholdChars) return null
  const removedStart = config.headChars
  const removedEnd = total - config.tailChars
  const pruned: ContentBlock[] = []
  let consumed = 0
  let marked = false
  for (const block of blocks) {
    if (block.type !== 'text') {
      pruned.push(block)
      continue
    }
    const points = Array.from(block.text)
    const start = consumed
    consumed += points.length
    const headEnd = Math.min(points.length, Math.max(0, removedStart - start))
    const tailStart = Math.min(points.length, Math.max(0, removedEnd - start))
    const marker = !marked && start < removedEnd && consumed > removedStart ? PRUNE_MARKER : ''
    if (marker) marked = true
    const text = points.slice(0, headEnd).join('') + marker + points.slice(tailStart).join('')
    if (text.length > 0) pruned.push({ ...block, text })
  }
  return pruned
}

/** Tool-result blocks of `event` with the pruned content, or `undefined` when nothing is over budget. */
function prunedMessage(event: SessionEvent<'tool/result'>, config: ResolvedPruneConfig): { message: ToolResultMessage; before: number; after: number } | undefined {
  const block = event.data.message.content[0]
  const content = pruneContent(block.content, config)
  if (content === null) return undefined
  const message: ToolResultMessage = { ...event.data.message, content: [{ ...block, content }] }
  return { message, before: textChars(block.content), after: textChars(content) }
}

/** Over-budget `tool/result` nodes of the current surface, from one snapshot. */
export function pruneCandidates(session: Session, config: ResolvedPruneConfig): number {
  let count = 0
  for (const seq of session.surface.nodes) {
    const event = session.events[seq]!
    if (event.type === 'tool/result' && textChars(event.data.message.content[0].content) > config.thresholdChars) count++
  }
  return count
}

/**
 * Prunes every over-budget result of one stable surface snapshot.
 * @throws SessionAppendError / SessionInvariantError when the session refuses a replacement
 * (replacements committed earlier in the pass stay)
 */
export function pruneSession(session: Session, config: ResolvedPruneConfig): PruneResult {
  const candidates: SessionEvent<'tool/result'>[] = []
  for (const seq of session.surface.nodes) { // a frozen snapshot: the replacements below do not change it
    const event = session.events[seq]!
    if (event.type === 'tool/result') candidates.push(event)
  }
  const pruned: PrunedEntry[] = []
  let charsRemoved = 0
  for (const event of candidates) {
    const next = prunedMessage(event, config)
    if (!next) continue
    const { seq } = event
    session.append('compaction/prune', {
      shadowedRange: { start: seq, end: seq }, shadowedSeqs: [seq],
      shadowedTokenCount: estimateMessageTokens(event.data.message),
    })
    const replacement = session.append('tool/result', { ...event.data, message: next.message }, {
      surfaceOp: { op: 'replace', start: seq, end: seq },
      sourceEventSeqs: [seq],
    })
    pruned.push({ originalSeq: seq, replacementSeq: replacement.seq, callId: event.data.message.source.callId, charsBefore: next.before, charsAfter: next.after })
    charsRemoved += next.before - next.after
  }
  return { pruned, charsRemoved }
}
