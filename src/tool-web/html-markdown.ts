/**
 * HTML → markdown inside the worker (no `DOMParser` there): linkedom parses, turndown converts;
 * GitHub-flavoured tables, strikethrough and task items are rules of ours. Keeps the main content
 * (`main`, `article`, `[role=main]`, else `body`), drops scripts, styles and chrome, makes links
 * absolute. Plane: worker/shared; imported lazily by the tool, never part of the core chunk.
 * Contract: never throws for any input — a page turndown cannot walk falls back to its text.
 * @module tool-web/html-markdown
 */
import { parseHTML } from 'linkedom'
import TurndownService from 'turndown'

const DROPPED = ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button', 'nav', 'footer'] as const

const elementChildren = (node: Node): Element[] => Array.prototype.filter.call(node.childNodes, (c: Node) => c.nodeType === 1) as Element[]
const cellText = (content: string) => content.trim().replaceAll('\n', ' ').replaceAll('|', '\\|')

/**
 * GFM tables from plain child nodes (linkedom has no `rows`/`cells`): the first row is the
 * heading row; spans are ignored (GFM cannot represent them).
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

function addInlineRules(service: TurndownService): void {
  service.addRule('strikethrough', { filter: ['del', 's', 'strike'] as TurndownService.Filter, replacement: (content) => `~~${content}~~` })
  service.addRule('taskItem', {
    filter: (node) => node.nodeName === 'INPUT' && (node as Element).getAttribute('type') === 'checkbox' && node.parentNode?.nodeName === 'LI',
    replacement: (_content, node) => ((node as Element).hasAttribute('checked') ? '[x] ' : '[ ] '),
  })
}

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
  addTableRules(service)
  addInlineRules(service)
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
