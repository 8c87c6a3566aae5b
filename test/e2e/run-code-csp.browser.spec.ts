// The language commands under a page's CSP, on the built embed from a plain static host: without
// 'wasm-unsafe-eval' in script-src, python3 / node / sqlite3 answer with a notice naming that
// directive and the rest of the agent (the shell) works; with it, all three run, and Ctrl-C stops
// a runaway Python loop on a page that is not cross-origin isolated (its worker is terminated).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { guardLocalOnly } from '../harness/local-only.ts'
import { focusTerminal } from '../harness/workspace-page.ts'
import { runInTerminal } from '../harness/terminal.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

test.describe.configure({ timeout: 180_000 })

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:"
const WITH_WASM = STRICT.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>run code under CSP</title>
<script type="module" src="/dsh-agent.js"></script><script type="module" src="/dsh-workspace.js"></script></head>
<body><dsh-workspace for="agent"><dsh-agent id="agent" slot="agent" provider="scripted" storage="memory" workspace='{"app.js":"console.log(1)\\n","main.py":"print(2)\\n"}'></dsh-agent></dsh-workspace></body></html>`

const sites: StaticServer[] = []
test.afterAll(async () => { await Promise.all(sites.map((site) => site.close())) })

/** The page under `csp`, its terminal focused. */
async function openTerminal(page: Page, csp: string): Promise<Locator> {
  const site = await startStaticServer({ root: dist, pages: { '/index.html': PAGE }, headers: { 'Content-Security-Policy': csp } })
  sites.push(site)
  await page.goto(`${site.origin}/index.html`)
  const workspace = page.locator('dsh-workspace')
  await focusTerminal(workspace)
  return workspace
}

test("without 'wasm-unsafe-eval' the language commands say which directive they need, and the shell goes on working", async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  const workspace = await openTerminal(page, STRICT)
  for (const command of ['python3 main.py', 'node app.js', "sqlite3 ':memory:' 'select 1'"]) {
    const name = command.split(' ')[0]
    expect((await runInTerminal(page, workspace, `${command} 2>&1; echo code $?`)).replaceAll('\n', '')).toMatch(new RegExp(`^${name}: this page's Content-Security-Policy does not allow WebAssembly, which the embedded ${name} needs: add 'wasm-unsafe-eval' to its script-src directive\\. The rest of the agent works without it[^]*code 126$`))
  }
  expect(await runInTerminal(page, workspace, 'echo the shell works; cat app.js')).toBe('the shell works\nconsole.log(1)')
  expect(outside).toEqual([])
})

test("with 'wasm-unsafe-eval' python3, node and sqlite3 run under the otherwise strict CSP; on this page (not cross-origin isolated) Ctrl-C stops python3 by terminating its worker", async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  const workspace = await openTerminal(page, WITH_WASM)
  expect(await runInTerminal(page, workspace, 'node app.js')).toBe('1')
  expect(await runInTerminal(page, workspace, "sqlite3 ':memory:' 'select 6 * 7'")).toBe('42')
  expect(await runInTerminal(page, workspace, 'python3 main.py', 120_000)).toBe('2')
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false) // no interrupt buffer: the worker itself must go
  await page.keyboard.type("python3 -c 'while True: pass'")
  await page.keyboard.press('Enter')
  await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(1)
  await page.keyboard.press('Control+c')
  await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(0)
  expect(await runInTerminal(page, workspace, "python3 -c 'print(\"a new worker\")'", 120_000)).toBe('a new worker')
  expect(outside).toEqual([])
})
