/**
 * A snippet of a matching text around its first matched term, with the match ranges marked as
 * offsets (never HTML: the page renders text and `<mark>` elements from them). Plane: shared; pure.
 * @module session-query/snippet
 */

export interface Snippet {
  /** Plain text, possibly with a leading/trailing `…`. */
  readonly text: string
  /** `[start, end)` offsets into `text` of each matched term, in order, not overlapping. */
  readonly marks: readonly (readonly [number, number])[]
}

const WIDTH = 160
const LEAD = 40

function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The snippet of `text` around the first of `terms` (matched case-insensitively, as word prefixes). */
export function snippetOf(text: string, terms: readonly string[]): Snippet {
  const flat = text.replace(/\s+/g, ' ')
  const words = terms.filter((t) => t.length > 0).sort((a, b) => b.length - a.length).map(escapeRegExp)
  const pattern = words.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})`, 'giu') : undefined
  const first = pattern ? flat.search(pattern) : -1
  const start = first > LEAD ? first - LEAD : 0
  const end = Math.min(flat.length, start + WIDTH)
  const prefix = start > 0 ? '…' : ''
  const body = flat.slice(start, end)
  const out = `${prefix}${body}${end < flat.length ? '…' : ''}`
  const marks: [number, number][] = []
  if (pattern) {
    pattern.lastIndex = 0
    for (const match of body.matchAll(pattern)) marks.push([prefix.length + match.index, prefix.length + match.index + match[0].length])
  }
  return { text: out, marks }
}
