// web_fetch through the whole runtime against real HTTP on 127.0.0.1: dsh's `Fetched <url> (HTTP <code>)` +
// markdown, non-2xx as a result, the allow-list refusing before any request (also a redirect out of it),
// non-text types and over-cap bodies as clear errors, and cross-origin fetches asking for approval.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRuntime, type ApprovalRequest, type ScriptedReply, type SessionEvent } from '../../../src/index.ts'
import { RuntimeOptionsError } from '../../../src/kernel/runtime-patches.ts'
import { utf8Length } from '../../../src/fs/utf8.ts'
import { convertPage } from '../../../src/tool-web/html-markdown.ts'
import { startWebServer, type WebServer } from '../../harness/web-server.ts'

let site: WebServer
let other: WebServer
/** ~120 000 characters of sections with non-ASCII prose: over the spill's 50 000-byte cap. */
const longPage = `<html><head><title>Long</title></head><body><nav>menu</nav><main><h1>Long</h1>${Array.from({ length: 300 }, (_, i) => `<section id="s${i}"><h2>Section ${i}</h2><p>${'Grüße aus Köln, '.repeat(24)}end ${i}.</p></section>`).join('')}</main></body></html>`
const page = '<html><head><title>Install</title><style>p{}</style></head><body><nav><a href="/">Home</a></nav><main><h1>Install</h1><p>Run <code>npm i example</code>, then read <a href="config.html">the config page</a>.</p><table><thead><tr><th>Flag</th><th>Meaning</th></tr></thead><tbody><tr><td>-g</td><td>global</td></tr></tbody></table><script>alert(1)</script></main></body></html>'

beforeAll(async () => {
  other = await startWebServer({ '/api/data.json': { type: 'application/json', body: '{"ok":true}', headers: { 'access-control-allow-origin': '*' } } })
  site = await startWebServer({
    '/docs/install.html': { body: page },
    '/docs/long.html': { body: longPage },
    '/docs/gone.html': { status: 404, body: '<html><body><main><p>No such page</p></main></body></html>' },
    '/docs/moved': { redirect: '/docs/install.html' },
    '/docs/away': { redirect: `${other.origin}/api/data.json` },
    '/docs/logo.png': { type: 'image/png', body: 'PNG' },
    '/docs/huge.txt': { stream: 3_000_000, type: 'text/plain' },
    '/llms.txt': { type: 'text/plain; charset=utf-8', body: '# Example\n- [Install](/docs/install.html)\n' },
  })
})
afterAll(async () => { await site.close(); await other.close() })

type FetchCall = string | { url: string; offset?: number; limit?: number }

async function fetchWith(urls: FetchCall[], options: { allow?: 'self' | string[]; approve?: (r: ApprovalRequest) => Promise<'allowed-once' | 'rejected'> } = {}) {
  const replies: ScriptedReply[] = [{ toolCalls: urls.map((call, i) => ({ name: 'web_fetch', arguments: JSON.stringify(typeof call === 'string' ? { url: call } : call), id: `f${i}` })), finish: 'tool-calls' }, { text: 'done' }]
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies },
    webFetch: { allow: options.allow ?? 'self', base: `${site.origin}/docs/index.html` },
    ...(options.approve ? { approval: { policy: 'ask' as const, answer: options.approve } } : {}),
  })
  try {
    const agent = await runtime.open()
    agent.followup('fetch')
    await agent.whenIdle()
    const events = agent.session.events
    return {
      results: events.filter((e) => e.type === 'tool/result').map((e) => {
        const data = (e as SessionEvent<'tool/result'>).data
        const block = data.message.content[0]
        return { text: block.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), isError: block.isError === true, code: data.error?.code }
      }),
      approvals: events.filter((e) => e.type === 'approval/asked').map((e) => e.data),
      turnEnd: events.filter((e) => e.type === 'turn/end').at(-1)!.data,
    }
  } finally {
    await runtime.dispose()
  }
}

it('fetches a relative URL of the site and renders dsh\'s header and markdown (main content, absolute links, GFM table)', async () => {
  const { results } = await fetchWith(['install.html'])
  expect(results[0]!.isError).toBe(false)
  const text = results[0]!.text
  expect(text.startsWith(`Fetched ${site.origin}/docs/install.html (HTTP 200)\n\n# Install`)).toBe(true)
  expect(text).toContain('Run `npm i example`, then read [the config page](' + site.origin + '/docs/config.html).')
  expect(text).toContain('| Flag | Meaning |')
  expect(text).not.toContain('alert(1)')
  expect(text).not.toContain('Home')
})

it('reports a non-2xx answer as a result naming the code, follows an in-list redirect, passes text through', async () => {
  const { results, turnEnd } = await fetchWith(['/docs/gone.html', '/docs/moved', '/llms.txt'])
  expect(results[0]).toMatchObject({ isError: false, text: `Fetched ${site.origin}/docs/gone.html (HTTP 404)\n\nNo such page` })
  expect(results[1]!.text.startsWith(`Fetched ${site.origin}/docs/install.html (HTTP 200)`)).toBe(true)
  expect(results[2]!.text).toBe(`Fetched ${site.origin}/llms.txt (HTTP 200)\n\n# Example\n- [Install](/docs/install.html)\n`)
  expect(turnEnd.reason).toEqual({ kind: 'completed' })
})

it('refuses a URL outside the allow-list before any request, and a redirect out of it on response.url', async () => {
  const before = other.requests.length
  const { results } = await fetchWith([`${other.origin}/api/data.json`, '/docs/away', 'javascript:alert(1)'])
  expect(results[0]).toMatchObject({ isError: true, code: 'WEB_NOT_ALLOWED' })
  expect(results[0]!.text).toBe(`Error: ${other.origin}/api/data.json is outside the web-fetch allow-list (${site.origin}/ (this site)); it was not fetched`)
  expect(other.requests.length - before).toBe(1) // only the redirect reached the other server, not the direct fetch
  expect(results[1]).toMatchObject({ isError: true, code: 'WEB_REDIRECT_BLOCKED' })
  expect(results[1]!.text).toContain(`${site.origin}/docs/away redirected to ${other.origin}/api/data.json, which is outside the web-fetch allow-list`)
  expect(results[2]).toMatchObject({ isError: true, code: 'WEB_BLOCKED_URL' })
})

it('refuses a non-text type and a body over the byte cap with clear errors', async () => {
  const { results } = await fetchWith(['/docs/logo.png', '/docs/huge.txt'])
  expect(results[0]).toMatchObject({ isError: true, code: 'WEB_UNSUPPORTED_CONTENT_TYPE', text: `Error: ${site.origin}/docs/logo.png is image/png, not HTML or text; web_fetch reads only HTML and text pages` })
  expect(results[1]).toMatchObject({ isError: true, code: 'WEB_FETCH_TOO_LARGE', text: `Error: ${site.origin}/docs/huge.txt is larger than the 2000000-byte cap; fetch a more specific page` })
})

it('asks for approval before a listed cross-origin fetch; a rejection fetches nothing', async () => {
  const allow = ['self', `${other.origin}/api/`]
  const before = other.requests.length
  const rejected = await fetchWith([`${other.origin}/api/data.json`], { allow, approve: async () => 'rejected' })
  expect(rejected.approvals).toEqual([expect.objectContaining({ toolName: 'web_fetch', reason: `web_fetch reaches another origin: ${other.origin}` })])
  expect(rejected.results[0]!.isError).toBe(true)
  expect(other.requests.length).toBe(before)
  const allowed = await fetchWith([`${other.origin}/api/data.json`, '/llms.txt'], { allow, approve: async () => 'allowed-once' })
  expect(allowed.approvals).toHaveLength(1) // same-origin fetches never ask
  expect(allowed.results[0]!.text).toBe(`Fetched ${other.origin}/api/data.json (HTTP 200)\n\n{"ok":true}`)
})

it('is absent when off, and bad allow-lists fail createRuntime with a named error', async () => {
  const runtime = await createRuntime({ llm: { provider: 'scripted' } })
  expect(runtime.ctx.tools.get('web_fetch')).toBeUndefined()
  await runtime.dispose()
  await expect(createRuntime({ webFetch: { allow: 'self' } })).rejects.toThrow(RuntimeOptionsError)
  await expect(createRuntime({ webFetch: { allow: 'self' } })).rejects.toThrow('webFetch.allow "self" needs webFetch.base')
  await expect(createRuntime({ webFetch: { allow: ['docs/'] } })).rejects.toThrow('is not a URL (relative entries need webFetch.base)')
})

it('a long page: cut under the spill cap and marked where it is cut, its headings listed, read on by offset or by #fragment', async () => {
  const url = `${site.origin}/docs/long.html`
  const markdown = convertPage(longPage, url).markdown
  const first = await fetchWith(['long.html'])
  const text = first.results[0]!.text
  expect(text).not.toContain('Full formatted result stored at') // never spilled (and so never spliced)
  expect(utf8Length(text)).toBeLessThanOrEqual(50_000)
  const cut = /\n\n\[Cut here: characters ([\d,]+)–([\d,]+) of the page are not shown\. Read on with web_fetch \{"url": "([^"]+)", "offset": (\d+)\}\.\]$/.exec(text)!
  expect(cut).not.toBeNull()
  const shownEnd = Number(cut[4])
  expect(cut[2]!.replaceAll(',', '')).toBe(String(markdown.length))
  expect(cut[3]).toBe(url)
  expect(text.startsWith(`Fetched ${url} (HTTP 200)\nShowing characters 0–${shownEnd.toLocaleString('en-US')} of ${markdown.length.toLocaleString('en-US')}.\n\nHeadings (web_fetch ${url}#<fragment> reads one section; offset/limit read characters):\n- Long\n  - Section 0 #s0\n`)).toBe(true)
  expect(text).toContain('  - Section 299 #s299\n\n')
  const body = text.slice(text.indexOf('\n\n', text.indexOf('- Section 299')) + 2, cut.index)
  expect(body).toBe(markdown.slice(0, shownEnd)) // the page from its start, whole up to the marked cut
  expect(markdown[shownEnd]).toBe('\n') // cut at a line break, not mid-word

  const next = await fetchWith([{ url: 'long.html', offset: shownEnd, limit: 2_000 }, 'long.html#s150', 'long.html#nope'])
  const [range, section, missing] = next.results.map((result) => result.text)
  expect(range).toContain(`Showing characters ${shownEnd.toLocaleString('en-US')}–${(shownEnd + 2_000).toLocaleString('en-US')} of ${markdown.length.toLocaleString('en-US')}.`)
  expect(range).toContain(`[Characters 0–${shownEnd.toLocaleString('en-US')} of the page are not shown.]\n\n${markdown.slice(shownEnd, shownEnd + 2_000)}\n\n[Cut here: characters ${(shownEnd + 2_000).toLocaleString('en-US')}–`)
  const expected = markdown.slice(markdown.indexOf('## Section 150'), markdown.indexOf('## Section 151')).trim()
  expect(section).toContain(`Showing section #s150: characters 0–${expected.length} of its ${expected.length} (the page has ${markdown.length.toLocaleString('en-US')}).`)
  expect(section!.endsWith(`\n\n${expected}`)).toBe(true)
  expect(section).not.toContain('Section 151\n')
  expect(missing).toContain('No element with id "nope" on this page; showing the page from the start.')
})
