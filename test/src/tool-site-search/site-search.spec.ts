// site_search through the whole runtime against real HTTP on 127.0.0.1: a Pagefind index built in
// the test by the real pagefind CLI (read without Pagefind's JS/wasm), results with title, heading
// URL and excerpt, stems matched; without an index the site's llms.txt, then its sitemap.xml, each
// named in the result; nothing at all, or an empty query, is a clear named error.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRuntime, type ScriptedReply, type SessionEvent } from '../../../src/index.ts'
import { startWebServer, type Route, type WebServer } from '../../harness/web-server.ts'

const pages: Record<string, string> = {
  'install.html': '<h1>Install guide</h1><p>Before you start, check your Node version.</p><h2 id="installing">Installing</h2><p>Run npm install gadget to add the gadget to a project; installing takes a minute.</p>',
  'configure.html': '<h1>Configuration</h1><p>The gadget reads gadget.json.</p><h2 id="options">Options</h2><p>Set colour and size options in gadget.json.</p>',
  'deploy.html': '<h1>Deploying</h1><p>Copy the dist folder to any static host.</p>',
}
let dir: string
let indexed: WebServer
let llms: WebServer
let sitemap: WebServer
let bare: WebServer

async function files(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsh-pagefind-'))
  for (const [name, body] of Object.entries(pages)) await writeFile(join(dir, name), `<!doctype html><html lang="en"><head><title>${/<h1>(.*?)<\/h1>/.exec(body)![1]}</title></head><body><main>${body}</main></body></html>`)
  await promisify(execFile)(join(process.cwd(), 'node_modules/.bin/pagefind'), ['--site', dir])
  const routes: Record<string, Route> = {}
  for (const file of await files(dir)) routes[`/${relative(dir, file)}`] = { type: 'application/octet-stream', body: await readFile(file) }
  indexed = await startWebServer(routes)
  llms = await startWebServer({ '/llms.txt': { type: 'text/plain', body: '# Gadget\n\n- [Install guide](/install.html): installing the gadget with npm\n- [Deploying](/deploy.html): static hosting\n' } })
  sitemap = await startWebServer({ '/sitemap.xml': { type: 'application/xml', body: '<urlset><url><loc>/docs/deploying-to-static-hosts.html</loc></url><url><loc>/docs/install.html</loc></url></urlset>' } })
  bare = await startWebServer({})
}, 60_000)
afterAll(async () => {
  await Promise.all([indexed, llms, sitemap, bare].map((server) => server.close()))
  await rm(dir, { recursive: true, force: true })
})

async function search(site: WebServer, queries: string[]) {
  const replies: ScriptedReply[] = [{ toolCalls: queries.map((query, i) => ({ name: 'site_search', arguments: JSON.stringify({ query }), id: `s${i}` })), finish: 'tool-calls' }, { text: 'done' }]
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies }, siteSearch: { index: `${site.origin}/pagefind/` } })
  try {
    const agent = await runtime.open()
    agent.followup('search')
    await agent.whenIdle()
    return agent.session.events.filter((e) => e.type === 'tool/result').map((e) => {
      const data = (e as SessionEvent<'tool/result'>).data
      const block = data.message.content[0]
      return { text: block.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), code: data.error?.code }
    })
  } finally {
    await runtime.dispose()
  }
}

it('searches the Pagefind index the real CLI built: title, URL to the heading, excerpt; stems and prefixes match', async () => {
  const [install, colour] = await search(indexed, ['installing gadget', 'colour option'])
  expect(install!.code).toBeUndefined()
  expect(install!.text.startsWith(`Searched the site's Pagefind index (${indexed.origin}/pagefind/) for "installing gadget": `)).toBe(true)
  expect(install!.text).toContain(`1. Install guide — Installing\n   ${indexed.origin}/install.html#installing\n   `)
  expect(install!.text).toMatch(/Run npm install gadget to add the gadget/)
  expect(colour!.text).toContain(`1. Configuration — Options\n   ${indexed.origin}/configure.html#options\n`)
  expect(colour!.text).not.toContain('deploy.html')
})

it("without an index: the site's llms.txt, else its sitemap.xml, each named with the reason; nothing at all is SEARCH_UNAVAILABLE", async () => {
  const [fromLlms] = await search(llms, ['install'])
  expect(fromLlms!.text).toBe(`Searched the site's llms.txt (${llms.origin}/llms.txt) for "install": 1 result.\n(no Pagefind index at ${llms.origin}/pagefind/; matched the titles and descriptions in ${llms.origin}/llms.txt.)\n\n1. Install guide\n   ${llms.origin}/install.html\n   installing the gadget with npm`)
  const [fromSitemap] = await search(sitemap, ['deploying static'])
  expect(fromSitemap!.text).toContain(`Searched the site's sitemap.xml (${sitemap.origin}/sitemap.xml) for "deploying static": 1 result.\n(no Pagefind index at ${sitemap.origin}/pagefind/, and no ${sitemap.origin}/llms.txt; matched the page URLs in ${sitemap.origin}/sitemap.xml.)`)
  expect(fromSitemap!.text).toContain(`1. docs deploying to static hosts\n   ${sitemap.origin}/docs/deploying-to-static-hosts.html`)
  const [none, empty] = await search(bare, ['install', '  ?! '])
  expect(none!.code).toBe('SEARCH_UNAVAILABLE')
  expect(none!.text).toContain(`this site has no search index this agent can read: no Pagefind index at ${bare.origin}/pagefind/, and neither ${bare.origin}/llms.txt nor ${bare.origin}/sitemap.xml could be read`)
  expect(empty!.code).toBe('SEARCH_INVALID_QUERY')
})
