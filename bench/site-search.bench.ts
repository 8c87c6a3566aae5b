/**
 * site_search on a 1,000-page Pagefind index built here by the real pagefind CLI and served from
 * 127.0.0.1: the first query of a fresh reader (pagefind-entry.json, the .pf_meta, the chunks its
 * terms need, five fragments) and warm queries (the same reader, its files already read).
 * Plane: Node (npm run bench); measures, never asserts.
 * @module bench/site-search
 */
import { execFile } from 'node:child_process'
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { siteSearchTool } from '../src/tool-site-search/search-tool.ts'
import type { ToolRunContext } from '../src/tools/types.ts'
import { note, recordSamples } from './harness.ts'

const PAGES = 1_000
const TOPICS = ['install', 'configure', 'deploy', 'stream', 'buffer', 'socket', 'render', 'cache', 'token', 'schema', 'router', 'worker', 'plugin', 'session', 'sandbox', 'logger', 'queue', 'archive', 'locale', 'crypto']
const word = (n: number) => `${TOPICS[n % TOPICS.length]}${['', 'ing', 'ed', 's', 'er'][n % 5]}`
const paragraph = (seed: number) => Array.from({ length: 60 }, (_, k) => (k % 7 === 0 ? word(seed * 31 + k) : `w${(seed * 7919 + k * 104729) % 5000}`)).join(' ')

const dir = await mkdtemp(join(tmpdir(), 'dsh-pagefind-bench-'))
await mkdir(join(dir, 'docs'))
for (let i = 0; i < PAGES; i++) {
  const sections = Array.from({ length: 4 }, (_, s) => `<h2 id="s${s}">${word(i + s)} section ${s}</h2><p>${paragraph(i * 4 + s)}</p>`).join('')
  await writeFile(join(dir, 'docs', `page-${i}.html`), `<!doctype html><html lang="en"><head><title>Page ${i}: ${word(i)}</title></head><body><main><h1>Page ${i}</h1>${sections}</main></body></html>`)
}
const built = performance.now()
await promisify(execFile)(join(process.cwd(), 'node_modules/.bin/pagefind'), ['--site', dir])
note(`site-search: the pagefind CLI indexed ${PAGES} generated pages (4 sections of 60 words each) in ${((performance.now() - built) / 1000).toFixed(1)} s.`)

const server = createServer((request, response) => {
  readFile(join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)))
    .then((body) => response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body))
    .catch(() => response.writeHead(404).end())
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
const exec = { signal: new AbortController().signal } as ToolRunContext
const queries = TOPICS.flatMap((topic, i) => [`${topic}ing`, `${topic} ${TOPICS[(i + 3) % TOPICS.length]}`])

const first: number[] = []
for (let run = 0; run < 5; run++) {
  const tool = siteSearchTool({ index: `${origin}/pagefind/`, site: origin })
  const start = performance.now()
  const value = await tool.execute({ query: queries[run]! }, exec)
  first.push(performance.now() - start)
  if (value.source !== 'pagefind' || value.results.length === 0) throw new Error(`the first query found nothing in the index (${value.source})`)
}
const tool = siteSearchTool({ index: `${origin}/pagefind/`, site: origin })
for (const query of queries) await tool.execute({ query }, exec) // every chunk and the fragments read once
const warm: number[] = []
for (let pass = 0; pass < 3; pass++) {
  for (const query of queries) {
    const start = performance.now()
    await tool.execute({ query }, exec)
    warm.push(performance.now() - start)
  }
}
server.close()
await rm(dir, { recursive: true, force: true })

recordSamples({
  name: `site_search first query on a ${PAGES}-page Pagefind index (fresh reader)`,
  unit: 'ms', method: 'tool execute: fetch + gunzip + CBOR decode of pagefind-entry.json, the .pf_meta, the chunks the terms need and 5 fragments over HTTP on 127.0.0.1; 5 fresh readers',
}, first, 'min-max')
recordSamples({
  name: `site_search warm query on a ${PAGES}-page Pagefind index`,
  unit: 'ms', method: `tool execute with the index files already read (${queries.length} queries × 3 passes): term matching, scoring, excerpts`,
  target: { op: '<=', value: 50, unit: 'ms', source: 'issue 35' },
}, warm)
