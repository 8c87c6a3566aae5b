// MCP and page tools in Chromium: the demo page against the demo MCP server (the SDK's server on another 127.0.0.1
// port, so every request is cross-origin with a CORS preflight), the page tool approved and rejected by real clicks,
// an unreachable server named in the transcript live and on replay, reconnecting when it is back and after offline.
import { expect, test, type Page } from '@playwright/test'
import { guardLocalOnly } from '../harness/local-only.ts'
// @ts-expect-error -- a plain ESM script without types (the demo's own server)
import { startDemoMcpServer } from '../../scripts/mcp-demo-server.mjs'

interface DemoServer { url: string; origin: string; requests: { method: string; path: string; origin?: string }[]; ratings: unknown[]; close(): Promise<void> }
const start = (port = 0): Promise<DemoServer> => startDemoMcpServer({ port })

let outside: string[] | undefined
let server: DemoServer | undefined
// Every test but the preflight one routes the context to refuse non-local hosts (routing makes Playwright answer preflights itself).
test.beforeEach(async ({ context }, info) => { outside = info.title.includes('preflight') ? undefined : await guardLocalOnly(context) })
test.afterEach(async () => {
  if (outside) expect(outside, 'requests to non-local hosts').toEqual([])
  await server?.close()
  server = undefined
})

async function ask(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}
/** The approval request in the transcript (inline, on the call's card). */
const asking = (page: Page) => page.locator('dsh-agent [part~="approval"]')
const notices = (page: Page) => page.locator('dsh-agent dsh-transcript [part~="notice"]')

/** A card's one-line name: the tool's title (verb slot) and where it acts (target slot). */
async function expectNamed(card: ReturnType<Page['locator']>, title: string, where: string): Promise<void> {
  await expect(card.locator('[part~="tool-verb"]').first()).toHaveText(title)
  await expect(card.locator('[part~="tool-target"]').first()).toHaveText(where)
}

test('demo: MCP search (read, no question), the page tool scrolls after a click on Allow, an MCP write asks too', async ({ page }) => {
  server = await start()
  await page.goto(`/mcp/?mcp=${encodeURIComponent(server.url)}`)
  await page.waitForSelector('body[data-ready]')
  expect(await page.evaluate(() => scrollY)).toBe(0)
  await ask(page, 'How do I connect an MCP server?')
  await expectNamed(asking(page), 'scroll_to_heading', 'this page')
  await expect(asking(page).locator('[part~="reason"]')).toHaveText('It acts on this page, outside your workspace.')
  await expect(asking(page).locator('[part~="approval-arguments"]')).toContainText('"heading": "Connecting MCP servers"')
  await asking(page).locator('[part~="allow-button"]').click()
  await expect(page.locator('body')).toHaveAttribute('data-scrolled-to', 'connecting-mcp-servers')
  await expectNamed(asking(page), 'Rate a docs page', 'docs')
  // The server, what its annotations say, and the arguments that will be sent — on the card itself, not behind Details.
  await expect(asking(page).locator('[part~="reason"]')).toHaveText('It acts on the MCP server "docs", outside your workspace. The server says it does not delete or overwrite data. The server says it stays within its own data.')
  await expect(asking(page).locator('[part~="approval-arguments"]')).toBeVisible()
  await expect(asking(page).locator('[part~="approval-arguments"] pre')).toHaveText(JSON.stringify({ page: 'mcp', helpful: true }, null, 2))
  await asking(page).locator('[part~="allow-button"]').click()
  await expect(page.locator('body')).toHaveAttribute('data-turns', '1', { timeout: 20_000 })
  const cards = page.locator('dsh-agent [part~="tool-card"]')
  await expect(cards).toHaveCount(3)
  // One naming on every card: the tool's title and its server (or this page), never the model-facing mcp__ name.
  await expectNamed(cards.nth(0), 'Search the docs', 'docs')
  await expectNamed(cards.nth(1), 'scroll_to_heading', 'this page')
  await expectNamed(cards.nth(2), 'Rate a docs page', 'docs')
  expect(await cards.locator('[part~="tool-summary"]').allTextContents()).not.toContainEqual(expect.stringContaining('mcp__'))
  await expect(cards.nth(0)).toContainText('mcp: Connecting MCP servers — List servers in mcp-servers')
  await expect(cards.nth(1)).toContainText('The page now shows "Connecting MCP servers".')
  await expect(cards.nth(2)).toContainText('Recorded: "mcp" was helpful')
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0)
  expect(server.ratings).toEqual([{ page: 'mcp', helpful: true }])
})

test('the CORS preflight from the page origin reaches the server (a second origin), then every call carries the page origin', async ({ page }) => {
  server = await start()
  await page.goto(`/mcp/?mcp=${encodeURIComponent(server.url)}`)
  await page.waitForSelector('body[data-ready]')
  await ask(page, 'How do I connect an MCP server?')
  await expect(page.locator('dsh-agent [part~="tool-card"]').first()).toContainText('mcp: Connecting MCP servers')
  const pageOrigin = new URL(page.url()).origin
  expect(pageOrigin).not.toBe(server.origin)
  expect(server.requests.some((r) => r.method === 'OPTIONS' && r.origin === pageOrigin)).toBe(true)
  const posts = server.requests.filter((r) => r.method === 'POST')
  expect(posts.length).toBeGreaterThanOrEqual(3) // initialize, initialized, tools/list, tools/call
  expect(posts.every((r) => r.origin === pageOrigin)).toBe(true)
})

test('a click on Reject: the page tool never runs and the model is told; the turn goes on', async ({ page }) => {
  server = await start()
  await page.goto(`/mcp/?mcp=${encodeURIComponent(server.url)}`)
  await page.waitForSelector('body[data-ready]')
  await ask(page, 'How do I connect an MCP server?')
  await expectNamed(asking(page), 'scroll_to_heading', 'this page')
  await asking(page).locator('[part~="reject-button"]').click()
  await expectNamed(asking(page), 'Rate a docs page', 'docs')
  await asking(page).locator('[part~="reject-button"]').click()
  await expect(page.locator('body')).toHaveAttribute('data-turns', '1', { timeout: 20_000 })
  await expect(page.locator('dsh-agent [part~="tool-card"]').nth(1)).toContainText('the user rejected tool "scroll_to_heading"')
  expect(await page.locator('body').getAttribute('data-scrolled-to')).toBeNull()
  expect(server.ratings).toEqual([])
})

test('a server that is not there: a notice names it; once it is up the tools return, and a reload replays both notices', async ({ page }) => {
  const probe = await start()
  const port = Number(new URL(probe.url).port)
  await probe.close()
  await page.goto(`/mcp/?mcp=${encodeURIComponent(`http://127.0.0.1:${port}/mcp`)}`)
  await page.waitForSelector('body[data-ready]')
  await expect(notices(page).first()).toContainText('MCP server "docs" unavailable, its tools are absent: unreachable')
  await expect(notices(page).first()).toHaveAttribute('data-code', 'MCP_UNREACHABLE')
  server = await start(port)
  await expect(notices(page).last()).toContainText('MCP server "docs" connected (2 tools)', { timeout: 20_000 })
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(notices(page).nth(0)).toContainText('unavailable')
  await expect(notices(page).nth(1)).toContainText('connected (2 tools)')
})

test('offline: a call fails, the tools go with a notice; back online they return', async ({ page, context }) => {
  server = await start()
  await page.goto(`/mcp/?mcp=${encodeURIComponent(server.url)}`)
  await page.waitForSelector('body[data-ready]')
  await context.setOffline(true)
  await ask(page, 'How do I connect an MCP server?') // the first scripted step calls the MCP search
  await expect(notices(page).last()).toContainText('MCP server "docs" unavailable, its tools are absent', { timeout: 20_000 })
  await expect(page.locator('dsh-agent [part~="tool-card"]').first()).toContainText('MCP server "docs", tool "search_docs": unreachable')
  await context.setOffline(false)
  await expect(notices(page).last()).toContainText('MCP server "docs" connected (2 tools)', { timeout: 30_000 })
})

test('a server without CORS for the page: unreachable, named; the page keeps working', async ({ page }) => {
  // The demo server's own port answers CORS; a bare Node server on another port does not.
  const { createServer } = await import('node:http')
  const bare = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const port = (bare.address() as { port: number }).port
  try {
    await page.goto(`/mcp/?mcp=${encodeURIComponent(`http://127.0.0.1:${port}/mcp`)}`)
    await page.waitForSelector('body[data-ready]')
    await expect(notices(page).first()).toHaveAttribute('data-code', 'MCP_UNREACHABLE')
    await expect(notices(page).first()).toContainText('CORS')
  } finally {
    bare.closeAllConnections()
    await new Promise((resolve) => bare.close(resolve))
  }
})

test.describe('under a strict CSP (the built embed on a bare static host)', () => {
  test('MCP and page tools run with zero CSP violations, in the page and in the worker', async ({ page }) => {
    const { fileURLToPath } = await import('node:url')
    const { startStaticServer } = await import('../harness/static-server.ts')
    server = await start()
    const script = [
      { toolCalls: [{ name: 'mcp__docs__search_docs', arguments: { query: 'page tools' } }] },
      { toolCalls: [{ name: 'mark', arguments: { text: 'found' } }] },
      { text: 'Done.' },
    ]
    const csp = `default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:; connect-src 'self' ${server.origin}`
    const pages: Record<string, string> = {
      '/record.js': `window.cspViolations = []
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI))
document.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))
document.addEventListener('dsh-turn-end', () => document.body.setAttribute('data-turns', '1'))
customElements.whenDefined('dsh-agent').then(() => document.querySelector('dsh-agent').registerTool({
  name: 'mark', description: 'Marks the page.', effect: 'execute',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => { document.body.dataset.mark = text; return 'marked' },
}))`,
      '/index.html': `<!doctype html><html><head><meta charset="utf-8"><title>csp</title>
<script type="module" src="/record.js"></script><script type="module" src="/dsh-agent.js"></script></head>
<body><dsh-agent provider="scripted" permissions="ask" storage="memory" script='${JSON.stringify(script)}' mcp-servers='${JSON.stringify([{ name: 'docs', url: server.url }])}'></dsh-agent></body></html>`,
    }
    const site = await startStaticServer({ root: fileURLToPath(new URL('../../dist/', import.meta.url)), pages, headers: { 'Content-Security-Policy': csp } })
    const consoleCsp: string[] = []
    const watch = (message: { type(): string; text(): string }) => { if (/Content Security Policy|unsafe-eval/i.test(message.text())) consoleCsp.push(message.text()) }
    page.on('console', watch)
    page.on('worker', (worker) => worker.on('console', watch))
    try {
      await page.goto(`${site.origin}/index.html`)
      await page.waitForSelector('body[data-ready]')
      await ask(page, 'find it')
      await expectNamed(asking(page), 'mark', 'this page')
      await asking(page).locator('[part~="allow-button"]').click()
      await expect(page.locator('body')).toHaveAttribute('data-turns', '1', { timeout: 20_000 })
      await expect(page.locator('body')).toHaveAttribute('data-mark', 'found')
      await expect(page.locator('dsh-agent [part~="tool-card"]').first()).toContainText('page-tools: Page tools')
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
      expect(consoleCsp).toEqual([])
      expect(site.requests.some((path) => path.startsWith('/chunks/supervisor-'))).toBe(true)
    } finally {
      await site.close()
    }
  })
})

test('an mcp-servers entry with a bad timeoutMs is refused by name, on the page and in a dsh-error', async ({ page }) => {
  const servers = [{ name: 'docs', url: 'http://127.0.0.1:9/mcp', timeoutMs: -5 }]
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, { storage: 'memory', attributes: { 'mcp-servers': JSON.stringify(servers) } })
  await page.goto('/test-pages/agent.html')
  const message = 'mcp-servers: [0].timeoutMs must be a positive number of milliseconds'
  await expect.poll(() => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string; message: string } }[] }).dshEvents.find((e) => e.type === 'dsh-error')?.detail))
    .toEqual({ code: 'DSH_ATTRIBUTE_INVALID', message })
  await expect(page.locator('dsh-agent [part~="error-notice"][data-code="DSH_ATTRIBUTE_INVALID"]').first()).toContainText(message)
})
