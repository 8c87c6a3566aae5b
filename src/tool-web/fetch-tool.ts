/**
 * The `web_fetch` tool (dsh web/tool-web, fetch half): `{url, offset?, limit?}` → `Fetched <url>
 * (HTTP <code>)`, the range shown, and the page (or its `#fragment` section) as markdown within
 * the character and spill byte caps, every cut marked (`page-view.ts`). Plane: worker.
 * Contract: parallel-safe; the allow-list is checked before any request (and again on the final
 * URL after redirects); HTML converts in the worker through a lazily loaded converter.
 * @module tool-web/fetch-tool
 */
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { WebFetchError } from './errors.ts'
import { fetchPage, type FetchLimits } from './fetch-page.ts'
import type { convertPage } from './html-markdown.ts'
import { viewPage, type PageText, type ViewBudget } from './page-view.ts'
import { assertAllowed, resolveUrl, type WebFetchPolicy } from './policy.ts'

/** The decoded `#fragment` of what the model asked for ('' for none). */
function fragmentOf(raw: string): string {
  const at = raw.indexOf('#')
  if (at < 0) return ''
  try {
    return decodeURIComponent(raw.slice(at + 1))
  } catch {
    return raw.slice(at + 1)
  }
}

type FetchValue = { url: string; statusCode: number; body: { kind: 'html' | 'text'; content: string }; truncated: boolean; fragment?: string }
type FetchArgs = { url: string; offset?: number; limit?: number }

export interface FetchToolOptions extends FetchLimits {
  /** Cap on the whole model-facing text (header, body, notices), in characters. */
  maxOutputChars: number
  /** Cap in UTF-8 bytes (the spill's `maxInlineBytes`, so the spill never cuts a fetch); read per call. */
  maxOutputBytes?: () => number | undefined
  timeoutMs: number
}

let converter: typeof convertPage | undefined
/** Loads the HTML converter (htmlparser2) on first use: its own chunk, not the worker core. */
async function loadConverter(): Promise<typeof convertPage> {
  if (converter) return converter
  try {
    converter = (await import('./html-markdown.ts')).convertPage
    return converter
  } catch (error) {
    throw new WebFetchError('WEB_CONVERTER_UNAVAILABLE', `the HTML converter could not be loaded (${error instanceof Error ? error.message : String(error)})`)
  }
}

const plainPage = (text: string): PageText => ({ markdown: text, headings: [], section: () => undefined })

/** The bounded model-facing text of a fetch (the converter is loaded by then). */
export function formatFetch(value: FetchValue, args: Omit<FetchArgs, 'url'>, budget: ViewBudget): string {
  const page = value.body.kind === 'html' ? converter!(value.body.content, value.url) : plainPage(value.body.content)
  return viewPage(page, { url: value.url, statusCode: value.statusCode, fragment: value.fragment ?? '', offset: args.offset, limit: args.limit }, budget)
}

const PARAMETERS = toolParameters('web_fetch', {
  type: 'object', required: ['url'], additionalProperties: false,
  properties: {
    url: { type: 'string', description: 'The URL to fetch (absolute, or relative to the host site). A #fragment reads only that section: the heading or element with that id and what belongs to it.' },
    offset: { type: 'integer', minimum: 0, description: 'Start at this character of the page (or of the #fragment section); the result states the total.' },
    limit: { type: 'integer', minimum: 1, description: 'Read at most this many characters.' },
  },
})
const OUTPUT_SCHEMA = toolOutputSchema('web_fetch', {
  type: 'object', required: ['url', 'statusCode', 'body', 'truncated'],
  properties: { url: { type: 'string' }, statusCode: { type: 'integer' }, body: { type: 'object', required: ['kind', 'content'] }, truncated: { type: 'boolean' }, fragment: { type: 'string' } },
})

export function webFetchTool(policy: () => WebFetchPolicy, options: FetchToolOptions): ToolDefinition<FetchArgs, FetchValue> {
  return defineTool<FetchArgs, FetchValue>({
    name: 'web_fetch',
    description: 'Fetch the content of a specific HTTP(S) URL and return it as text (HTML is converted to markdown, main content only). Relative URLs resolve against the site this agent is embedded in. A long page comes with its headings and their #fragments: fetch url#fragment for one section, or use offset/limit; a cut is always marked.',
    parameters: PARAMETERS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (args, value) => [{ type: 'text', text: formatFetch(value, args, { maxChars: options.maxOutputChars, maxBytes: options.maxOutputBytes?.() ?? Number.POSITIVE_INFINITY }) }],
      presentationMeta: (_args, value) => ({ url: value.url, statusCode: value.statusCode }),
    },
    timeoutMs: options.timeoutMs,
    isConcurrencySafe: () => true,
    async execute({ url: raw }, exec) {
      const current = policy()
      const url = resolveUrl(current, raw)
      assertAllowed(current, url)
      const fragment = fragmentOf(raw)
      const page = await fetchPage(url, current, options, exec.signal)
      if (page.body.kind === 'html') await loadConverter()
      return { ...page, truncated: false, ...(fragment ? { fragment } : {}) }
    },
    presentCall: ({ url }) => ({ card: 'generic', title: `Fetch ${url}`, kind: 'fetch', rawInput: url }),
    presentResult: (_args, result) => {
      const meta = result.meta as { url?: unknown; statusCode?: unknown } | undefined
      return typeof meta?.url === 'string' && typeof meta.statusCode === 'number' ? { card: 'generic', title: `Fetched ${meta.url} (HTTP ${meta.statusCode})` } : undefined
    },
  })
}
