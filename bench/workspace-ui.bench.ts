/**
 * `<dsh-workspace>` in real Chromium (issue 21's bar): opening a 1 MB file in the editor (open →
 * the next frame with its text), keystroke → the painted frame while the agent streams a long
 * reply (from a Chrome trace: bench/frame-trace.ts), and a write → the new file's row in the tree.
 * Plane: Node driving Chromium; page clock and trace; measures only.
 * @module bench/workspace-ui
 */
import type { BrowserContext, Page } from '@playwright/test'
import { benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { keyToFrameTimes, startTrace } from './frame-trace.ts'
import { note, recordSamples, skip } from './harness.ts'

const PAGE = 'test-pages/workspace-ui.html'
const OPENS = 8
const KEYS = 120
const WRITES = 30
const MB = 1024 * 1024

/**
 * A long agent turn so keystrokes land while the transcript paints: the scripted model splits a
 * reply's text into three deltas, so one long reply would be over in a few ms; instead 150 steps,
 * each a paragraph streamed in deltas 16 ms apart and a `read` call, keep it streaming for seconds.
 */
const STREAM = [
  ...Array.from({ length: 150 }, (_, i) => ({ text: `Step ${i}: ${'the agent keeps talking while you type. '.repeat(6)}`, toolCalls: [{ name: 'read', arguments: { file_path: 'README.md' } }], delayMs: 16 })),
  { text: 'done' },
]

interface Link { request(command: unknown): Promise<{ kind?: string; version?: string }> }
declare const document: { getElementById(id: string): { workspaceLink(): Link } | null; querySelector(s: string): unknown }

async function openTimes(page: Page): Promise<number[]> {
  return page.evaluate(async ([opens, bytes]) => {
    const link = document.getElementById('agent')!.workspaceLink()
    const line = 'export const value = { name: "a line of a large generated module", count: 12345 }\n'
    const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes)
    for (let i = 0; i < opens; i++) await link.request({ kind: 'workspace.write', path: `big/m${i}.ts`, text, baseVersion: null })
    const workspace = document.querySelector('dsh-workspace') as { openFile(path: string): Promise<void> }
    await workspace.openFile('README.md') // loads the editor chunk once, as the first file of a session does
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    const times: number[] = []
    for (let i = 0; i < opens; i++) {
      const started = performance.now()
      await workspace.openFile(`big/m${i}.ts`)
      await frame()
      times.push(performance.now() - started)
    }
    return times
  }, [OPENS, MB] as const)
}

interface KeySamples { pageClock: number[]; painted: number[]; busy: number[]; cpu: number[] }

/**
 * Keystrokes into the open 1 MB file; `streaming`: while the agent streams a long reply. Two
 * clocks: the page's (keydown timeStamp → a task posted from the next animation frame: it also
 * counts whatever was queued before that task) and the trace's (keydown → the painted frame).
 */
async function keystrokeTimes(context: BrowserContext, page: Page, streaming: boolean): Promise<KeySamples> {
  await page.evaluate(() => {
    if ('keySamples' in globalThis) return
    const samples = { pageClock: [] as number[], queued: [] as number[] }
    Object.assign(globalThis, { keySamples: samples })
    addEventListener('keydown', (event) => {
      const started = event.timeStamp
      samples.queued.push(performance.now() - started)
      requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => samples.pageClock.push(performance.now() - started); channel.port2.postMessage(null) })
    }, { capture: true })
  })
  if (streaming) {
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('stream a long answer')
    await input.press('Enter')
    await page.locator('dsh-agent [part~="assistant-message"]').first().waitFor()
  }
  const take = () => page.evaluate(() => {
    const samples = (globalThis as unknown as { keySamples: { pageClock: number[]; queued: number[] } }).keySamples
    return { pageClock: samples.pageClock.splice(0), queued: samples.queued.splice(0) }
  })
  await page.locator('dsh-workspace dsh-editor-pane .cm-content').click()
  await take()
  const stopTrace = await startTrace(context, page)
  for (let i = 0; i < KEYS; i++) await page.keyboard.type(i % 40 === 39 ? '\n' : 'x', { delay: 15 })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
  const { pageClock, queued } = await take()
  if (streaming && await page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.some((e) => e.type === 'dsh-turn-end'))) throw new Error('the agent stopped streaming before the last keystroke: make STREAM longer')
  const frames = keyToFrameTimes(await stopTrace(), queued)
  return { pageClock, painted: frames.map((f) => f.painted), busy: frames.map((f) => f.busy), cpu: frames.map((f) => f.cpu) }
}

async function treeTimes(page: Page): Promise<number[]> {
  return page.evaluate(async (writes) => {
    const link = document.getElementById('agent')!.workspaceLink()
    const tree = (document.querySelector('dsh-workspace') as Element).shadowRoot!.querySelector('dsh-file-tree')!.shadowRoot!
    const times: number[] = []
    for (let i = 0; i < writes; i++) {
      const name = `live-${i}.txt`
      const shown = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if ([...tree.querySelectorAll('[role="treeitem"]')].some((row) => row.textContent === name)) { observer.disconnect(); resolve() }
        })
        observer.observe(tree, { childList: true, subtree: true, characterData: true })
      })
      const started = performance.now()
      await link.request({ kind: 'workspace.write', path: name, text: `${i}\n`, baseVersion: null })
      await shown
      times.push(performance.now() - started)
    }
    return times
  }, WRITES)
}

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('workspace UI (Chromium)', missing)
  await benchBuild('workspace-ui', [PAGE])
  const target = (value: number, unit: string, on?: 'p95') => ({ op: '<=' as const, value, unit, source: 'issue 21', ...(on ? { on } : {}) })
  await withPreview(() => withProfile(async (context, page) => {
    await page.addInitScript((config) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = config }, { workspace: { 'README.md': '# bench\n' }, script: STREAM })
    await page.setViewportSize({ width: 1280, height: 800 })
    await openPage(page, `/${PAGE}`)
    await page.locator('dsh-workspace dsh-file-tree [role="treeitem"]').first().waitFor()
    const method = 'production build (vite preview), fresh Chromium profile, 1280×800, page performance.now()'
    recordSamples({ name: 'open a 1 MB file in the editor (open → next frame)', unit: 'ms', method, target: target(100, 'ms') }, await openTimes(page))
    recordSamples({ name: 'live tree update after a write (request → row in the tree)', unit: 'ms', method, target: target(50, 'ms') }, await treeTimes(page))
    const painted = `${method}; Chrome trace (timeline categories): the key's wait before dispatch (page clock) + keydown dispatch → end of the first main-thread frame task that commits after the key's task`
    const busy = `${painted}, less the time the main thread sat idle waiting for the compositor's next frame (display tick / headless software compositor)`
    const pageClock = `${method}; keydown timeStamp → a task posted from the next animation frame (also counts whatever was queued ahead of that task, e.g. the next key)`
    const idle = await keystrokeTimes(context, page, false)
    const streams = await keystrokeTimes(context, page, true)
    recordSamples({ name: 'keystroke → painted frame in the editor, main-thread time, agent idle', unit: 'ms', method: busy }, idle.busy)
    recordSamples({ name: 'keystroke → painted frame in the editor, main-thread time, while the agent streams', unit: 'ms', method: busy, target: target(16, 'ms', 'p95') }, streams.busy)
    recordSamples({ name: 'keystroke → painted frame in the editor (wall clock) while the agent streams', unit: 'ms', method: painted }, streams.painted)
    recordSamples({ name: 'keystroke → painted frame in the editor, main-thread CPU time, while the agent streams', unit: 'ms', method: `${busy}; the thread's CPU time in those tasks (trace tdur)` }, streams.cpu)
    recordSamples({ name: 'keystroke → next frame in the editor, agent idle', unit: 'ms', method: pageClock }, idle.pageClock)
    recordSamples({ name: 'keystroke → next frame in the editor while the agent streams', unit: 'ms', method: pageClock }, streams.pageClock)
  }))
  note('workspace UI: production build (vite preview), fresh Chromium profile, 1280×800, page performance.now(); keystrokes by Playwright 15 ms apart into a 1 MB file; while the agent streams a 150-step turn (text deltas 16 ms apart, a read call per step)')
}

await main()
