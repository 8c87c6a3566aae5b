/**
 * What `web_fetch` shows of a page: the section a `#fragment` names or a character range
 * (`offset`/`limit`), within a budget of characters and UTF-8 bytes (the spill's cap, so the spill
 * never splices a fetch), with the range and total stated in the header, the page's headings and
 * their fragments listed when the page does not fit, and every cut marked where it happens.
 * Plane: shared; pure.
 * @module tool-web/page-view
 */
import { utf8Length } from '../fs/utf8.ts'
import type { PageHeading } from './html-markdown.ts'
import type { Range } from './marker-text.ts'

export interface PageText {
  readonly markdown: string
  readonly headings: readonly PageHeading[]
  section(id: string): Range | undefined
}

export interface ViewRequest {
  /** The page's URL as fetched (no fragment). */
  readonly url: string
  readonly statusCode: number
  /** Without `#`; '' for none. */
  readonly fragment: string
  readonly offset?: number | undefined
  readonly limit?: number | undefined
}

export interface ViewBudget { readonly maxChars: number; readonly maxBytes: number }

/** Room kept for the cut notice. */
const NOTICE_RESERVE = 240
/** The heading list takes at most this share of the budget. */
const OUTLINE_SHARE = 0.25
/** A budget cut moves back to a line break when one is this close to the limit. */
const LINE_SLACK = 0.2

const count = (n: number): string => n.toLocaleString('en-US')

/** The headings as a list, the deepest levels left out (and then the tail) until it fits `maxChars`. */
function outline(headings: readonly PageHeading[], url: string, maxChars: number): string {
  const named = headings.filter((heading) => heading.text !== '')
  if (named.length === 0) return ''
  const intro = `Headings (web_fetch ${url}#<fragment> reads one section; offset/limit read characters):\n`
  const line = (heading: PageHeading, top: number) => `${'  '.repeat(heading.level - top)}- ${heading.text}${heading.fragment ? ` #${heading.fragment}` : ''}`
  const top = Math.min(...named.map((heading) => heading.level))
  for (let deepest = 6; deepest >= top; deepest--) {
    const kept = named.filter((heading) => heading.level <= deepest)
    const text = intro + kept.map((heading) => line(heading, top)).join('\n')
    if (text.length <= maxChars || deepest === top) {
      if (text.length <= maxChars) return `${text}${kept.length < named.length ? `\n(${named.length - kept.length} deeper headings not listed)` : ''}\n\n`
      const lines: string[] = []
      let size = intro.length
      for (const heading of kept) {
        const next = line(heading, top)
        if (size + next.length + 1 > maxChars - 60) break
        lines.push(next)
        size += next.length + 1
      }
      return `${intro}${lines.join('\n')}\n(${named.length - lines.length} more headings not listed)\n\n`
    }
  }
  return ''
}

/** The end of a prefix of `text` from `start` to at most `end` whose UTF-8 size is at most `maxBytes`. */
function endWithinBytes(text: string, start: number, end: number, maxBytes: number): number {
  if (end - start <= maxBytes / 3 || utf8Length(text.slice(start, end)) <= maxBytes) return end
  let bytes = 0
  let at = start
  while (at < end) {
    const code = text.codePointAt(at)!
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (bytes + size > maxBytes) break
    bytes += size
    at += code >= 0x10000 ? 2 : 1
  }
  return at
}

/** The model-facing text of a fetched page. */
export function viewPage(page: PageText, request: ViewRequest, budget: ViewBudget): string {
  const { markdown } = page
  let header = `Fetched ${request.url} (HTTP ${request.statusCode})\n`
  let selection: Range = { start: 0, end: markdown.length }
  let selectionName = 'the page'
  if (request.fragment !== '') {
    const section = page.section(request.fragment)
    if (section) {
      selection = section
      selectionName = `section #${request.fragment}`
    } else {
      header += `No element with id "${request.fragment}" on this page; showing the page from the start.\n`
    }
  }
  const total = selection.end - selection.start
  const wholeFits = markdown.length + header.length + 2 <= budget.maxChars && utf8Length(markdown) + header.length + 2 <= budget.maxBytes
  // The headings are listed on a first look at a long page (not on every section or range read).
  const firstLook = selectionName === 'the page' && (request.offset ?? 0) === 0
  const list = wholeFits || !firstLook ? '' : outline(page.headings, request.url, Math.floor(budget.maxChars * OUTLINE_SHARE))
  const offset = Math.min(Math.max(0, request.offset ?? 0), total)
  const wanted = Math.min(total - offset, request.limit ?? Number.POSITIVE_INFINITY)
  // The room left for the body once the header (with its range line), the outline and a notice are counted.
  const fixed = header.length + 120 + list.length + NOTICE_RESERVE
  const room = Math.max(0, budget.maxChars - fixed)
  const from = selection.start + offset
  let to = from + Math.min(wanted, room)
  to = endWithinBytes(markdown, from, to, Math.max(0, budget.maxBytes - utf8Length(header + list) - 120 - NOTICE_RESERVE))
  const cutByBudget = to < from + wanted
  if (cutByBudget) {
    const lineBreak = markdown.lastIndexOf('\n', to)
    if (lineBreak > from && to - lineBreak <= (to - from) * LINE_SLACK) to = lineBreak
  }
  const shownStart = from - selection.start
  const shownEnd = to - selection.start
  const partial = shownStart > 0 || shownEnd < total
  if (request.fragment !== '' && selectionName !== 'the page') header += `Showing ${selectionName}: characters ${count(shownStart)}–${count(shownEnd)} of its ${count(total)} (the page has ${count(markdown.length)}).\n`
  else if (partial) header += `Showing characters ${count(shownStart)}–${count(shownEnd)} of ${count(total)}.\n`
  const body = markdown.slice(from, to)
  const where = request.fragment !== '' && selectionName !== 'the page' ? `${request.url}#${request.fragment}` : request.url
  const notice = shownEnd < total
    ? `\n\n[Cut here: characters ${count(shownEnd)}–${count(total)} of ${selectionName} are not shown. Read on with web_fetch {"url": "${where}", "offset": ${shownEnd}}.]`
    : ''
  const before = shownStart > 0 ? `[Characters 0–${count(shownStart)} of ${selectionName} are not shown.]\n\n` : ''
  return `${header}\n${list}${before}${body}${notice}`
}
