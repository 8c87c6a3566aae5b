/**
 * HTML → markdown inside the worker (no `DOMParser` there): a scan (`html-scan.ts`) finds the main
 * content when the page marks none and the layout tables, then one streaming pass over
 * htmlparser2's tokens writes markdown — no DOM is built, so a 500 KB page converts in
 * milliseconds. Chrome (nav, TOCs, footers, sidebars) is dropped, links made absolute, code fences
 * keep their language, permalinks and id-only anchors vanish, data tables stay GFM tables. It also
 * says where each heading and each id's section lies in the markdown (for `#fragment` reads).
 * Plane: worker/shared; imported lazily by the tool. Contract: never throws for any input.
 * @module tool-web/html-markdown
 */
import { Parser } from 'htmlparser2'
import { isChrome, isMainElement, scanPage } from './html-scan.ts'
import { clean, MarkerText, type Range } from './marker-text.ts'

export interface PageHeading {
  readonly level: number
  /** Plain text (link syntax removed). */
  readonly text: string
  /** The id that names this heading's section (`#fragment`), when the page gives one. */
  readonly fragment: string | undefined
  /** Where the heading and what belongs to it (up to the next heading of its level or above) lie. */
  readonly section: Range
}

export interface ConvertedPage {
  readonly markdown: string
  readonly headings: readonly PageHeading[]
  /** The range an id selects: its heading's section, its element, or a `dt`'s whole `dl`. */
  section(id: string): Range | undefined
}

const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'aside', 'figure', 'figcaption', 'details', 'summary', 'dl', 'dt', 'dd', 'address', 'table'])
const LAYOUT_CELLS = new Set(['tr', 'td', 'th', 'thead', 'tbody', 'tfoot'])
const INLINE_MARKS: Record<string, string> = { strong: '**', b: '**', em: '*', i: '*', del: '~~', s: '~~', strike: '~~' }
const PERMALINK_TEXT = new Set(['', '¶', '#', '§', '🔗', '∞'])
const FENCE_LANGUAGE = /(?:^|\s)(?:language|lang|highlight)-([\w+#.-]+)/
const NO_LANGUAGE = new Set(['default', 'none', 'text', 'plain', 'plaintext', 'nohighlight'])
/** The working tail is committed past this length, keeping this many characters for trims and endsWith checks. */
const COMMIT_AT = 1024
const TAIL_KEEP = 256

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href, base)
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function fenceLanguage(className: string | undefined): string | undefined {
  const match = FENCE_LANGUAGE.exec(className ?? '')
  if (!match) return undefined
  const language = match[1]!.toLowerCase()
  return NO_LANGUAGE.has(language) ? '' : language === 'python3' ? 'python' : language
}

interface IdRecord { id: string; start: number; end?: number; heading?: number }
interface Frame { name: string; main: boolean; chrome: boolean; ids: IdRecord[]; language: string | undefined; layout?: boolean }
interface Link { href: string | undefined; start: number; anchorOnly: boolean; fragmentOnly: boolean }
interface List { ordered: boolean; items: number; indent: string; content: string; itemStart: number | undefined }
interface HeadingRecord { level: number; start: number; end: number; ids: string[] }

/** `html` (served from `pageUrl`) as markdown with its headings and id sections. */
export function convertPage(html: string, pageUrl: string): ConvertedPage {
  const scan = scanPage(html)
  const text = new MarkerText()
  let index = 0
  let title = ''
  let inTitle = false
  let skip = 0
  let pre = 0
  let preStart = 0
  let fence: string | undefined
  let code = 0
  /** Emitting: everywhere, or only inside the main content when the page has one. */
  let scope = scan.marksMain || scan.contentIndex >= 0 ? 0 : 1
  const frames: Frame[] = []
  const ids: IdRecord[] = []
  const headings: HeadingRecord[] = []
  let heading: HeadingRecord | undefined
  const links: Link[] = []
  const lists: List[] = []
  const quotes: number[] = []
  const cells: number[] = []
  const tables: boolean[] = []
  let row: string[] | undefined
  let rowsInTable = 0
  const on = () => skip === 0 && scope > 0
  const holdsOffsets = () => quotes.length > 0 || cells.length > 0 || row !== undefined || links.length > 0 || pre > 0 || lists.some((list) => list.itemStart !== undefined)
  const block = (opening = '') => {
    const item = lists.at(-1)
    if (item?.itemStart !== undefined && text.blankSince(item.itemStart)) { text.append(opening); return }
    text.trimEnd(' \t')
    if (item?.itemStart !== undefined) { text.append(`\n\n${item.content}${opening}`); return }
    if (text.length > 0 && !text.endsWith('\n\n')) text.append(text.endsWith('\n') ? '\n' : '\n\n')
    text.append(opening)
  }
  const openFence = () => {
    if (fence === undefined) return
    text.append(`\`\`\`${fence}\n`)
    fence = undefined
  }
  const inLayoutTable = () => tables.at(-1) === true

  const parser = new Parser({
    onopentag(name, attrs) {
      if (!holdsOffsets()) text.commit(COMMIT_AT, TAIL_KEEP)
      if (name === 'title') inTitle = true
      const elementIndex = index++
      const main = scan.marksMain ? isMainElement(name, attrs) : elementIndex === scan.contentIndex
      const chrome = isChrome(name, attrs)
      const frame: Frame = { name, main, chrome, ids: [], language: fenceLanguage(attrs.class) ?? frames.at(-1)?.language }
      frames.push(frame)
      if (main) scope++
      const id = attrs.id ?? (name === 'a' ? attrs.name : undefined)
      if (id && scope > 0) {
        const record: IdRecord = { id, start: text.mark() }
        ids.push(record)
        const isHeading = /^h[1-6]$/.test(name)
        if (isHeading) record.heading = headings.length
        else if (heading) { record.heading = headings.length - 1; heading.ids.push(id) }
        // A definition term's id names the whole definition (Sphinx: dt#os.walk in dl.py.function).
        const owner = name === 'dt' ? frames.findLast((open, at) => at < frames.length - 1 && open.name === 'dl') : undefined
        ;(owner ?? frame).ids.push(record)
      }
      if (chrome) skip++
      if (!on()) return
      if (/^h[1-6]$/.test(name)) {
        const level = Number(name[1])
        heading = { level, start: text.mark(), end: -1, ids: id ? [id] : [] }
        headings.push(heading)
        block(`${'#'.repeat(level)} `)
      } else if (name === 'pre') { pre++; block(); preStart = text.length; fence = frame.language ?? '' }
      else if (name === 'code' && pre > 0) { if (fence === '') fence = fenceLanguage(attrs.class) ?? '' }
      else if (name === 'code') { code++; text.append('`') }
      else if (name in INLINE_MARKS) text.append(INLINE_MARKS[name]!)
      else if (name === 'a') {
        const anchorOnly = attrs.href === undefined
        links.push({ href: absolute(attrs.href, pageUrl), start: text.length, anchorOnly, fragmentOnly: (attrs.href ?? '').startsWith('#') || /(?:^|\s)headerlink(?:\s|$)/.test(attrs.class ?? '') })
        if (!anchorOnly) text.append('[')
      } else if (name === 'img') { if (attrs.alt) text.append(`![${clean(attrs.alt)}](${absolute(attrs.src, pageUrl) ?? ''})`) }
      else if (name === 'br') text.append('\n')
      else if (name === 'hr') block('---\n\n')
      else if (name === 'ul' || name === 'ol') {
        const parent = lists.at(-1)
        if (!parent) block()
        lists.push({ ordered: name === 'ol', items: 0, indent: parent?.content ?? '', content: parent?.content ?? '', itemStart: undefined })
      } else if (name === 'li') {
        const list = lists.at(-1)
        if (!list) return
        const marker = list.ordered ? `${list.items + 1}. ` : '- '
        if (list.items > 0) { text.trimEnd(' \t\n'); text.append('\n') }
        else { text.trimEnd(' \t'); if (text.length > 0 && !text.endsWith('\n')) text.append('\n') }
        text.append(`${list.indent}${marker}`)
        list.items++
        list.content = list.indent + ' '.repeat(marker.length)
        list.itemStart = text.length
      } else if (name === 'blockquote') { block(); quotes.push(text.length) }
      else if (name === 'table') {
        tables.push(scan.layoutTables.has(elementIndex))
        frame.layout = inLayoutTable()
        rowsInTable = 0
        block()
      } else if (LAYOUT_CELLS.has(name) && inLayoutTable()) block()
      else if (name === 'tr') row = []
      else if (name === 'th' || name === 'td') cells.push(text.length)
      else if (BLOCKS.has(name)) block()
    },
    ontext(chunk) {
      if (inTitle) title += chunk
      if (!on()) return
      chunk = clean(chunk)
      if (pre > 0) { openFence(); text.append(chunk); return }
      let collapsed = chunk.replace(/\s+/g, ' ')
      if (text.length === 0 || /[\s[]/.test(text.lastChar())) collapsed = collapsed.trimStart()
      if (links.some((link) => !link.anchorOnly) && code === 0) collapsed = collapsed.replace(/[[\]]/g, '\\$&')
      text.append(collapsed)
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false
      const frame = frames.pop()
      if (on()) closeEmitting(name)
      if (frame) {
        for (const record of frame.ids) record.end = text.mark()
        if (frame.chrome) skip = Math.max(0, skip - 1)
        if (frame.main) scope--
        if (frame.layout !== undefined) tables.pop()
      }
    },
  }, { decodeEntities: true })

  function closeEmitting(name: string): void {
    if (/^h[1-6]$/.test(name)) {
      if (heading) { heading.end = text.mark(); heading = undefined }
      block()
    } else if (name === 'pre') {
      openFence()
      pre = Math.max(0, pre - 1)
      text.trimEnd('\n')
      text.append('\n```')
      const item = lists.at(-1)
      if (item?.itemStart !== undefined) text.indentSince(preStart, item.content)
      block()
    } else if (name === 'code' && pre > 0) { /* the fence carries it */ }
    else if (name === 'code') { code = Math.max(0, code - 1); text.append('`') }
    else if (name in INLINE_MARKS) closeMark(INLINE_MARKS[name]!)
    else if (name === 'a') closeLink()
    else if (name === 'ul' || name === 'ol') { lists.pop(); if (lists.length === 0) block() }
    else if (name === 'li') { const list = lists.at(-1); if (list) list.itemStart = undefined }
    else if (name === 'blockquote') {
      const from = quotes.pop() ?? text.length
      text.replaceSince(from, (quoted) => quoted.trim().split('\n').map((line) => `> ${line}`.trimEnd()).join('\n'))
      block()
    } else if (LAYOUT_CELLS.has(name) && inLayoutTable()) block()
    else if ((name === 'th' || name === 'td') && row) {
      const from = cells.pop() ?? text.length
      row.push(text.cutSince(from).trim().replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|'))
    } else if (name === 'tr' && row) {
      if (row.length > 0) {
        if (rowsInTable === 0) block()
        else text.trimEnd(' \t\n')
        text.append(`${rowsInTable === 0 ? '' : '\n'}| ${row.join(' | ')} |`)
        if (rowsInTable++ === 0) text.append(`\n|${row.map(() => ' --- |').join('')}`)
      }
      row = undefined
    } else if (BLOCKS.has(name)) block()
  }

  /** Closes emphasis before trailing spaces (`*exception *` is no emphasis in markdown). */
  function closeMark(mark: string): void {
    const spaced = text.endsWith(' ')
    text.trimEnd(' ')
    text.append(spaced ? `${mark} ` : mark)
  }

  function closeLink(): void {
    const link = links.pop()
    if (!link || link.anchorOnly) return
    const label = text.visibleSince(link.start + 1)
    // Heading permalinks (¶, #) and empty links leave nothing behind; an unusable href keeps its text.
    if ((link.fragmentOnly && PERMALINK_TEXT.has(label.trim())) || label.trim() === '') text.dropSince(link.start)
    else if (link.href === undefined) text.replaceSince(link.start, (linked) => linked.slice(1))
    else text.append(`](${link.href})`)
  }

  parser.end(html)
  const heading0 = title.trim()
  const resolved = text.finish((body) => (heading0 && !body.startsWith('# ') ? `# ${heading0}\n\n` : ''))
  return pageOf(resolved.markdown, resolved.at, headings, ids)
}

/** Headings with their sections and fragments, and the id → section lookup, from resolved markers. */
function pageOf(markdown: string, at: (marker: number) => number, records: HeadingRecord[], ids: IdRecord[]): ConvertedPage {
  const starts = records.map((record) => at(record.start))
  /** Only whitespace between (normalized, so at most a few characters: longer gaps are never blank). */
  const blankBetween = (from: number, to: number) => from <= to && to - from <= 8 && markdown.slice(from, to).trim() === ''
  /** `start`–`end` without the whitespace at either end. */
  const trimmed = (start: number, end: number): Range => {
    let from = start
    let to = end
    while (from < to && /\s/.test(markdown[from]!)) from++
    while (to > from && /\s/.test(markdown[to - 1]!)) to--
    return { start: from, end: to }
  }
  const sectionOf = (n: number): Range => {
    const level = records[n]!.level
    const next = records.findIndex((other, k) => k > n && other.level <= level)
    return trimmed(starts[n]!, next < 0 ? markdown.length : starts[next]!)
  }
  const headings = records.map((record, n): PageHeading => {
    const start = starts[n]!
    const text = markdown.slice(start, record.end < 0 ? start : at(record.end)).replace(/^\s*#+\s*/, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim()
    // Its own id (or one inside it, Node's `a.mark`), else an id opened right before it (Sphinx's section).
    const before = ids.find((record) => record.heading === undefined && blankBetween(at(record.start), start) && (record.end === undefined || at(record.end) >= start))
    return { level: record.level, text, fragment: record.ids[0] ?? before?.id, section: sectionOf(n) }
  })
  const byId = new Map<string, IdRecord>()
  for (const record of ids) if (!byId.has(record.id)) byId.set(record.id, record)
  return {
    markdown,
    headings,
    section(id) {
      const record = byId.get(id)
      if (!record) return undefined
      if (record.heading !== undefined && records[record.heading]) return sectionOf(record.heading)
      const start = at(record.start)
      const end = record.end === undefined ? markdown.length : at(record.end)
      if (end - start > 8 || !blankBetween(start, end)) return trimmed(start, end)
      // An empty target (Sphinx's span#id before a heading): the heading it precedes, or up to the next heading.
      const next = starts.findIndex((headingStart) => headingStart >= start)
      if (next >= 0 && blankBetween(start, starts[next]!)) return sectionOf(next)
      return trimmed(start, next < 0 ? markdown.length : starts[next]!)
    },
  }
}

/** `html` (served from `pageUrl`) as markdown. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  return convertPage(html, pageUrl).markdown
}
