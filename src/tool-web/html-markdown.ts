/**
 * HTML → markdown inside the worker (no `DOMParser` there), in one streaming pass over
 * htmlparser2's tokens — no DOM is built, so a 200 KB page converts in milliseconds. Keeps the main
 * content (`main`, `article` or `[role=main]` when the page has one), drops scripts, styles and
 * chrome, makes links absolute; GitHub-flavoured tables, fenced code, lists, quotes, emphasis.
 * Plane: worker/shared; imported lazily by the tool. Contract: never throws for any input.
 * @module tool-web/html-markdown
 */
import { Parser } from 'htmlparser2'

const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button', 'nav', 'footer', 'select', 'textarea', 'object'])
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'aside', 'figure', 'figcaption', 'details', 'summary', 'dl', 'dt', 'dd', 'address', 'table'])
const INLINE_MARKS: Record<string, string> = { strong: '**', b: '**', em: '*', i: '*', del: '~~', s: '~~', strike: '~~' }
const MAIN = /<(?:main|article)[\s>]|role\s*=\s*["']?main/i
/** The working tail is committed past this length, keeping this many characters for trims and endsWith checks. */
const COMMIT_AT = 4096
const TAIL_KEEP = 256
const isMain = (name: string, attrs: Record<string, string>) => name === 'main' || name === 'article' || attrs.role === 'main'

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href, base)
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** `html` (served from `pageUrl`) as markdown. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  /** Output so far: committed `parts` and the working tail `out` that edits (trims, cell and quote cuts) touch. */
  const parts: string[] = []
  let out = ''
  let title = ''
  let inTitle = false
  let skip = 0
  let pre = 0
  /** Emitting: everywhere, or only inside the main content when the page marks one. */
  let scope = MAIN.test(html) ? 0 : 1
  const scopes: boolean[] = []
  const links: (string | undefined)[] = []
  const lists: { ordered: boolean; n: number }[] = []
  const quotes: number[] = []
  const cells: number[] = []
  let row: string[] | undefined
  let rowsInTable = 0
  const on = () => skip === 0 && scope > 0
  /** Drops trailing characters of `out` in `chars` (no regex over the whole buffer: deep pages stay linear). */
  const trimEnd = (chars: string) => {
    let end = out.length
    while (end > 0 && chars.includes(out[end - 1]!)) end--
    if (end !== out.length) out = out.slice(0, end)
  }
  /**
   * Moves all but the last TAIL_KEEP characters of `out` into `parts` when no quote or table cell
   * holds an offset into it: later edits then touch a short string, not the whole page's output
   * (editing a long concatenated string copies it, which made big pages quadratic).
   */
  const commit = () => {
    if (out.length < COMMIT_AT || quotes.length > 0 || cells.length > 0 || row) return
    parts.push(out.slice(0, -TAIL_KEEP))
    out = out.slice(-TAIL_KEEP)
  }
  const block = (text = '') => {
    trimEnd(' \t')
    if (out.length > 0 && !out.endsWith('\n\n')) out += out.endsWith('\n') ? '\n' : '\n\n'
    out += text
  }

  const parser = new Parser({
    onopentag(name, attrs) {
      commit()
      if (name === 'title') inTitle = true
      const main = isMain(name, attrs)
      scopes.push(main)
      if (main) scope++
      if (SKIPPED.has(name)) skip++
      if (!on()) return
      if (/^h[1-6]$/.test(name)) block(`${'#'.repeat(Number(name[1]))} `)
      else if (name === 'pre') { pre++; block('```\n') }
      else if (name === 'code' && pre === 0) out += '`'
      else if (name in INLINE_MARKS) out += INLINE_MARKS[name]
      else if (name === 'a') { links.push(absolute(attrs.href, pageUrl)); out += '[' }
      else if (name === 'img') { if (attrs.alt) out += `![${attrs.alt}](${absolute(attrs.src, pageUrl) ?? ''})` }
      else if (name === 'br') out += '\n'
      else if (name === 'hr') block('---\n\n')
      else if (name === 'ul' || name === 'ol') { if (lists.length === 0) block(); lists.push({ ordered: name === 'ol', n: 0 }) }
      else if (name === 'li') {
        const list = lists.at(-1)
        trimEnd(' \t')
        out += `\n${'  '.repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${++list.n}. ` : '- '}`
      } else if (name === 'blockquote') { block(); quotes.push(out.length) }
      else if (name === 'tr') row = []
      else if (name === 'th' || name === 'td') cells.push(out.length)
      else if (name === 'table') rowsInTable = 0
      else if (BLOCKS.has(name)) block()
      if (name === 'table') block()
    },
    ontext(text) {
      if (inTitle) title += text
      if (!on()) return
      if (pre > 0) { out += text; return }
      const collapsed = text.replace(/\s+/g, ' ')
      out += out === '' || /[\s[]$/.test(out.slice(-1)) ? collapsed.trimStart() : collapsed
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false
      const emitting = on()
      if (emitting) {
        if (/^h[1-6]$/.test(name)) block()
        else if (name === 'pre') { pre = Math.max(0, pre - 1); trimEnd('\n'); out += '\n```'; block() }
        else if (name === 'code' && pre === 0) out += '`'
        else if (name in INLINE_MARKS) out += INLINE_MARKS[name]
        else if (name === 'a') { const href = links.pop(); out += href ? `](${href})` : ']' }
        else if (name === 'ul' || name === 'ol') { lists.pop(); if (lists.length === 0) block() }
        else if (name === 'blockquote') {
          const from = quotes.pop() ?? out.length
          const quoted = out.slice(from).trim().split('\n').map((line) => `> ${line}`.trimEnd()).join('\n')
          out = out.slice(0, from) + quoted
          block()
        } else if ((name === 'th' || name === 'td') && row) {
          const from = cells.pop() ?? out.length
          row.push(out.slice(from).trim().replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|'))
          out = out.slice(0, from)
        } else if (name === 'tr' && row) {
          if (row.length > 0) {
            if (rowsInTable === 0) block()
            else trimEnd(' \t\n')
            out += `${rowsInTable === 0 ? '' : '\n'}| ${row.join(' | ')} |`
            if (rowsInTable++ === 0) out += `\n|${row.map(() => ' --- |').join('')}`
          }
          row = undefined
        } else if (BLOCKS.has(name)) block()
      }
      if (SKIPPED.has(name)) skip = Math.max(0, skip - 1)
      if (scopes.pop()) scope--
    },
  }, { decodeEntities: true })
  parser.end(html)
  const body = (parts.join('') + out).replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim()
  const heading = title.trim()
  return heading && !body.startsWith('# ') ? `# ${heading}\n\n${body}` : body
}
