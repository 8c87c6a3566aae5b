/**
 * Which files a page and its agent worker fetch before the first answer, measured, not guessed:
 * serves a built embed directory (dsh-agent.js + chunks/) from a bare Node server that logs every
 * request with its time, opens `<dsh-agent>` (scripted model, default IndexedDB storage) in a fresh
 * Chromium profile, sends one message and takes the files requested before the reply's first text
 * reached the DOM, with the page's own clock for connected → ready and Enter → first reply text.
 * Nothing of Playwright runs in the page before `dsh-ready`: the page reports it on its console
 * (a selector wait would inject Playwright's ~100 ms script on the main thread mid-startup).
 * Plane: Node (bench only).
 * @module bench/first-answer-files
 */
import { createServer } from 'node:http'
import { readFileSync, existsSync } from 'node:fs'
import { join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import { withProfile } from './browser.ts'

const REPLY = 'Hello from the scripted model.'

/**
 * The host page: times (page clock) the element's connection, its `dsh-ready`, the Enter that sends
 * the message, and the first mutation that puts reply text in the transcript (a MutationObserver).
 */
const PAGE = `<!doctype html><html><body><script type="module">
import './dsh-agent.js'
const times = window.dshTimes = {}
const agent = document.createElement('dsh-agent')
agent.setAttribute('provider', 'scripted')
agent.setAttribute('script', JSON.stringify([{ text: ${JSON.stringify(REPLY)} }]))
document.addEventListener('keydown', (e) => { if (e.key === 'Enter') times.prompt ??= performance.now() }, true)
agent.addEventListener('dsh-ready', () => {
  times.ready = performance.now()
  const root = agent.shadowRoot.querySelector('dsh-transcript').shadowRoot
  new MutationObserver(() => {
    if (times.firstText === undefined && root.querySelector('[part~="assistant-message"]')?.textContent.includes('Hello')) times.firstText = performance.now()
  }).observe(root, { subtree: true, childList: true, characterData: true })
  console.log('dsh-ready')
}, { once: true })
times.connected = performance.now()
document.body.append(agent)
</script></body></html>`

/** Page-clock milliseconds of one cold start. */
export interface FirstAnswerTimes {
  /** `<dsh-agent>` appended to the document → `dsh-ready`. */
  readonly connectedToReady: number
  /** Enter in the composer → the reply's first text in the transcript DOM. */
  readonly promptToFirstText: number
  /**
   * Where connected → ready went (each from `connected`, server clock against the page's, both on the
   * epoch): the worker's script requested (the page started the worker), its first import requested
   * (the worker thread is up and ran its entry), and its last module requested before `dsh-ready`.
   */
  readonly startup: { workerRequested: number; workerFirstImport: number; workerLastImport: number }
}

export interface FirstAnswerFiles {
  /** Paths relative to `dir`, in first-request order, each once, fetched before the first reply text showed. */
  readonly page: string[]
  readonly worker: string[]
  readonly times: FirstAnswerTimes
}

/** @param dir a built embed (the library build's outDir). */
export async function firstAnswerFiles(dir: string): Promise<FirstAnswerFiles> {
  const requests: { path: string; at: number; dest: string; from: string }[] = []
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(1)
    if (path === '') return void response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    const file = normalize(join(dir, path))
    if (!file.startsWith(dir) || !existsSync(file)) return void response.writeHead(404).end()
    // A module's imports carry it as Referer (same origin): the worker's graph is everything its entry led to.
    const from = request.headers.referer ? new URL(request.headers.referer).pathname.slice(1) : ''
    requests.push({ path, at: Date.now(), dest: String(request.headers['sec-fetch-dest'] ?? ''), from })
    response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const { at: firstText, connectedAt, readyAt, times } = await withProfile(async (_context, page) => {
      await Promise.all([
        page.waitForEvent('console', { predicate: (message) => message.text() === 'dsh-ready', timeout: 60_000 }),
        page.goto(`http://127.0.0.1:${port}/`),
      ])
      const input = page.getByRole('textbox', { name: 'Message' })
      await input.fill('hi')
      await input.press('Enter')
      await page.locator('dsh-agent [part~="assistant-message"]').filter({ hasText: 'Hello' }).first().waitFor({ timeout: 60_000 })
      const t = await page.evaluate(() => ({ ...(window as unknown as { dshTimes: Record<'connected' | 'ready' | 'prompt' | 'firstText', number> }).dshTimes, origin: performance.timeOrigin }))
      // The cut is when the text reached the DOM (the page's clock on the epoch, as the server's), not
      // when Playwright's polling saw it: a fetch the page starts just after the text is not counted.
      return { at: t.origin + t.firstText, connectedAt: t.origin + t.connected, readyAt: t.origin + t.ready, times: { connectedToReady: t.ready - t.connected, promptToFirstText: t.firstText - t.prompt } }
    })
    const before = requests.filter((r) => r.at <= firstText)
    // Each request by who made it: the worker made its entry's and every one a module of its own asked for.
    const workerRequests: typeof before = []
    const worker = new Set<string>()
    for (const r of before) {
      if (r.dest !== 'worker' && !worker.has(r.from)) continue
      workerRequests.push(r)
      worker.add(r.path)
    }
    // A file is counted once however often it was requested: the page and the worker each import a chunk both
    // builds emit with one content and one name (the bundler runtime), one download with an HTTP cache.
    const unique = (paths: string[]) => [...new Set(paths)]
    const untilReady = workerRequests.filter((r) => r.at <= readyAt)
    const since = (request: { at: number } | undefined) => (request === undefined ? Number.NaN : request.at - connectedAt)
    const startup = { workerRequested: since(untilReady[0]), workerFirstImport: since(untilReady[1]), workerLastImport: since(untilReady.at(-1)) }
    return { page: unique(before.filter((r) => !worker.has(r.path)).map((r) => r.path)), worker: unique(workerRequests.map((r) => r.path)), times: { ...times, startup } }
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}
