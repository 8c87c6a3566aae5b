/**
 * site_search without a Pagefind index: the site's `llms.txt` (its markdown links, with their
 * descriptions) and else its `sitemap.xml` (the words of each URL's path) matched against the
 * query's terms. Plane: shared; pure.
 * @module tool-site-search/site-fallback
 */
import { matchesTerm, queryTerms } from './search-terms.ts'

export interface FallbackEntry { title: string; url: string; excerpt: string }

/** `- [Title](url): description` lines of an llms.txt, URLs resolved against `base`. */
export function llmsEntries(text: string, base: string): FallbackEntry[] {
  const entries: FallbackEntry[] = []
  for (const match of text.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)(?::\s*([^\n]*))?/g)) {
    try {
      entries.push({ title: match[1]!.trim(), url: new URL(match[2]!, base).href, excerpt: (match[3] ?? '').trim() })
    } catch { /* not a URL: not an entry */ }
  }
  return entries
}

/** `<loc>` URLs of a sitemap, titled by the words of their path. */
export function sitemapEntries(xml: string, base: string): FallbackEntry[] {
  const entries: FallbackEntry[] = []
  for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    try {
      const url = new URL(match[1]!.replaceAll('&amp;', '&'), base)
      const title = decodeURIComponent(url.pathname).replace(/\.(?:html?|md)$/, '').split(/[/_.-]+/).filter(Boolean).join(' ') || url.host
      entries.push({ title, url: url.href, excerpt: '' })
    } catch { /* not a URL: not an entry */ }
  }
  return entries
}

/** Entries holding the most query terms in title and excerpt (title matches count double), best first. */
export function rankEntries(entries: readonly FallbackEntry[], query: string, limit: number): FallbackEntry[] {
  const terms = queryTerms(query)
  const score = (entry: FallbackEntry) => {
    const title = queryTerms(entry.title)
    const excerpt = queryTerms(entry.excerpt)
    return terms.reduce((sum, term) => sum + (title.some((word) => matchesTerm(word, term)) ? 2 : 0) + (excerpt.some((word) => matchesTerm(word, term)) ? 1 : 0), 0)
  }
  return entries.map((entry) => ({ entry, score: score(entry) })).filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score).slice(0, limit).map(({ entry }) => entry)
}
