/**
 * Chooses what to compact: the oldest surface nodes, keeping at least `retain` tokens of tail
 * verbatim, never splitting an assistant tool-call message from its results.
 * Plane: shared; pure over the session log. Contract: returns nodes [0, cut) with cut > 0, or
 * undefined when nothing can be compacted.
 * @module plugins/compaction/plan
 */
import { estimateMessageTokens } from '../../llm/token-estimate.ts'
import type { Message } from '../../llm/types.ts'
import type { SessionEvent } from '../../session/types.ts'

export interface CompactionPlan {
  /** Surface node seqs being replaced, in surface order. */
  shadowedSeqs: number[]
  /** Their messages (empty assistant messages included as stored). */
  messages: Message[]
  shadowedTokenCount: number
}

function messageOf(event: SessionEvent): Message {
  switch (event.type) {
    case 'user/message': return event.data
    case 'assistant/message': return event.data.message
    case 'tool/result': return event.data.message
    default: throw new Error(`compaction: surface node ${event.seq} is a ${event.type}, not a message event`)
  }
}

/** Positions where a cut leaves no tool call of the compacted part without its result. */
function balancedCuts(messages: readonly Message[]): boolean[] {
  const pending = new Set<string>()
  const ok: boolean[] = [true]
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool-call') pending.add(block.id)
      if (block.type === 'tool-result') pending.delete(block.toolCallId)
    }
    ok.push(pending.size === 0)
  }
  return ok
}

export function planCompaction(events: readonly SessionEvent[], nodes: readonly number[], retain: number): CompactionPlan | undefined {
  const messages = nodes.map((seq) => messageOf(events[seq]!))
  const tokens = messages.map((message) => estimateMessageTokens(message))
  let cut = messages.length
  let tail = 0
  while (cut > 0 && tail < retain) {
    cut -= 1
    tail += tokens[cut]!
  }
  const balanced = balancedCuts(messages)
  while (cut > 0 && !balanced[cut]) cut -= 1
  if (cut === 0) return undefined
  return {
    shadowedSeqs: nodes.slice(0, cut),
    messages: messages.slice(0, cut),
    shadowedTokenCount: tokens.slice(0, cut).reduce((sum, n) => sum + n, 0),
  }
}
