/**
 * HTML → markdown inside the worker (no `DOMParser` there): linkedom parses, turndown with GFM
 * tables and strikethrough converts. Keeps the page's main content (`main`, `article` or
 * `[role=main]`, else `body`), drops scripts, styles and chrome, and makes links absolute against
 * the page URL. Plane: worker/shared; loaded on first use (`loadHtmlConverter`), never in the core chunk.
 * Contract: never throws for any input — a page turndown cannot walk falls back to its text.
 * @module tool-web/html-markdown
 */
import { parseHTML } from 'linkedom'
import TurndownService from 'turndown'
import { gfm } from '@joplin/turndown-plugin-gfm'

const DROPPED = ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button', 'nav', 'footer'] as const

const elementChildren = (node: Node): Element[] => Array.prototype.filter.call(node.childNodes, (c: Node) => c.nodeType === 1) as Element[]
const cellText = (content: string) => content.trim().replaceAll('\n', ' ').replaceAll('|', '\\|')

/**
 * GFM tables without `rows`/`cells` (linkedom has neither, which the GFM plugin's table rules
 * need): the first row is the heading row; spans are ignored (GFM cannot represent them).
 */
function addTableRules(service: TurndownService): void {
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content })
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => `${elementChildren(node.parentNode!)[0] === node ? '| ' : ' '}${cellText(content)} |`,
  })
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      let table: Node | null = node.parentNode
      while (table && table.nodeName !== 'TABLE') table = table.parentNode
      const first = table && (table as Element).querySelector('tr') === node
      const separator = first ? `\n${elementChildren(node).map((_, i) => (i === 0 ? '| --- |' : ' --- |')).join('')}` : ''
      return `\n${content}${separator}`
    },
  })
  service.addRule('table', { filter: 'table', replacement: (content) => `\n\n${content.trim()}\n\n` })
}

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
  service.use(gfm)
  addTableRules(service)
  service.remove([...DROPPED] as unknown as TurndownService.Filter)
  return service
}

let shared: TurndownService | undefined

/** `html` (served from `pageUrl`) as markdown. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  const { document } = parseHTML(html)
  const root = document.querySelector('main, article, [role=main]') ?? document.body ?? document.documentElement
  if (!root) return ''
  for (const link of root.querySelectorAll('a[href]')) {
    try {
      link.setAttribute('href', new URL(link.getAttribute('href') ?? '', pageUrl).href)
    } catch {
      link.removeAttribute('href') // not a URL: keep the text, drop the link
    }
  }
  const title = document.querySelector('title')?.textContent?.trim()
  let body: string
  try {
    body = (shared ??= converter()).turndown(root as unknown as HTMLElement)
  } catch {
    body = (root.textContent ?? '').replaceAll(/\s+\n/g, '\n').trim() // deep or odd markup: plain text beats nothing
  }
  return title && !body.startsWith('# ') ? `# ${title}\n\n${body}` : body
}
