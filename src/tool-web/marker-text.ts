/**
 * The converter's output buffer: committed parts plus a short working tail that edits (trims,
 * table cells, quotes) touch, so long pages stay linear; and markers — invisible placeholders
 * written where a heading or an id's element starts and ends, which survive those edits and
 * resolve to offsets in the final, whitespace-normalized markdown. Plane: shared; pure.
 * @module tool-web/marker-text
 */

export interface Range { readonly start: number; readonly end: number }

const OPEN = '\uE000'
const CLOSE = '\uE001'
const MARKER = /\uE000([0-9a-z]+)\uE001/g
const MARKER_CHARS = /[\uE000\uE001]/g

/** Page text without the two private-use characters markers are made of. */
export const clean = (text: string): string => text.replace(MARKER_CHARS, '')
const visible = (text: string): string => text.replace(MARKER, '')

/** `text` with `pattern` replaced, moving `positions` (ascending offsets into `text`) along. */
function replaceTracked(text: string, pattern: RegExp, replacement: string, positions: number[]): string {
  let result = ''
  let last = 0
  let p = 0
  for (const match of text.matchAll(pattern)) {
    const start = match.index
    const end = start + match[0].length
    result += text.slice(last, start)
    while (p < positions.length && positions[p]! <= start) positions[p] = positions[p++]! - last + result.length - (start - last)
    while (p < positions.length && positions[p]! <= end) positions[p++] = result.length + replacement.length
    result += replacement
    last = end
  }
  const shift = result.length - last
  while (p < positions.length) positions[p] = positions[p++]! + shift
  return result + text.slice(last)
}

export class MarkerText {
  private readonly parts: string[] = []
  private committed = 0
  private out = ''
  private markers = 0

  /** Length so far (markers included): the offsets `*Since` methods take. */
  get length(): number { return this.committed + this.out.length }

  append(text: string): void { this.out += text }

  /** Writes a marker here and returns its number (resolved by `finish`). */
  mark(): number {
    const n = this.markers++
    this.out += `${OPEN}${n.toString(36)}${CLOSE}`
    return n
  }

  endsWith(text: string): boolean { return this.out.endsWith(text) }

  /** The last visible character ('' when none is in the working tail). */
  lastChar(): string {
    let end = this.out.length
    while (end > 0 && this.out[end - 1] === CLOSE) end = this.out.lastIndexOf(OPEN, end - 1)
    return end > 0 ? this.out[end - 1]! : ''
  }

  /** Drops trailing characters in `chars` (no regex over the whole buffer: deep pages stay linear). */
  trimEnd(chars: string): void {
    let end = this.out.length
    while (end > 0 && chars.includes(this.out[end - 1]!)) end--
    if (end !== this.out.length) this.out = this.out.slice(0, end)
  }

  private local(offset: number): number { return Math.max(0, offset - this.committed) }

  blankSince(offset: number): boolean { return visible(this.out.slice(this.local(offset))).trim() === '' }

  visibleSince(offset: number): string { return visible(this.out.slice(this.local(offset))) }

  /** Removes and returns what was written since `offset` (markers included: the caller re-appends them). */
  cutSince(offset: number): string {
    const at = this.local(offset)
    const cut = this.out.slice(at)
    this.out = this.out.slice(0, at)
    return cut
  }

  /** Removes the text written since `offset`, keeping its markers. */
  dropSince(offset: number): void {
    const cut = this.cutSince(offset)
    this.out += cut.match(MARKER)?.join('') ?? ''
  }

  replaceSince(offset: number, edit: (text: string) => string): void {
    const at = this.local(offset)
    this.out = this.out.slice(0, at) + edit(this.out.slice(at))
  }

  /** Indents every line after the first written since `offset`. */
  indentSince(offset: number, indent: string): void {
    this.replaceSince(offset, (text) => text.replaceAll('\n', `\n${indent}`))
  }

  /** Moves all but the last `keep` characters into the committed parts once the tail reaches `at` (never inside a marker). */
  commit(at: number, keep: number): void {
    if (this.out.length < at) return
    let cut = this.out.length - keep
    const open = this.out.lastIndexOf(OPEN, cut - 1)
    if (open > this.out.lastIndexOf(CLOSE, cut - 1)) cut = open
    this.parts.push(this.out.slice(0, cut))
    this.committed += cut
    this.out = this.out.slice(cut)
  }

  /**
   * The markdown (markers removed, trailing spaces and blank-line runs collapsed, trimmed, `prefix`
   * prepended) and where each marker landed in it.
   */
  finish(prefix: (body: string) => string): { markdown: string; at: (marker: number) => number } {
    const raw = this.parts.join('') + this.out
    const order: number[] = []
    const positions: number[] = []
    let stripped = ''
    let last = 0
    for (const match of raw.matchAll(MARKER)) {
      stripped += raw.slice(last, match.index)
      order.push(parseInt(match[1]!, 36))
      positions.push(stripped.length)
      last = match.index + match[0].length
    }
    stripped += raw.slice(last)
    let body = replaceTracked(stripped, /[ \t]+\n/g, '\n', positions)
    body = replaceTracked(body, /\n{3,}/g, '\n\n', positions)
    body = replaceTracked(body, /^\s+/g, '', positions)
    body = replaceTracked(body, /\s+$/g, '', positions)
    const head = prefix(body)
    const byMarker = new Map<number, number>()
    order.forEach((marker, k) => byMarker.set(marker, Math.min(positions[k]!, body.length) + head.length))
    const markdown = head + body
    return { markdown, at: (marker) => byMarker.get(marker) ?? markdown.length }
  }
}
