// The language runtimes offline: the built playground on a plain static server (a copy of dist/demo),
// python3 and node run once online — their runtime files are not in the precache, the service worker
// keeps them on first use — then a cold start with the network off runs both again in new workers.
import { expect, test } from '@playwright/test'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startStaticServer } from '../harness/static-server.ts'
import { seeOffline } from '../harness/offline-view.ts'
import { focusTerminal } from '../harness/workspace-page.ts'
import { runInTerminal } from '../harness/terminal.ts'

test.describe.configure({ timeout: 240_000 })

const demoBuild = fileURLToPath(new URL('../../dist/demo/', import.meta.url))
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }

test('after one online use, python3 and node run with the network off (runtime files from the service worker cache)', async ({ context }) => {
  const root = await mkdtemp(join(tmpdir(), 'dsh-run-code-offline-'))
  await cp(demoBuild, root, { recursive: true })
  const site = await startStaticServer({ root, headers: isolation })
  try {
    const page = await context.newPage()
    await page.goto(`${site.origin}/playground/`)
    await page.waitForSelector('body[data-ready]')
    await expect(page.locator('dsh-agent [part~="network-status"]')).toHaveAttribute('data-readiness', 'ready', { timeout: 60_000 })
    let workspace = page.locator('dsh-workspace')
    await focusTerminal(workspace)
    expect(await runInTerminal(page, workspace, "python3 -c 'print(40 + 2)'", 120_000)).toBe('42')
    expect(await runInTerminal(page, workspace, "node -e 'console.log(6 * 7)'")).toBe('42')
    const cached = await page.evaluate(async () => (await (await caches.open('dsh-agent-runtimes')).keys()).map((r) => new URL(r.url).pathname).sort())
    expect(cached).toEqual(expect.arrayContaining(['/runtimes/pyodide-314.0.8/pyodide.asm.wasm', '/runtimes/pyodide-314.0.8/python_stdlib.zip', '/runtimes/quickjs-0.32.0/emscripten-module.wasm']))
    await context.setOffline(true)
    await page.close()
    const offlinePage = await context.newPage()
    await offlinePage.goto(`${site.origin}/playground/`)
    await offlinePage.waitForSelector('body[data-ready]')
    const offline = await seeOffline(offlinePage)
    workspace = offlinePage.locator('dsh-workspace')
    await focusTerminal(workspace)
    expect(await runInTerminal(offlinePage, workspace, "python3 -c 'print(\"offline\")'", 120_000)).toBe('offline')
    expect(await runInTerminal(offlinePage, workspace, "node -e 'console.log(\"offline too\")'")).toBe('offline too')
    await context.setOffline(false)
    await offline.release()
  } finally {
    await site.close()
    await rm(root, { recursive: true, force: true })
  }
})
