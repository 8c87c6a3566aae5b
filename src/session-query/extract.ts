/**
 * The searchable text of one logged event: what the user wrote, what the assistant answered
 * (text, not reasoning or call arguments) and what a tool returned. Other events, and user-role
 * messages a plugin wrote (instructions, notices), have none. Plane: shared; pure.
 * @module session-query/extract
 */
import type { ContentBlock } from '../llm/types.ts'
import type { SessionEvent } from '../session/types.ts'

export type SearchableType = 'user/message' | 'assistant/message' | 'tool/result'

/** Text indexed per event, at most (a longer tool result is searchable by its first part only). */
export const MAX_INDEXED_CHARS = 10_000

function textOf(blocks: readonly ContentBlock[]): string {
  const parts: string[] = []
  for (const block of blocks) {
    if (block.type === 'text') parts.push(block.text)
    else if (block.type === 'tool-result') parts.push(textOf(block.content))
  }
  return parts.join('\n')
}

/** The event's searchable type and text (cut to `MAX_INDEXED_CHARS`), or undefined when it has none. */
export function searchableText(event: SessionEvent): { type: SearchableType; text: string } | undefined {
  let text: string
  switch (event.type) {
    case 'user/message':
      if (event.data.source.kind !== 'user') return undefined
      text = textOf(event.data.content)
      break
    case 'assistant/message':
      text = textOf(event.data.message.content)
      break
    case 'tool/result':
      text = textOf(event.data.message.content)
      break
    default:
      return undefined
  }
  const trimmed = text.trim()
  return trimmed ? { type: event.type, text: trimmed.slice(0, MAX_INDEXED_CHARS) } : undefined
}
