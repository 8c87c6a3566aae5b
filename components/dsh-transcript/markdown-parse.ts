/**
 * A small, safe markdown parser for untrusted model and tool text: produces an AST that the
 * page renders to Lit templates. Plane: main (pure; no DOM); lazy-loaded with markdown-render.ts.
 * Contract: no HTML is ever parsed (angle brackets stay text); every link/image URL is either
 * an absolute http(s)/mailto URL (links) or http(s) URL (images), or `null` (rendered as text).
 * @module components/dsh-transcript/markdown-parse
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string | null; children: Inline[] }
  | { type: 'image'; src: string | null; alt: string }
  | { type: 'break' }

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'hr' }

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const IMAGE_PROTOCOLS = new Set(['http:', 'https:'])

/** @returns the normalized absolute URL when its protocol is allowed, else null. */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null // relative or malformed: never resolved against the host page
  }
  return (kind === 'link' ? LINK_PROTOCOLS : IMAGE_PROTOCOLS).has(url.protocol) ? url.href : null
}

const FENCE = /^ {0,3}(```+|~~~+)\s*([\w+-]*)/
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const HR = /^ {0,3}([-*_])(\s*\1){2,}\s*$/
const BULLET = /^( {0,3})([-*+])\s+(.*)$/
const ORDERED = /^( {0,3})(\d{1,9})[.)]\s+(.*)$/
const QUOTE = /^ {0,3}>\s?(.*)$/

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'))
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === '') { i++; continue }
    const fence = FENCE.exec(line)
    if (fence) { i = parseFence(lines, i, fence[1]!, fence[2]!, blocks); continue }
    const heading = HEADING.exec(line)
    if (heading) { blocks.push({ type: 'heading', level: heading[1]!.length, children: parseInline(heading[2]!) }); i++; continue }
    if (HR.test(line)) { blocks.push({ type: 'hr' }); i++; continue }
    if (QUOTE.test(line)) { i = parseQuote(lines, i, blocks); continue }
    if (BULLET.test(line) || ORDERED.test(line)) { i = parseList(lines, i, blocks); continue }
    i = parseParagraph(lines, i, blocks)
  }
  return blocks
}

function parseFence(lines: string[], start: number, marker: string, lang: string, out: Block[]): number {
  const body: string[] = []
  let i = start + 1
  while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!)
  out.push({ type: 'code', lang, text: body.join('\n') })
  return i + 1
}

function parseQuote(lines: string[], start: number, out: Block[]): number {
  const body: string[] = []
  let i = start
  for (let m; i < lines.length && (m = QUOTE.exec(lines[i]!)); i++) body.push(m[1]!)
  out.push({ type: 'quote', children: parseBlocks(body) })
  return i
}

function parseList(lines: string[], start: number, out: Block[]): number {
  const ordered = !BULLET.test(lines[start]!)
  const pattern = ordered ? ORDERED : BULLET
  const items: string[][] = []
  let i = start
  while (i < lines.length) {
    const line = lines[i]!
    const m = pattern.exec(line)
    if (m) { items.push([m[3]!]); i++; continue }
    if (line.trim() === '' && i + 1 < lines.length && (pattern.exec(lines[i + 1]!) || /^\s{2,}\S/.test(lines[i + 1]!))) { items[items.length - 1]!.push(''); i++; continue }
    if (/^\s{2,}\S/.test(line)) { items[items.length - 1]!.push(line.replace(/^\s{2,4}/, '')); i++; continue }
    break
  }
  const first = ordered ? Number(ORDERED.exec(lines[start]!)![2]) : 1
  out.push({ type: 'list', ordered, start: first, items: items.map(parseBlocks) })
  return i
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line)
}

function parseParagraph(lines: string[], start: number, out: Block[]): number {
  const body: string[] = []
  let i = start
  while (i < lines.length && lines[i]!.trim() !== '' && (i === start || !startsBlock(lines[i]!))) body.push(lines[i++]!)
  out.push({ type: 'paragraph', children: parseInline(body.join('\n')) })
  return i
}

/** Where a span or an escape may start (a break needs two spaces); text runs between are copied whole. */
const SPECIAL = /[`![<*_~\\]| {2}/g
const CODE = /(`+)([\s\S]*?[^`])\1(?!`)/y
const IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/y
const LINK = /\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/y
const AUTOLINK = /<((?:https?|mailto):[^\s<>]+)>/iy
const STRONG = /(\*\*|__)(?=\S)([\s\S]*?\S)\1/y
const DEL = /~~(?=\S)([\s\S]*?\S)~~/y
const EM = /([*_])(?=\S)([\s\S]*?\S)\1(?![*_])/y
const BREAK = /(?: {2,}|\\)\n/y
const ESCAPABLE = /[\\`*_[\]()!~<>#-]/

/** Inline spans: code, images, links, autolinks, strong/em/del, hard breaks; everything else text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  let plain = ''
  const flush = () => { if (plain) out.push({ type: 'text', text: plain }); plain = '' }
  let i = 0
  while (i < text.length) {
    SPECIAL.lastIndex = i
    const next = SPECIAL.exec(text)?.index ?? text.length
    plain += text.slice(i, next)
    if ((i = next) >= text.length) break
    const span = matchSpan(text, i)
    if (span) { flush(); out.push(span.node); i = span.end; continue }
    if (text[i] === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) { plain += text[i + 1]; i += 2; continue }
    plain += text[i++]
  }
  flush()
  return out
}

interface Span { node: Inline; end: number }

/** The span the sticky `pattern` matches exactly at `i`, built by `node`, or undefined. */
function span(pattern: RegExp, text: string, i: number, node: (m: RegExpExecArray) => Inline): Span | undefined {
  pattern.lastIndex = i
  const m = pattern.exec(text)
  return m ? { node: node(m), end: i + m[0].length } : undefined
}

/** Only the patterns that can start with the character at `i`, in precedence order. */
function matchSpan(text: string, i: number): Span | undefined {
  switch (text[i]) {
    case '`': return span(CODE, text, i, (m) => ({ type: 'code', text: m[2]!.trim() }))
    case '!': return span(IMAGE, text, i, (m) => ({ type: 'image', alt: m[1]!, src: safeUrl(m[2]!, 'image') }))
    case '[': return span(LINK, text, i, (m) => ({ type: 'link', href: safeUrl(m[2]!), children: parseInline(m[1]!) }))
    case '<': return span(AUTOLINK, text, i, (m) => ({ type: 'link', href: safeUrl(m[1]!), children: [{ type: 'text', text: m[1]! }] }))
    case '~': return span(DEL, text, i, (m) => ({ type: 'del', children: parseInline(m[1]!) }))
    case ' ': case '\\': return span(BREAK, text, i, () => ({ type: 'break' }))
    default: return span(STRONG, text, i, (m) => ({ type: 'strong', children: parseInline(m[2]!) })) ?? emphasis(text, i)
  }
}

/** `*em*` / `_em_`; an underscore inside a word (snake_case) is text. */
function emphasis(text: string, i: number): Span | undefined {
  if (text[i] === '_' && /\w/.test(text[i - 1] ?? '')) return undefined
  return span(EM, text, i, (m) => ({ type: 'em', children: parseInline(m[2]!) }))
}
