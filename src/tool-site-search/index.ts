/**
 * The site-search plugin: registers `site_search` over the host site's own search index when the
 * embed names one (`site-search="/pagefind/"`), with prompt guidance to search before answering
 * and to cite what it read. The tool's code is imported only then. Plane: worker.
 * @module tool-site-search/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../prompt/registry.ts'

export const name = 'tool-site-search'
export const inject = ['tools', 'systemPrompt']

export interface Config {
  /** The Pagefind bundle's absolute URL (the element resolves the attribute against its page). */
  index?: string
}

const GUIDANCE = "Use the site_search tool to find this site's pages about the reader's question before you answer from memory; read the best result with web_fetch (its URL's #fragment reads just that section). Cite the pages you used as markdown links to their URLs."

export async function apply(ctx: Context, config: Config = {}): Promise<void> {
  if (config.index === undefined) return
  let index: URL
  try {
    index = new URL(config.index)
  } catch {
    throw new TypeError(`siteSearch.index must be an absolute URL, got ${JSON.stringify(config.index)}`)
  }
  if (index.protocol !== 'http:' && index.protocol !== 'https:') throw new TypeError(`siteSearch.index must be an http(s) URL, got ${index.protocol}`)
  if (!index.pathname.endsWith('/')) index.pathname += '/'
  const { siteSearchTool } = await import('./search-tool.ts')
  ctx.tools.register(siteSearchTool({ index: index.href, site: index.origin }))
  ctx.systemPrompt.section({ name: 'tool:site_search', order: 110, text: GUIDANCE })
}
