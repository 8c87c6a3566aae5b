/**
 * Find in a session: which transcript items hold a text, searched in the folded items (the
 * session's loaded log), never in the DOM. Plane: main; pure. Contract: case-insensitive, plain
 * substring; an item's searchable text is what the reader can see or open on it (message text,
 * reasoning, a tool's name, arguments and result, a notice).
 * @module components/dsh-transcript/find-match
 */
import type { TranscriptItem } from '../../src/protocol/index.ts'

const texts = new WeakMap<TranscriptItem, string>()

/** The item's searchable text, lower-cased (kept per item object: unchanged items are not read again). */
export function searchableText(item: TranscriptItem): string {
  let text = texts.get(item)
  if (text !== undefined) return text
  switch (item.kind) {
    case 'user': text = item.text; break
    case 'assistant': text = item.parts.map((p) => p.text).join('\n'); break
    case 'tool': text = [item.name, item.arguments, item.result?.text ?? ''].join('\n'); break
    case 'notice': text = `${item.text}\n${item.detail ?? ''}`; break
    case 'turn-end': text = item.reason.kind === 'error' ? item.reason.error.message : ''
  }
  text = text.toLowerCase()
  texts.set(item, text)
  return text
}

/** Keys of the items that contain `query`, oldest first; none for a blank query. */
export function findMatches(items: readonly TranscriptItem[], query: string): string[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return []
  const keys: string[] = []
  for (const item of items) if (searchableText(item).includes(needle)) keys.push(item.key)
  return keys
}
