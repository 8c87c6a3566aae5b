/**
 * The `site_search` tool: `{query, limit?}` → the site's pages that answer it, each with title, URL
 * (to the heading when the match lies under one) and an excerpt — from the site's Pagefind index,
 * else its `llms.txt`, else its `sitemap.xml`; the result says which it used and why. Plane: worker.
 * Contract: parallel-safe; a missing index is no error (the fallbacks answer); no file at all is
 * SEARCH_UNAVAILABLE naming the three URLs.
 * @module tool-site-search/search-tool
 */
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { fetchBytes, MissingFileError } from './cached-fetch.ts'
import { SiteSearchError } from './errors.ts'
import { PagefindIndex, type PagefindFragment, type PagefindHit } from './pagefind-index.ts'
import { queryTerms } from './search-terms.ts'
import { llmsEntries, rankEntries, sitemapEntries } from './site-fallback.ts'

export type SearchSource = 'pagefind' | 'llms.txt' | 'sitemap.xml'
export type SearchResult = { title: string; url: string; heading?: string; excerpt: string }
export type SearchValue = { query: string; source: SearchSource; from: string; note?: string; results: SearchResult[] }
type SearchArgs = { query: string; limit?: number }

const DEFAULT_LIMIT = 5
const MAX_LIMIT = 20
/** Words of context either side of the first match in an excerpt. */
const BEFORE = 12
const AFTER = 24

/**
 * The result a Pagefind page gives: the heading section holding the most of the query's terms (then
 * the most matches), its anchor in the URL and an excerpt at its first match.
 */
function pagefindResult(fragment: PagefindFragment, locations: PagefindHit['locations'], site: string): SearchResult {
  const words = fragment.content.split(/\s+/).filter(Boolean)
  const headings = fragment.anchors.filter((candidate) => /^h[1-6]$/.test(candidate.element)).sort((a, b) => a.location - b.location)
  const sectionOf = (at: number) => headings.findLastIndex((heading) => heading.location <= at)
  const sections = new Map<number, { terms: Set<number>; count: number; first: number }>()
  for (const { at, term } of locations) {
    const key = sectionOf(at)
    const section = sections.get(key) ?? { terms: new Set<number>(), count: 0, first: at }
    section.terms.add(term)
    section.count++
    section.first = Math.min(section.first, at)
    sections.set(key, section)
  }
  const [best, section] = [...sections].sort(([, a], [, b]) => b.terms.size - a.terms.size || b.count - a.count)[0] ?? [-1, { first: 0 }]
  const at = Math.min(section.first, Math.max(0, words.length - 1))
  const from = Math.max(0, at - BEFORE)
  const excerpt = `${from > 0 ? '…' : ''}${words.slice(from, at + AFTER).join(' ')}${at + AFTER < words.length ? '…' : ''}`
  const anchor = best >= 0 ? headings[best] : undefined
  const page = new URL(fragment.url, site)
  const title = fragment.meta.title ?? page.pathname
  if (anchor) page.hash = anchor.id
  return { title, url: page.href, ...(anchor ? { heading: anchor.text } : {}), excerpt }
}

export interface SiteSearchOptions {
  /** The Pagefind bundle's URL (ending in `/`). */
  index: string
  /** The site the fallbacks (`/llms.txt`, `/sitemap.xml`) and relative page URLs belong to. */
  site: string
}

export function siteSearchTool(options: SiteSearchOptions): ToolDefinition<SearchArgs, SearchValue> {
  const index = new PagefindIndex(options.index, (url) => fetchBytes(url))
  const llmsUrl = new URL('/llms.txt', options.site).href
  const sitemapUrl = new URL('/sitemap.xml', options.site).href

  async function fromPagefind(query: string, limit: number): Promise<SearchValue> {
    const hits = (await index.search(queryTerms(query))).slice(0, limit)
    const results = await Promise.all(hits.map(async (hit) => pagefindResult(await index.fragment(hit.page), hit.locations, options.site)))
    return { query, source: 'pagefind', from: options.index, results }
  }

  async function fromFile(query: string, limit: number, url: string, source: 'llms.txt' | 'sitemap.xml', note: string): Promise<SearchValue> {
    const text = new TextDecoder().decode(await fetchBytes(url))
    const entries = source === 'llms.txt' ? llmsEntries(text, url) : sitemapEntries(text, url)
    return { query, source, from: url, note, results: rankEntries(entries, query, limit).map((entry) => ({ title: entry.title, url: entry.url, excerpt: entry.excerpt })) }
  }

  return defineTool<SearchArgs, SearchValue>({
    name: 'site_search',
    description: "Search this documentation site (its own search index) for pages about a question. Returns titles, URLs (to the heading) and excerpts; read a result with web_fetch (the URL's #fragment reads just that section). Search with the site's own words, short queries.",
    parameters: toolParameters('site_search', {
      type: 'object', required: ['query'], additionalProperties: false,
      properties: {
        query: { type: 'string', description: 'A few keywords.' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: `How many results (default ${DEFAULT_LIMIT}).` },
      },
    }),
    output: {
      schema: toolOutputSchema('site_search', { type: 'object', required: ['query', 'source', 'from', 'results'], properties: { query: { type: 'string' }, source: { type: 'string' }, from: { type: 'string' }, note: { type: 'string' }, results: { type: 'array' } } }),
      render: (_args, value) => [{ type: 'text', text: formatSearch(value) }],
      presentationMeta: (_args, value) => ({ source: value.source, sources: value.results.map(({ title, url }) => ({ title, url })) }),
    },
    timeoutMs: 30_000,
    isConcurrencySafe: () => true,
    async execute({ query, limit }) {
      if (queryTerms(query).length === 0) throw new SiteSearchError('SEARCH_INVALID_QUERY', 'query must contain at least one word')
      const count = Math.min(MAX_LIMIT, Math.max(1, limit ?? DEFAULT_LIMIT))
      let why: string
      try {
        return await fromPagefind(query, count)
      } catch (error) {
        if (!(error instanceof SiteSearchError)) throw error
        why = error instanceof MissingFileError ? `no Pagefind index at ${options.index}` : `the Pagefind index at ${options.index} could not be read: ${error.message}`
      }
      try {
        return await fromFile(query, count, llmsUrl, 'llms.txt', `${why}; matched the titles and descriptions in ${llmsUrl}`)
      } catch (error) {
        if (!(error instanceof SiteSearchError)) throw error
      }
      try {
        return await fromFile(query, count, sitemapUrl, 'sitemap.xml', `${why}, and no ${llmsUrl}; matched the page URLs in ${sitemapUrl}`)
      } catch (error) {
        if (!(error instanceof SiteSearchError)) throw error
        throw new SiteSearchError('SEARCH_UNAVAILABLE', `this site has no search index this agent can read: ${why}, and neither ${llmsUrl} nor ${sitemapUrl} could be read`)
      }
    },
    presentCall: ({ query }) => ({ card: 'generic', title: `Search the site for ${JSON.stringify(query)}`, kind: 'search', rawInput: query }),
  })
}

const SOURCE_NAMES: Record<SearchSource, string> = { 'pagefind': 'the site\'s Pagefind index', 'llms.txt': 'the site\'s llms.txt', 'sitemap.xml': 'the site\'s sitemap.xml' }

/** The model-facing text of a search. */
export function formatSearch(value: SearchValue): string {
  const head = `Searched ${SOURCE_NAMES[value.source]} (${value.from}) for ${JSON.stringify(value.query)}: ${value.results.length === 0 ? 'no results' : `${value.results.length} result${value.results.length === 1 ? '' : 's'}`}.`
  const note = value.note ? `\n(${value.note}.)` : ''
  const lines = value.results.map((result, i) => `${i + 1}. ${result.title}${result.heading ? ` — ${result.heading}` : ''}\n   ${result.url}${result.excerpt ? `\n   ${result.excerpt}` : ''}`)
  return `${head}${note}${lines.length > 0 ? `\n\n${lines.join('\n')}` : ''}`
}
