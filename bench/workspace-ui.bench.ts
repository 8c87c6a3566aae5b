/**
 * `<dsh-workspace>` in real Chromium (issue 21's bar): opening a 1 MB file in the editor (open →
 * the next frame with its text), keystroke → the next frame while the agent streams a long reply,
 * and a write → the new file's row in the tree. Plane: Node driving Chromium; page clock; measures only.
 * @module bench/workspace-ui
 */
import type { Page } from '@playwright/test'
import { benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { note, recordSamples, skip } from './harness.ts'

const PAGE = 'test-pages/workspace-ui.html'
const OPENS = 8
const KEYS = 120
const WRITES = 30
const MB = 1024 * 1024

/** A long streamed reply (many small chunks) so keystrokes land while the transcript paints. */
const STREAM = [{ text: Array.from({ length: 3000 }, (_, i) => `Streaming line ${i}: the agent keeps talking while you type.`).join('\n'), delayMs: 2 }, { text: 'done' }]

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

/** Keystrokes into the open 1 MB file; `streaming`: while the agent streams a long reply. */
async function keystrokeTimes(page: Page, streaming: boolean): Promise<number[]> {
  await page.evaluate(() => {
    if ('keySamples' in globalThis) return
    const samples: number[] = []
    Object.assign(globalThis, { keySamples: samples })
    addEventListener('keydown', (event) => {
      const started = event.timeStamp
      requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => samples.push(performance.now() - started); channel.port2.postMessage(null) })
    }, { capture: true })
  })
  if (streaming) {
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('stream a long answer')
    await input.press('Enter')
    await page.locator('dsh-agent [part~="assistant-message"]').first().waitFor()
  }
  await page.evaluate(() => (globalThis as unknown as { keySamples: number[] }).keySamples.splice(0))
  await page.locator('dsh-workspace dsh-editor-pane .cm-content').click()
  for (let i = 0; i < KEYS; i++) await page.keyboard.type(i % 40 === 39 ? '\n' : 'x', { delay: 15 })
  return page.evaluate(() => (globalThis as unknown as { keySamples: number[] }).keySamples.slice())
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
  await withPreview(() => withProfile(async (_context, page) => {
    await page.addInitScript((config) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = config }, { workspace: { 'README.md': '# bench\n' }, script: STREAM })
    await page.setViewportSize({ width: 1280, height: 800 })
    await openPage(page, `/${PAGE}`)
    await page.locator('dsh-workspace dsh-file-tree [role="treeitem"]').first().waitFor()
    const method = 'production build (vite preview), fresh Chromium profile, 1280×800, page performance.now()'
    recordSamples({ name: 'open a 1 MB file in the editor (open → next frame)', unit: 'ms', method, target: target(100, 'ms') }, await openTimes(page))
    recordSamples({ name: 'live tree update after a write (request → row in the tree)', unit: 'ms', method, target: target(50, 'ms') }, await treeTimes(page))
    const keys = `${method}; keydown timeStamp → after the next frame`
    recordSamples({ name: 'keystroke → next frame in the editor, agent idle', unit: 'ms', method: keys }, await keystrokeTimes(page, false))
    recordSamples({ name: 'keystroke → next frame in the editor while the agent streams', unit: 'ms', method: keys, target: target(16, 'ms', 'p95') }, await keystrokeTimes(page, true))
  }))
  note('workspace UI: production build (vite preview), fresh Chromium profile, 1280×800, page performance.now(); keystrokes by Playwright 15 ms apart into a 1 MB file while a 3,000-line reply streams')
}

await main()
