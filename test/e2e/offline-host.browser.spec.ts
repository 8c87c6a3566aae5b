// The host-site service worker (dist/dsh-agent-sw.js) on a plain static host under the README's strict
// CSP: the page names it with `service-worker`; after one online visit the page opens cold with the
// network off, the widget starts from the precached embed and runs a scripted turn with the embedded
// shell, with no CSP violation and no request beyond 127.0.0.1.
import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'
import { seeOffline } from '../harness/offline-view.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:"
const script = [
  { text: 'Running it:', toolCalls: [{ name: 'bash', arguments: { command: 'cat hello.txt', description: 'Show the file' } }] },
  { text: 'Done.' },
]
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script type="module" src="/dsh-agent.js"></script></head>
<body><dsh-agent service-worker="/dsh-agent-sw.js" provider="scripted" permissions="ask" storage="memory"
  script='${JSON.stringify(script)}' workspace='{"hello.txt":"hello from the offline copy\\n"}'></dsh-agent></body></html>`

let site: StaticServer
test.beforeEach(async () => { site = await startStaticServer({ root: dist, pages: { '/docs/page.html': page }, headers: { 'Content-Security-Policy': STRICT } }) })
test.afterEach(async () => { await site.close() })

const chip = (p: Page) => p.locator('dsh-agent [part~="network-status"]')

test('a host page with the opt-in worker opens cold offline under a strict CSP and runs a turn', async ({ context }) => {
  test.setTimeout(120_000)
  const requested: string[] = []
  const problems: string[] = []
  context.on('request', (request) => { requested.push(request.url()) })
  context.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()) })
  const first = await context.newPage()
  await first.goto(`${site.origin}/docs/page.html`)
  await expect(chip(first)).toHaveAttribute('data-readiness', 'ready', { timeout: 60_000 })

  await context.setOffline(true)
  await first.close()
  const cold = await context.newPage()
  await cold.goto(`${site.origin}/docs/page.html`)
  await seeOffline(cold)
  await expect(chip(cold)).toHaveAttribute('data-online', 'false')
  const input = cold.getByRole('textbox', { name: 'Message' })
  await expect(input).toBeEnabled({ timeout: 30_000 })
  await input.fill('show me')
  await input.press('Enter')
  await cold.locator('dsh-agent [part~="approval"] [part~="allow-button"]').click()
  await expect(cold.locator('dsh-agent [part~="terminal"]')).toContainText('hello from the offline copy')
  await expect(cold.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Done.')
  expect(problems.filter((text) => /Content Security Policy/i.test(text))).toEqual([])
  expect(requested.filter((url) => !/^(https?:\/\/127\.0\.0\.1[:/]|blob:|data:)/.test(url))).toEqual([])
})
