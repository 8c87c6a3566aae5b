/**
 * The converter's first pass over a page (htmlparser2 tokens, no DOM): numbers every element in
 * document order and finds the main content block of a page that marks none (no `<main>`,
 * `<article>`, `role=main` — Node's API docs theme) and the tables used for layout (Sphinx's
 * genindex). Plane: worker/shared; pure. Contract: never throws for any input.
 * @module tool-web/html-scan
 */
import { Parser } from 'htmlparser2'

export interface PageScan {
  /** Index (document order) of the element holding the main content; -1 when the page marks its own or none stands out. */
  readonly contentIndex: number
  /** Whether the page marks its main content with `<main>`, `<article>` or `role=main`. */
  readonly marksMain: boolean
  /** Indexes of `<table>` elements used for layout (a cell holds lists, tables or blocks; role=presentation). */
  readonly layoutTables: ReadonlySet<number>
}

/** Never content: their text does not count and the converter drops them. */
export const SKIPPED = new Set(['head', 'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button', 'nav', 'footer', 'select', 'textarea', 'object'])
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary'])
const CHROME_NAMES = /^(?:g?toc|table-of-contents|sidebar|sphinxsidebar|sphinxsidebarwrapper|breadcrumbs?|related|navbar|nav|menu|pagination|skip-link|edit-page|theme-toggle-btn)$/
const CONTENT_HINT = /content|main|article|markdown|prose|body/i
const BLOCK_IN_CELL = new Set(['ul', 'ol', 'table', 'pre', 'dl', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** An element holding at least this share of the page's prose (text outside links) is a content candidate. */
const CANDIDATE_SHARE = 0.5

export const isMainElement = (name: string, attrs: Record<string, string>): boolean => name === 'main' || name === 'article' || attrs.role === 'main'

/** Navigation, tables of contents, sidebars and the like inside a page's content (by tag, role, id or class). */
export function isChrome(name: string, attrs: Record<string, string>): boolean {
  if (SKIPPED.has(name)) return true
  if (attrs.role !== undefined && CHROME_ROLES.has(attrs.role)) return true
  if (attrs['aria-hidden'] === 'true') return true
  if (attrs.id !== undefined && CHROME_NAMES.test(attrs.id)) return true
  return (attrs.class ?? '').split(/\s+/).some((token) => CHROME_NAMES.test(token))
}

interface Frame { index: number; name: string; depth: number; prose: number; hinted: boolean; chrome: boolean }

export function scanPage(html: string): PageScan {
  const closed: Frame[] = []
  const layoutTables = new Set<number>()
  const stack: Frame[] = []
  let index = 0
  let chrome = 0
  let links = 0
  let marksMain = false
  let total = 0
  const parser = new Parser({
    onopentag(name, attrs) {
      const frame: Frame = { index: index++, name, depth: stack.length, prose: 0, hinted: CONTENT_HINT.test(`${attrs.id ?? ''} ${attrs.class ?? ''}`), chrome: isChrome(name, attrs) }
      if (isMainElement(name, attrs)) marksMain = true
      if (frame.chrome) chrome++
      if (name === 'a') links++
      if (name === 'table' && (attrs.role === 'presentation' || /(?:^|\s)(?:indextable|layout)/.test(attrs.class ?? ''))) layoutTables.add(frame.index)
      if (BLOCK_IN_CELL.has(name)) {
        const cell = stack.findLastIndex((open) => open.name === 'td' || open.name === 'th')
        const table = stack.findLastIndex((open) => open.name === 'table')
        if (cell > table && table >= 0) layoutTables.add(stack[table]!.index)
      }
      stack.push(frame)
    },
    ontext(text) {
      if (chrome > 0 || links > 0) return
      const count = text.replace(/\s+/g, '').length
      total += count
      for (const open of stack) open.prose += count
    },
    onclosetag() {
      const frame = stack.pop()
      if (!frame) return
      if (frame.name === 'a') links = Math.max(0, links - 1)
      if (frame.chrome) chrome--
      closed.push(frame)
    },
  }, { decodeEntities: true })
  parser.end(html)
  let contentIndex = -1
  if (!marksMain && total > 0) {
    // The deepest element with a content-like id or class that holds most of the page's prose.
    const best = closed
      .filter((element) => element.hinted && element.prose >= CANDIDATE_SHARE * total)
      .reduce<Frame | undefined>((deepest, element) => (!deepest || element.depth > deepest.depth ? element : deepest), undefined)
    contentIndex = best?.index ?? -1
  }
  return { contentIndex, marksMain, layoutTables }
}
