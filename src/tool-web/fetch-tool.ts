/**
 * The `web_fetch` tool (dsh web/tool-web, fetch half): `{url}` → `Fetched <url> (HTTP <code>)`, a
 * blank line and the page as markdown, the whole capped with dsh's truncation notice. Plane: worker.
 * Contract: parallel-safe; the allow-list is checked before any request (and again on the final
 * URL after redirects); HTML converts in the worker through a lazily loaded converter.
 * @module tool-web/fetch-tool
 */
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { WebFetchError } from './errors.ts'
import { fetchPage, type FetchLimits } from './fetch-page.ts'
import { assertAllowed, resolveUrl, type WebFetchPolicy } from './policy.ts'

type FetchValue = { url: string; statusCode: number; body: { kind: 'html' | 'text'; content: string }; truncated: boolean }
type Converter = (html: string, pageUrl: string) => string

export interface FetchToolOptions extends FetchLimits {
  /** Cap on the whole model-facing text (header, body, notice). */
  maxOutputChars: number
  timeoutMs: number
}

const FOOTER = '\n\n(Content truncated. Fetch a more specific URL or section for the full text.)'

let converter: Converter | undefined
/** Loads the HTML converter (htmlparser2) on first use: its own chunk, not the worker core. */
async function loadConverter(): Promise<Converter> {
  if (converter) return converter
  try {
    converter = (await import('./html-markdown.ts')).htmlToMarkdown
    return converter
  } catch (error) {
    throw new WebFetchError('WEB_CONVERTER_UNAVAILABLE', `the HTML converter could not be loaded (${error instanceof Error ? error.message : String(error)})`)
  }
}

/** The bounded model-facing text of a fetch (the converter is loaded by then). */
export function formatFetch(value: FetchValue, maxOutputChars: number): string {
  const header = `Fetched ${value.url} (HTTP ${value.statusCode})\n\n`
  const body = value.body.kind === 'html' ? converter!(value.body.content, value.url) : value.body.content
  const prefix = header + body
  const truncated = value.truncated || prefix.length > maxOutputChars
  const full = prefix + (truncated ? FOOTER : '')
  if (full.length <= maxOutputChars) return full
  return prefix.slice(0, Math.max(0, maxOutputChars - FOOTER.length)) + FOOTER
}

const PARAMETERS = toolParameters('web_fetch', {
  type: 'object', required: ['url'], additionalProperties: false,
  properties: { url: { type: 'string', description: 'The URL to fetch (absolute, or relative to the host site).' } },
})
const OUTPUT_SCHEMA = toolOutputSchema('web_fetch', {
  type: 'object', required: ['url', 'statusCode', 'body', 'truncated'],
  properties: { url: { type: 'string' }, statusCode: { type: 'integer' }, body: { type: 'object', required: ['kind', 'content'] }, truncated: { type: 'boolean' } },
})

export function webFetchTool(policy: () => WebFetchPolicy, options: FetchToolOptions): ToolDefinition<{ url: string }, FetchValue> {
  return defineTool<{ url: string }, FetchValue>({
    name: 'web_fetch',
    description: 'Fetch the content of a specific HTTP(S) URL and return it as text (HTML is converted to markdown). Relative URLs resolve against the site this agent is embedded in.',
    parameters: PARAMETERS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: formatFetch(value, options.maxOutputChars) }],
      presentationMeta: (_args, value) => ({ url: value.url, statusCode: value.statusCode }),
    },
    timeoutMs: options.timeoutMs,
    isConcurrencySafe: () => true,
    async execute({ url: raw }, exec) {
      const current = policy()
      const url = resolveUrl(current, raw)
      assertAllowed(current, url)
      const page = await fetchPage(url, current, options, exec.signal)
      if (page.body.kind === 'html') await loadConverter()
      return { ...page, truncated: false }
    },
    presentCall: ({ url }) => ({ card: 'generic', title: `Fetch ${url}`, kind: 'fetch', rawInput: url }),
    presentResult: (_args, result) => {
      const meta = result.meta as { url?: unknown; statusCode?: unknown } | undefined
      return typeof meta?.url === 'string' && typeof meta.statusCode === 'number' ? { card: 'generic', title: `Fetched ${meta.url} (HTTP ${meta.statusCode})` } : undefined
    },
  })
}
