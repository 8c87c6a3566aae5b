/**
 * Reads `<dsh-agent>`'s content attributes that may be inline or a URL: `script`, `workspace`,
 * `src`, `instructions` (text or a same-origin URL), `skills` (a JSON index URL), `web-fetch`, and `mcp-servers` (inline JSON). Plane: main. Contract: failures are `AgentInputError` with a stable code and
 * the attribute name; URLs resolve against the document and are fetched without credentials.
 * @module components/dsh-agent/resolve-inputs
 */
export class AgentInputError extends Error {
  override name = 'AgentInputError'
  constructor(readonly code: 'DSH_ATTRIBUTE_INVALID' | 'DSH_ATTRIBUTE_FETCH', message: string) { super(message) }
}

async function fetchText(attribute: string, value: string): Promise<string> {
  const url = new URL(value, document.baseURI)
  const response = await fetch(url, { credentials: 'omit' }).catch((error: Error) => {
    throw new AgentInputError('DSH_ATTRIBUTE_FETCH', `${attribute}: could not fetch ${url.href}: ${error.message}`)
  })
  if (!response.ok) throw new AgentInputError('DSH_ATTRIBUTE_FETCH', `${attribute}: ${url.href} answered ${response.status}`)
  return response.text()
}

function parseJson(attribute: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `${attribute}: not valid JSON (${(error as Error).message})`)
  }
}

/** `script`: an inline JSON array of scripted replies, or the URL of one. */
export async function resolveScript(value: string | null): Promise<unknown[] | undefined> {
  if (value === null || value.trim() === '') return undefined
  const text = value.trim().startsWith('[') ? value : await fetchText('script', value)
  const replies = parseJson('script', text)
  if (!Array.isArray(replies)) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'script: expected a JSON array of scripted replies')
  return replies
}

/** `workspace`: inline JSON `{path: content}` or the URL of one. */
export async function resolveWorkspace(value: string | null): Promise<Record<string, string> | undefined> {
  if (value === null || value.trim() === '') return undefined
  const text = value.trim().startsWith('{') ? value : await fetchText('workspace', value)
  const files = parseJson('workspace', text)
  const valid = typeof files === 'object' && files !== null && !Array.isArray(files) && Object.values(files).every((v) => typeof v === 'string')
  if (!valid) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'workspace: expected a JSON object mapping paths to file contents')
  return files as Record<string, string>
}

/** `src`: the URL of a recorded session (JSONL) for replay. */
export async function resolveReplay(value: string | null): Promise<string | undefined> {
  return value === null || value.trim() === '' ? undefined : fetchText('src', value)
}

const URL_LIKE = /^(?:https?:|\/|\.\.?\/)\S*$/

/** `instructions`: inline text, or a same-origin URL (starting `/`, `./`, `../` or `http(s):`) of a text file. */
export async function resolveInstructions(value: string | null): Promise<string | undefined> {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (!URL_LIKE.test(trimmed)) return value
  if (new URL(trimmed, document.baseURI).origin !== location.origin) {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `instructions: ${trimmed} is not on this site; instructions load only from the page's own origin`)
  }
  return fetchText('instructions', trimmed)
}

export interface SiteSkill { name: string; description: string; url: string }

/** `skills`: the URL of a JSON index `[{name, description, url}]`; each `url` resolves against the index. */
export async function resolveSkills(value: string | null): Promise<SiteSkill[] | undefined> {
  if (value === null || value.trim() === '') return undefined
  const index = new URL(value.trim(), document.baseURI)
  const entries = parseJson('skills', await fetchText('skills', index.href))
  if (!Array.isArray(entries)) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'skills: expected a JSON array of {name, description, url}')
  return entries.map((entry: unknown, i) => {
    const e = entry as Partial<Record<'name' | 'description' | 'url', unknown>> | null
    if (typeof e?.name !== 'string' || typeof e.description !== 'string' || typeof e.url !== 'string') {
      throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `skills: entry ${i + 1} needs string name, description and url`)
    }
    return { name: e.name, description: e.description, url: new URL(e.url, index).href }
  })
}

/** `web-fetch`: `self`, `off` (default) or whitespace-separated URL prefixes (which may include `self`). */
export function resolveWebFetch(value: string | null): { allow: 'self' | 'off' | string[]; base: string } {
  const words = (value ?? '').trim().split(/\s+/).filter(Boolean)
  const base = location.href
  if (words.length === 0 || (words.length === 1 && words[0] === 'off')) return { allow: 'off', base }
  if (words.length === 1 && words[0] === 'self') return { allow: 'self', base }
  if (words.includes('off')) throw new AgentInputError('DSH_ATTRIBUTE_INVALID', 'web-fetch: "off" cannot be combined with other entries')
  return { allow: words.map((w) => (w === 'self' ? w : new URL(w, document.baseURI).href)), base }
}

/** `site-search`: the Pagefind bundle's URL, resolved against the document (http(s) only). */
export function resolveSiteSearch(value: string | null): { index: string } | undefined {
  if (value === null || value.trim() === '') return undefined
  let url: URL
  try {
    url = new URL(value.trim(), document.baseURI)
  } catch {
    throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `site-search: ${JSON.stringify(value)} is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `site-search: only http(s) URLs, not ${url.protocol}`)
  return { index: url.href }
}

const MCP_NAME = /^[A-Za-z0-9_-]{1,32}$/

/** `mcp-servers`: an inline JSON array of `{name, url, timeoutMs?}` (URLs resolve against the document; http(s) only; no tokens here). */
export function resolveMcpServers(value: string | null): { name: string; url: string; timeoutMs?: number }[] | undefined {
  if (value === null || value.trim() === '') return undefined
  const servers = parseJson('mcp-servers', value)
  const fail = (problem: string): never => { throw new AgentInputError('DSH_ATTRIBUTE_INVALID', `mcp-servers: ${problem}`) }
  if (!Array.isArray(servers)) fail('expected a JSON array of {"name", "url"}')
  return (servers as unknown[]).map((entry, i) => {
    const { name, url, timeoutMs, ...rest } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    if (typeof name !== 'string' || !MCP_NAME.test(name)) fail(`[${i}].name must match ${MCP_NAME}`)
    if (typeof url !== 'string' || !URL.canParse(url, document.baseURI)) fail(`[${i}].url must be a URL`)
    const resolved = new URL(url as string, document.baseURI)
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') fail(`[${i}].url must be http: or https:`)
    if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) fail(`[${i}].timeoutMs must be a positive number of milliseconds`)
    if (Object.keys(rest).length > 0) fail(`[${i}] has unknown fields ${Object.keys(rest).join(', ')} (a bearer token goes in Settings, never in an attribute)`)
    return { name: name as string, url: resolved.href, ...(timeoutMs !== undefined ? { timeoutMs: timeoutMs as number } : {}) }
  })
}
