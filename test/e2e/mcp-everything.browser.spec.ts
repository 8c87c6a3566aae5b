// The official reference server (@modelcontextprotocol/server-everything from npm, Streamable HTTP on 127.0.0.1,
// cross-origin) behind the built element in Chromium: progress shows on the tool card while the call runs and keeps
// it alive past its timeoutMs; leaving the page ends the MCP session (a keepalive DELETE).
import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { startEverythingServer, type EverythingServer } from '../harness/everything-server.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

let server: EverythingServer | undefined
let site: StaticServer | undefined
test.afterEach(async () => {
  await site?.close()
  await server?.stop()
  site = undefined
  server = undefined
})

async function openAgent(page: Page, script: unknown[], servers: unknown[]): Promise<void> {
  const pages = {
    '/ready.js': `document.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))
document.addEventListener('dsh-turn-end', () => document.body.setAttribute('data-turns', '1'))`,
    '/index.html': `<!doctype html><html><head><meta charset="utf-8"><title>everything</title>
<script type="module" src="/ready.js"></script><script type="module" src="/dsh-agent.js"></script></head>
<body><dsh-agent provider="scripted" permissions="ask" storage="memory" script='${JSON.stringify(script)}' mcp-servers='${JSON.stringify(servers)}'></dsh-agent></body></html>`,
  }
  site = await startStaticServer({ root: fileURLToPath(new URL('../../dist/', import.meta.url)), pages })
  await page.goto(`${site.origin}/index.html`)
  await page.waitForSelector('body[data-ready]')
}

async function ask(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}

test('progress of a long operation shows on its card and keeps the call alive past timeoutMs (mcp-servers entry)', async ({ page }) => {
  server = await startEverythingServer()
  const script = [{ toolCalls: [{ name: 'mcp__everything__trigger-long-running-operation', arguments: { duration: 4.5, steps: 3 } }] }, { text: 'Done.' }]
  // 1.5 s between reports against a 2.5 s deadline; 4.5 s in all: only progress keeps it alive.
  await openAgent(page, script, [{ name: 'everything', url: server.url, timeoutMs: 2_500 }])
  await ask(page, 'run it')
  const card = page.locator('dsh-agent [part~="tool-card"]').first()
  await expect(card.locator('[part~="tool-verb"]')).toHaveText('Trigger Long Running Operation Tool')
  await expect(card.locator('[part~="tool-target"]')).toHaveText('everything')
  await expect(card.locator('[part~="tool-outcome"]')).toHaveText('· running… 1 of 3', { timeout: 10_000 })
  await expect(card.locator('[part~="tool-outcome"]')).toHaveText('· running… 2 of 3', { timeout: 10_000 })
  await expect(page.locator('body')).toHaveAttribute('data-turns', '1', { timeout: 20_000 })
  await expect(card).toHaveAttribute('data-state', 'done')
  await expect(card.locator('[part~="tool-result"]')).toHaveText('Long running operation completed. Duration: 4.5 seconds, Steps: 3.')
})

test('leaving the page ends the MCP session: the server gets DELETE for it', async ({ page }) => {
  server = await startEverythingServer()
  await openAgent(page, [], [{ name: 'everything', url: server.url }])
  await expect.poll(() => server!.sessions.length, { timeout: 10_000 }).toBe(1)
  expect(server.terminated).toEqual([])
  await page.goto('about:blank')
  await expect.poll(() => server!.terminated, { timeout: 10_000 }).toEqual(server.sessions)
})
