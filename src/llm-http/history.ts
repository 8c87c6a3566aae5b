/**
 * History helpers the wire serializers share: adjacent user-role messages merged into one (strict
 * user/assistant alternation; the runtime-context reminder folded into the user's message; tool
 * results of one step in one turn), the provider's replay state of an assistant message, and the
 * text of a block list. Plane: shared; pure. Contract: inputs are never mutated.
 * @module llm-http/history
 */
import type { ContentBlock, Message } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'

/** The messages with each run of adjacent `user` messages merged into one (blocks in order). */
export function mergeAdjacentUserMessages(messages: readonly Message[]): Message[] {
  const out: Message[] = []
  for (const message of messages) {
    const last = out.at(-1)
    if (message.role === 'user' && last?.role === 'user') out[out.length - 1] = { ...last, content: [...last.content, ...message.content] }
    else out.push(message)
  }
  return out
}

/** The replay state `provider` left on an assistant message, as an object (else `{}`). */
export function replayStateOf(message: Message, provider: string): Record<string, JsonValue> {
  const source = message.source
  if (source.kind !== 'model' || source.provider !== provider) return {}
  const state = source.replayState
  return typeof state === 'object' && state !== null && !Array.isArray(state) ? state : {}
}

/** The per-call entry `replay.calls[id]` (opaque provider fields of one tool call). */
export function callReplay(replay: Record<string, JsonValue>, id: string): Record<string, JsonValue> | undefined {
  const calls = replay.calls
  const entry = typeof calls === 'object' && calls !== null && !Array.isArray(calls) ? calls[id] : undefined
  return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : undefined
}

/** The text of the blocks of one kind, joined by newlines. */
export function textOf(blocks: readonly ContentBlock[], type: 'text' | 'reasoning' = 'text'): string {
  return blocks.flatMap((block) => (block.type === type ? [block.text] : [])).join('\n')
}

/** Tool-call arguments as an object for formats that send parsed input (invalid JSON → `{}`). */
export function parsedArguments(text: string): { [key: string]: JsonValue } {
  try {
    const value = JSON.parse(text) as JsonValue
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}
