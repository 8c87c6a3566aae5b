/**
 * The web plugin: registers `web_fetch` unless the allow-list is `off`, adds dsh's web-fetch
 * prompt guidance, and asks for approval (policy `ask`) before a fetch leaves the host page's
 * origin. The tool's code (fetch-tool.ts, fetch-page.ts) is imported only when the list is not
 * `off` (the default), while mounting: the tool is registered before boot ends. Plane: worker. Contract: a URL outside the allow-list is denied at `tools/pre-execute`,
 * before any request; approval is asked only for allowed cross-origin URLs.
 * @module tool-web/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../approval/service.ts'
import type {} from '../prompt/registry.ts'
import type {} from '../tools/events.ts'
import type {} from '../spill/service.ts'
import { isAllowed, isCrossOrigin, isOff, resolveUrl, webFetchPolicy, type WebFetchAllow } from './policy.ts'

export const name = 'tool-web'
export const inject = ['tools', 'systemPrompt']

export interface Config {
  /** `self` (the base's origin), URL prefixes, or `off` (default: no web_fetch tool). */
  allow?: WebFetchAllow
  /** The URL `self` and relative URLs mean (the element passes its page's URL). */
  base?: string
  /** Response byte cap, enforced while streaming (default 2 MB). */
  maxBytes?: number
  /** Cap on the model-facing text (default 100 000 characters). */
  maxOutputChars?: number
  timeoutMs?: number
}

const GUIDANCE = 'Use the web_fetch tool to retrieve the content of a specific HTTP(S) URL (for example a result from web_search). It returns the page content decoded to text. Cite the URL as a markdown link when you use its content.'

export async function apply(ctx: Context, config: Config = {}): Promise<void> {
  const policy = webFetchPolicy(config.allow ?? 'off', config.base)
  if (isOff(policy)) return
  const { webFetchTool } = await import('./fetch-tool.ts')
  const tool = webFetchTool(() => policy, {
    maxBytes: config.maxBytes ?? 2_000_000,
    maxOutputChars: config.maxOutputChars ?? 100_000,
    // Fit under the spill's cap: a fetch is cut (and marked) here, never spliced by the spill.
    maxOutputBytes: () => ctx.get('spill')?.core.maxInlineBytes,
    timeoutMs: config.timeoutMs ?? 30_000,
  })
  ctx.tools.register(tool)
  ctx.systemPrompt.section({ name: 'tool:web_fetch', order: 111, text: GUIDANCE })
  ctx.on('tools/pre-execute', async (exec, next) => {
    const decision = await next()
    if (exec.name !== tool.name || decision.kind !== 'allow' || !exec.agent) return decision
    const raw = (exec.args as { url?: unknown } | undefined)?.url
    if (typeof raw !== 'string') return decision // the schema check reports it
    let url: URL
    try {
      url = resolveUrl(policy, raw)
    } catch {
      return decision // the tool body reports a malformed URL with its code
    }
    if (!isAllowed(policy, url)) return decision // refused in the body, before any request, with WEB_NOT_ALLOWED
    const asks = isCrossOrigin(policy, url) && ctx.get('approval')?.policyOf(exec.agent) === 'ask'
    return asks ? { kind: 'ask', reason: `web_fetch reaches another origin: ${url.origin}` } : decision
  })
}
