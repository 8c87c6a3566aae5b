// The flows a reader and a site owner depend on, run in every engine (Chromium, Firefox ESR, WebKitGTK) against the built
// embed (dist/) on bare static servers under a strict CSP: boot and stream, approval by real clicks and keys, bash in the
// embedded shell, reload from IndexedDB, the cross-origin embed, the phone layout, session export/import, and the dev
// server's demos. Each flow also asserts the page saw no error, no dsh-error and no CSP violation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test, type TestContext } from 'vitest'
import type { EngineDriver } from './drivers/driver.ts'
import { engineSetups } from './engines.ts'
import { HostSites } from './host-site.ts'
import { until } from './poll.ts'
import { startDevServer, type DevServer } from '../harness/dev-server.ts'

interface PageRecord {
  events: { type: string; detail: Record<string, unknown> }[]
  violations: string[]
  errors: string[]
  downloads: { name: string; text: string }[]
}
interface Box { left: number; top: number; right: number; bottom: number; width: number; height: number }

const sites = new HostSites()
const scratch = mkdtempSync(join(tmpdir(), 'dsh-engines-'))
let devServer: Promise<DevServer> | undefined
afterAll(async () => {
  await sites.close()
  await (await devServer)?.close()
  rmSync(scratch, { recursive: true, force: true })
})

const bashTurn = (command: string) => ({ text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command, description: 'Run the example' } }] })
const scripted = (script: unknown[], extra: Record<string, string> = {}) => ({ provider: 'scripted', permissions: 'ask', storage: 'memory', script: JSON.stringify(script), ...extra })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const record = (d: EngineDriver) => d.probe<PageRecord>('record')

async function boot(d: EngineDriver, attributes: Record<string, string>, cdn?: Parameters<HostSites['site']>[0]['cdn']) {
  // Firefox checks a worker's static imports against worker-src, and the worker's host and lazy chunks import shared chunks statically.
  const site = await sites.site({ attributes, ...(cdn ? { cdn, cdnInWorkerSrc: d.engine === 'firefox' } : {}) })
  await d.open(site.url)
  const seen = await until<PageRecord>(d, 'dsh-ready', ['record'], (r) => r.events.some((e) => e.type === 'dsh-ready' || e.type === 'dsh-error'))
  expect(seen.events.filter((e) => e.type === 'dsh-error')).toEqual([])
  return site
}

async function send(d: EngineDriver, text: string, how: 'Enter' | 'click' = 'Enter'): Promise<void> {
  await d.type('[part~="input"]', text)
  if (how === 'Enter') await d.press('Enter')
  else await d.click('[part~="send-button"]')
}

async function turnEnds(d: EngineDriver, count: number): Promise<string[]> {
  const seen = await until<PageRecord>(d, `${count} dsh-turn-end`, ['record'], (r) => r.events.filter((e) => e.type === 'dsh-turn-end').length >= count)
  return seen.events.filter((e) => e.type === 'dsh-turn-end').map((e) => String(e.detail.reason))
}

const approvalShown = (d: EngineDriver) => until<number>(d, 'the approval request', ['visible', '[part~="allow-button"]'], (n) => n > 0)

/** Nothing went wrong on the page: no error, no dsh-error, no CSP violation. */
async function expectClean(d: EngineDriver): Promise<void> {
  const { events, violations, errors } = await record(d)
  expect({ errors, violations, dshErrors: events.filter((e) => e.type === 'dsh-error') }).toEqual({ errors: [], violations: [], dshErrors: [] })
}

for (const setup of engineSetups()) {
  // Without CI a missing engine is skipped (run.mjs prints why and the fixing command); under CI it fails in 'starts'.
  describe.skipIf(Boolean(setup.missing) && !process.env.CI)(`${setup.name}`, () => {
    let driver: EngineDriver | undefined
    afterAll(async () => { await driver?.close() })

    test('starts', async () => {
      try {
        driver = await setup.launch()
      } catch (error) {
        throw new Error(`${setup.name} could not start: ${(error as Error).message}. Fix: ${setup.fix}`)
      }
      expect(driver.version).toMatch(/\d+\.\d+/)
      console.log(`${setup.name}: ${driver.version}`)
    }, 60_000)

    /** The started engine, or the flow is skipped (the failed 'starts' test already says why). */
    const started = (context: TestContext): EngineDriver => {
      if (!driver) context.skip(`${setup.name} did not start`)
      return driver!
    }

    test('boots and streams a reply; the Send button shows no focus ring after a click', async (context) => {
      const d = started(context)
      const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
      await boot(d, scripted([{ reasoning: 'Thinking hard.', text: words, delayMs: 30 }]))
      const streaming = '[part~="assistant-message"][data-streaming="true"]'
      await d.probe('watch', streaming)
      await send(d, 'hello', 'click')
      expect(await d.probe('outline', '[part~="send-button"]')).toEqual({ style: 'none', focusVisible: false })
      await until<string[]>(d, 'the sent message in the transcript', ['texts', '[part~="user-message"]'], (texts) => texts.includes('hello'))
      // Seen by the page itself: under load the whole stream can fit between two polls of the driver.
      await until<number>(d, 'a streaming reply', ['seen', streaming], (n) => n > 0)
      expect(await turnEnds(d, 1)).toEqual(['completed'])
      expect(await d.probe('outline', '[part~="send-button"]')).toEqual({ style: 'none', focusVisible: false })
      expect(await d.probe('text', '[part~="assistant-message"]')).toContain('word59')
      expect(await d.probe('texts', '[part~="user-message"]')).toEqual(['hello'])
      await expectClean(d)
    })

    test("approval: a script's click grants nothing; Reject by a real click", async (context) => {
      const d = started(context)
      await boot(d, scripted([bashTurn('echo should-not-run'), { text: 'Understood, I will not run it.' }]))
      await send(d, 'run it')
      await approvalShown(d)
      await d.probe('syntheticClick', '[part~="allow-button"]')
      await pause(300)
      expect(await d.probe('visible', '[part~="allow-button"]')).toBeGreaterThan(0)
      await d.click('[part~="reject-button"]')
      expect(await turnEnds(d, 1)).toEqual(['completed'])
      expect(await d.probe('attr', '[part~="tool-card"]', 'data-outcome')).toBe('rejected')
      expect((await d.probe<string[]>('texts', '[part~="assistant-message"]')).at(-1)).toContain('I will not run it')
      expect(await d.probe<string>('text', '[part~="transcript"]')).not.toMatch(/^should-not-run$/m)
      await expectClean(d)
    })

    test('approval: Allow once by keyboard runs bash in the embedded shell', async (context) => {
      const d = started(context)
      await boot(d, scripted([bashTurn('cat hello.txt | tr a-z A-Z'), { text: 'It printed the file.' }], { workspace: JSON.stringify({ 'hello.txt': 'hello from the workspace\n' }) }))
      await send(d, 'run it')
      await approvalShown(d)
      const onAllow = async () => ((await d.probe<string | null>('focused')) ?? '').split(' ').includes('allow-button')
      for (let presses = 0; !(await onAllow()); presses++) {
        if (presses === 12) throw new Error(`${d.engine}: Tab never reached the allow button (focus on ${String(await d.probe('focused'))})`)
        await d.press('Tab')
      }
      await d.press('Enter')
      expect(await turnEnds(d, 1)).toEqual(['completed'])
      expect(await d.probe('text', '[part~="tool-card"] [part~="terminal"]')).toContain('HELLO FROM THE WORKSPACE')
      expect(await d.probe('attr', '[part~="tool-card"]', 'data-outcome')).toBe('allowed-once')
      expect(await d.probe('attr', '[part~="exit-code"]', 'data-exit')).toBe('0')
      await expectClean(d)
    })

    test('reload shows the same transcript from IndexedDB; no error after an approved bash run', async (context) => {
      const d = started(context)
      await boot(d, scripted([{ reasoning: 'r', text: 'First **answer** with `code`.' }, bashTurn('echo persisted'), { text: 'done' }], { storage: 'indexeddb' }))
      await send(d, 'one')
      await turnEnds(d, 1)
      await send(d, 'two')
      await approvalShown(d)
      await d.click('[part~="allow-button"]')
      expect(await turnEnds(d, 2)).toEqual(['completed', 'completed'])
      await pause(1_000) // what used to fail in WebKit came after both turns had ended
      await expectClean(d)
      const before = await d.probe<string>('text', '[part~="transcript"]')
      expect(before).toContain('persisted')
      await d.reload()
      await until<PageRecord>(d, 'dsh-ready after reload', ['record'], (r) => r.events.some((e) => e.type === 'dsh-ready'))
      await until<number>(d, 'both user messages', ['count', '[part~="user-message"]'], (n) => n === 2)
      await until<string>(d, 'the stored transcript', ['text', '[part~="transcript"]'], (text) => text === before)
      await expectClean(d)
    })

    test('cross-origin embed under a strict CSP (Firefox: the CDN also in worker-src): the blob: bootstrap loads the worker from the CDN', async (context) => {
      const d = started(context)
      const cdn = await sites.cdn()
      const site = await boot(d, scripted([bashTurn('cat hello.txt'), { text: 'It says **hello**.' }], { workspace: JSON.stringify({ 'hello.txt': 'hello from a static host\n' }) }), cdn)
      await send(d, 'show me')
      await approvalShown(d)
      await d.click('[part~="allow-button"]')
      await turnEnds(d, 1)
      expect(await d.probe('text', '[part~="tool-card"] [part~="terminal"]')).toContain('hello from a static host')
      expect(cdn.requests.some((path) => path.startsWith('/chunks/agent.worker-'))).toBe(true)
      expect(site.server.requests.filter((path) => path.startsWith('/chunks/') || path === '/dsh-agent.js')).toEqual([])
      await expectClean(d)
    })

    test('phone layout (390 px): the widget fits, nothing scrolls sideways, approval works by a click', async (context) => {
      const d = started(context)
      await d.resize(390, 844)
      try {
        await boot(d, scripted([bashTurn('echo from-a-phone'), { text: 'ok' }]))
        const viewport = await d.probe<{ width: number; height: number; scrollWidth: number }>('viewport')
        const { width, height } = viewport
        expect(width).toBe(Math.max(390, d.narrowestWidth))
        expect(viewport.scrollWidth).toBeLessThanOrEqual(width)
        const inside = (box: Box) => box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height
        for (const part of ['base', 'input', 'send-button', 'sessions-toggle', 'settings-toggle']) {
          expect({ part, inside: inside(await d.probe<Box>('box', `[part~="${part}"]`)) }).toEqual({ part, inside: true })
        }
        await send(d, 'run it')
        await approvalShown(d)
        expect(inside(await d.probe<Box>('box', '[part~="allow-button"]'))).toBe(true)
        await d.click('[part~="allow-button"]')
        await turnEnds(d, 1)
        expect(await d.probe('text', '[part~="tool-card"] [part~="terminal"]')).toContain('from-a-phone')
      } finally {
        await d.resize(1280, 800)
      }
      await expectClean(d)
    })

    test('session export and import round trip; the storage line says what this browser reports', async (context) => {
      const d = started(context)
      await boot(d, scripted([{ text: 'Remember this answer.' }], { storage: 'indexeddb' }))
      await send(d, 'keep me')
      await turnEnds(d, 1)
      await d.click('[part~="sessions-toggle"]')
      await until<number>(d, 'one stored session', ['count', '[part~="session"]'], (n) => n === 1)
      // Where the engine lacks navigator.storage.estimate / persist (WebKit) the line says so instead of a size or a promise.
      const api = await d.probe<{ estimate: boolean; persist: boolean }>('storageApi')
      const size = api.estimate ? '.+ used of .+' : 'size not reported by this browser'
      // Firefox answers persist() only once the user answers its permission prompt: until then the line says nothing about it.
      const kept = api.persist ? '( · (kept until you delete it|the browser may clear it when space runs low))?' : ' · this browser cannot be asked to keep it: export sessions you want to keep'
      const line = new RegExp(`^Saved in this browser · 1 session · ${size}${kept}$`)
      await until<string>(d, `the storage line to match ${line}`, ['text', '[part~="storage-state"]'], (text) => line.test(text))
      await d.click('[part~="export-button"]')
      const [download] = (await until<PageRecord>(d, 'the exported file', ['record'], (r) => r.downloads.length === 1)).downloads
      expect(download!.name).toMatch(/\.jsonl$/)
      const lines = download!.text.trim().split('\n').map((line) => JSON.parse(line) as { type: string; id?: string })
      expect(lines[0]).toMatchObject({ type: 'session' })
      const file = join(scratch, `${d.engine}-copy.jsonl`)
      writeFileSync(file, download!.text.replace(/"id":"[^"]+"/, '"id":"imported-session-1"'))
      await d.upload('[part~="import-button"] input', file)
      await until<number>(d, 'the imported session in the list', ['count', '[part~="session"]'], (n) => n === 2)
      await until<string | null>(d, 'the imported session opened', ['attr', '[part~="session"][aria-current="true"]', 'data-session-id'], (id) => id === 'imported-session-1')
      await until<string[]>(d, 'the imported transcript', ['texts', '[part~="user-message"]'], (texts) => texts.join() === 'keep me')
      expect(await d.probe('text', '[part~="assistant-message"]')).toContain('Remember this answer.')
      await expectClean(d)
    })

    test('docs demo: after the question card is answered, the transcript follows to the approval that comes next', async (context) => {
      const d = started(context)
      const dev = await (devServer ??= startDevServer())
      await d.open(`${dev.origin}/docs/`)
      await d.inject()
      await until<{ ready: number; status: string | null }>(d, '/docs/ to boot', ['bootState'], (s) => s.ready > 0 || Boolean(s.status), 45_000)
      await send(d, 'How do I count the most frequent words?')
      await until<number>(d, 'the question card', ['visible', '[part~="option-chip"]'], (n) => n > 0)
      await d.click('[part~="option-chip"]')
      await d.click('[part~="submit-button"]')
      await approvalShown(d)
      // The transcript's scroll box (the widget's main area) shows the approval's buttons without a scroll by the reader.
      const within = async (part: string) => {
        const [button, view] = [await d.probe<Box>('box', `[part~="${part}"]`), await d.probe<Box>('box', '[part~="main"]')]
        return button.top >= view.top - 1 && button.bottom <= view.bottom + 1
      }
      await until<boolean>(d, 'the allow button within the transcript\'s view', ['box', '[part~="allow-button"]'], () => true)
      let inView = await within('allow-button')
      for (let tries = 0; !inView && tries < 30; tries++) {
        await pause(100)
        inView = await within('allow-button')
      }
      const boxes = inView ? '' : ` (allow ${JSON.stringify(await d.probe('box', '[part~="allow-button"]'))}, view ${JSON.stringify(await d.probe('box', '[part~="main"]'))})`
      expect(inView, `${d.engine}: the approval stays below the transcript's view${boxes}`).toBe(true)
      await d.click('[part~="allow-button"]')
      await turnEnds(d, 1)
    })

    test('dev server (npm start): every demo boots, on the first navigation and on every later one', async (context) => {
      const d = started(context)
      const dev = await (devServer ??= startDevServer())
      for (const path of ['/docs/', '/playground/', '/sessions/', '/docs/']) {
        await d.open(`${dev.origin}${path}`)
        await d.inject()
        const state = await until<{ ready: number; status: string | null }>(d, `${path} to boot`, ['bootState'], (s) => s.ready > 0 || Boolean(s.status), 45_000)
        expect({ path, ...state }).toEqual({ path, ready: 1, status: '' })
      }
      await expectClean(d)
    })
  })
}
