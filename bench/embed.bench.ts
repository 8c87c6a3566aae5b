/**
 * Embed cost: gzip (level 9) and brotli (q11) bytes, computed with Node zlib on the emitted files, of
 * what a page downloads before `<dsh-agent>` is interactive (page-side chunks), of the worker core
 * (its entry plus the host module the entry imports before it answers anything), of each lazy chunk
 * (found through Vite manifests, never by file name), and — measured in Chromium on the library
 * build — of every file page and worker fetch before the first scripted answer. Plane: Node.
 * @module bench/embed
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { BUILD_DIR, ROOT, benchBuild, configBuild, entryBuild, type Manifest } from './browser.ts'
import { firstAnswerFiles } from './first-answer-files.ts'
import { chromiumMissing } from './browser.ts'
import { note, record, recordSamples, skip } from './harness.ts'

const PAGE = 'bench-pages/embed.html'
const WORKER = join(ROOT, 'workers/agent.worker.ts')
const WORKER_DIR = join(ROOT, 'dist/bench-worker')
const EMBED_CONFIG = join(ROOT, 'vite.embed.config.ts')
const EMBED_DIR = join(ROOT, 'dist/bench-embed')
const KB = 1024
const FIRST_ANSWER_RUNS = 5

/** Lazy parts the issue names, recognised by the source path Vite records for each dynamic entry. */
const LAZY: readonly { label: string; test: RegExp }[] = [
  { label: 'just-bash', test: /node_modules\/just-bash\// },
  { label: 'WebContainer client', test: /node_modules\/@webcontainer\/api\// },
  { label: 'markdown', test: /markdown/ },
  { label: 'diff', test: /diff/ },
]

/** Manifest keys reachable from `start` through static imports (what loads with it). */
function staticClosure(manifest: Manifest, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  visit(start)
  return seen
}

/** Every emitted file of a set of chunks: the JS and its CSS. */
function filesOf(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]))]
}

interface Size { raw: number; gzip: number; brotli: number; files: number }

function sizeOf(dir: string, files: readonly string[]): Size {
  const size: Size = { raw: 0, gzip: 0, brotli: 0, files: files.length }
  for (const file of files) {
    const bytes = readFileSync(join(dir, file))
    size.raw += bytes.length
    size.gzip += gzipSync(bytes, { level: 9 }).length
    size.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length
  }
  return size
}

const METHOD = 'vite build (production, manifest) → Node zlib gzip level 9 / brotli quality 11 of each emitted file, summed; KB = 1024 B'

function recordSize(name: string, size: Size, target?: { value: number; source: string }, method = METHOD): void {
  const gz = size.gzip / KB
  record({ name: `${name}: gzip`, unit: 'KB', method: `${method}; ${size.files} files, ${(size.raw / KB).toFixed(1)} KB minified`, median: gz, spread: { min: gz, max: gz }, samples: 1, ...(target === undefined ? {} : { target: { op: '<=' as const, value: target.value, unit: 'KB', source: target.source } }) })
  const br = size.brotli / KB
  record({ name: `${name}: brotli`, unit: 'KB', method, median: br, spread: { min: br, max: br }, samples: 1 })
}

const FIRST_ANSWER_METHOD = 'library build served by a bare Node server that logs each request; <dsh-agent provider="scripted"> (default IndexedDB storage) in a fresh Chromium profile, one message sent; the files requested before the reply\'s first text is in the DOM (worker side: the worker entry and every file its modules imported, by Referer) → Node zlib gzip 9 / brotli 11, summed'

/** What page and worker fetch before the first scripted answer, measured in Chromium. */
async function recordFirstAnswer(dir: string): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('before the first answer (Chromium)', missing)
  const runs = []
  for (let run = 0; run < FIRST_ANSWER_RUNS; run++) runs.push(await firstAnswerFiles(dir))
  const files = runs[0]!
  const timing = `library build on a bare Node server, <dsh-agent provider="scripted"> in a fresh Chromium profile (cold cache, IndexedDB storage), page clock; ${FIRST_ANSWER_RUNS} profiles`
  recordSamples({ name: 'first answer: <dsh-agent> connected → dsh-ready', unit: 'ms', method: `${timing}; appended to the document → its dsh-ready event`, target: { op: '<=', value: 100, unit: 'ms', source: 'issue 20' } }, runs.map((r) => r.times.connectedToReady), 'min-max')
  const startupMethod = `${timing}; the bench server's clock at each request against the page's clock at connected (both epoch ms, one machine)`
  recordSamples({ name: 'first answer, where connected → dsh-ready goes: the worker\'s script requested', unit: 'ms', method: `${startupMethod}; the first request the worker made (its entry)` }, runs.map((r) => r.times.startup.workerRequested), 'min-max')
  recordSamples({ name: 'first answer, where connected → dsh-ready goes: the worker\'s first import requested (thread up, entry run)', unit: 'ms', method: `${startupMethod}; the worker's second request` }, runs.map((r) => r.times.startup.workerFirstImport), 'min-max')
  recordSamples({ name: 'first answer, where connected → dsh-ready goes: the worker\'s last module requested before ready', unit: 'ms', method: `${startupMethod}; the rest, to dsh-ready, is compiling and running the host, its boot, configure and the session open` }, runs.map((r) => r.times.startup.workerLastImport), 'min-max')
  recordSamples({ name: 'first answer: message sent → first reply text in the DOM (scripted)', unit: 'ms', method: `${timing}; the Enter keydown in the composer → the MutationObserver call that sees the reply's text in the transcript`, target: { op: '<=', value: 30, unit: 'ms', source: 'issue 20' } }, runs.map((r) => r.times.promptToFirstText), 'min-max')
  const page = sizeOf(dir, files.page)
  const worker = sizeOf(dir, files.worker)
  recordSize('before the first answer, page side (measured)', page, undefined, FIRST_ANSWER_METHOD)
  recordSize('before the first answer, worker (measured)', worker, undefined, FIRST_ANSWER_METHOD)
  recordSize('before the first answer, page + worker (measured)', { raw: page.raw + worker.raw, gzip: page.gzip + worker.gzip, brotli: page.brotli + worker.brotli, files: page.files + worker.files }, { value: 90, source: 'issue 20' }, FIRST_ANSWER_METHOD)
  note(`embed: before the first answer the worker fetched ${files.worker.join(', ')}; the page ${files.page.join(', ')}`)
}

/** Dynamic entries reachable from `roots`, each with the files it adds beyond `loaded`. */
function lazyParts(manifest: Manifest, roots: Iterable<string>, loaded: Set<string>): Map<string, string[]> {
  const parts = new Map<string, string[]>()
  const queue = [...roots]
  const seen = new Set(queue)
  while (queue.length > 0) {
    const key = queue.shift()!
    for (const next of [...(manifest[key]?.dynamicImports ?? []), ...(manifest[key]?.imports ?? [])]) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
      if (!(manifest[key]?.dynamicImports ?? []).includes(next)) continue
      const adds = [...staticClosure(manifest, next)].filter((k) => !loaded.has(k))
      parts.set(manifest[next]?.src ?? next, filesOf(manifest, adds))
    }
  }
  return parts
}

async function main(): Promise<void> {
  let page: Manifest
  let worker: Manifest
  const library = existsSync(EMBED_CONFIG)
  try {
    page = library ? await configBuild('embed-library', EMBED_CONFIG, EMBED_DIR) : await benchBuild('embed', [PAGE])
    worker = await entryBuild('worker', { 'agent.worker': WORKER }, WORKER_DIR)
  } catch (error) {
    return skip('embed cost (gzip/brotli)', `the embed does not build yet: ${(error as Error).message.split('\n')[0]}`)
  }
  const pageDir = library ? EMBED_DIR : BUILD_DIR
  const pageEntry = library ? Object.keys(page).find((key) => page[key]!.isEntry)! : PAGE
  const pageCore = staticClosure(page, pageEntry)
  const workerKey = Object.keys(worker).find((key) => worker[key]!.isEntry)!
  // The entry holds messages until the host module it imports has loaded: that import is core, not lazy.
  const workerCore = new Set([workerKey, ...(worker[workerKey]!.dynamicImports ?? [])].flatMap((key) => [...staticClosure(worker, key)]))
  const pageSize = sizeOf(pageDir, filesOf(page, pageCore))
  const workerSize = sizeOf(WORKER_DIR, filesOf(worker, workerCore))
  recordSize('before interactive, page side (element, Lit, protocol client)', pageSize, { value: 40, source: 'issue 8' })
  recordSize('worker core (entry + the host it imports before answering)', workerSize, { value: 60, source: 'issue 20' })
  recordSize('page side + worker core', { raw: pageSize.raw + workerSize.raw, gzip: pageSize.gzip + workerSize.gzip, brotli: pageSize.brotli + workerSize.brotli, files: pageSize.files + workerSize.files })
  const lazy = [...lazyParts(page, pageCore, pageCore)].map(([src, files]) => ({ src, dir: pageDir, files }))
    .concat([...lazyParts(worker, workerCore, workerCore)].map(([src, files]) => ({ src, dir: WORKER_DIR, files })))
  for (const { label, test } of LAZY) {
    const found = lazy.filter((part) => test.test(part.src))
    if (found.length === 0) note(`embed: no lazy chunk for ${label} in the manifests (it is either bundled eagerly or not used)`)
    for (const part of found) recordSize(`lazy ${label} (${part.src})`, sizeOf(part.dir, part.files))
  }
  const unnamed = lazy.filter((part) => !LAZY.some(({ test }) => test.test(part.src)))
  for (const part of unnamed) recordSize(`lazy, other (${part.src})`, sizeOf(part.dir, part.files))
  if (library) await recordFirstAnswer(EMBED_DIR)
  note(`embed: page side from ${library ? 'the library build vite.embed.config.ts (dsh-agent.js)' : `the bench page ${PAGE} (imports components/index.ts)`}; worker graph from a separate build of workers/agent.worker.ts with vite.config.ts`)
}

await main()
