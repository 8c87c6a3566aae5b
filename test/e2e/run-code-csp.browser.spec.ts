// The language commands under a page's CSP, on the built embed from a plain static host: without
// 'wasm-unsafe-eval' in script-src, python3 / node / sqlite3 answer with a notice naming that
// directive and the rest of the agent (the shell, the editor) works; with it, node and sqlite3 run.
import { expect, test } from '@playwright/test'
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

async function open(csp: string) {
  const site = await startStaticServer({ root: dist, pages: { '/index.html': PAGE }, headers: { 'Content-Security-Policy': csp } })
  sites.push(site)
  return site
}

test("without 'wasm-unsafe-eval' the language commands say which directive they need, and the shell goes on working", async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  const site = await open(STRICT)
  await page.goto(`${site.origin}/index.html`)
  const workspace = page.locator('dsh-workspace')
  await focusTerminal(workspace)
  for (const command of ['python3 main.py', 'node app.js', "sqlite3 ':memory:' 'select 1'"]) {
    const name = command.split(' ')[0]
    expect((await runInTerminal(page, workspace, `${command} 2>&1; echo code $?`)).replaceAll('\n', '')).toMatch(new RegExp(`^${name}: this page's Content-Security-Policy does not allow WebAssembly, which the embedded ${name} needs: add 'wasm-unsafe-eval' to its script-src directive\\. The rest of the agent works without it[^]*code 126$`))
  }
  expect(await runInTerminal(page, workspace, 'echo the shell works; cat app.js')).toBe('the shell works\nconsole.log(1)')
  expect(outside).toEqual([])
})

test("with 'wasm-unsafe-eval' node and sqlite3 run under the otherwise strict CSP", async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  const site = await open(WITH_WASM)
  await page.goto(`${site.origin}/index.html`)
  const workspace = page.locator('dsh-workspace')
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, 'node app.js')).toBe('1')
  expect(await runInTerminal(page, workspace, "sqlite3 ':memory:' 'select 6 * 7'")).toBe('42')
  expect(outside).toEqual([])
})
