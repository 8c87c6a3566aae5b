// WebMCP-shaped page tools in Chromium: with page-tools="webmcp" the agent adopts the tools the page registers through
// document.modelContext.registerTool (a polyfill's object, or the minimal one the element installs), in WebMCP's shape
// (inputSchema, annotations.readOnlyHint → no question); each goes through the full pipeline: approval by a real
// click, argument checks before the page runs anything.
import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

let site: StaticServer | undefined
test.afterEach(async () => {
  await site?.close()
  site = undefined
})

const script = [
  { toolCalls: [{ name: 'page_title', arguments: {} }] },
  { toolCalls: [{ name: 'page_title', arguments: { extra: 1 } }] },
  { toolCalls: [{ name: 'set_color', arguments: { color: 'teal' } }] },
  { text: 'Done.' },
]

/** The page's WebMCP tools, registered once the element is defined; `polyfill`: the page brings its own modelContext first. */
const tools = (polyfill: boolean) => `${polyfill ? `window.polyfillSaw = []
document.modelContext = { registerTool(tool) { window.polyfillSaw.push(tool.name) }, unregisterTool(name) { window.polyfillSaw.push('-' + name) } }` : ''}
window.titleCalls = 0
document.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))
document.addEventListener('dsh-turn-end', () => document.body.setAttribute('data-turns', '1'))
customElements.whenDefined('dsh-agent').then(() => {
  document.modelContext.registerTool({
    name: 'page_title', description: 'Reads the page title.', inputSchema: { type: 'object', properties: {}, additionalProperties: false }, annotations: { readOnlyHint: true },
    execute: () => { window.titleCalls++; return { content: [{ type: 'text', text: 'title: ' + document.title }] } },
  })
  document.modelContext.registerTool({
    name: 'set_color', description: 'Sets the page color.',
    inputSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'], additionalProperties: false },
    execute: ({ color }) => { document.body.dataset.color = color; return 'color set to ' + color },
  })
})`

async function open(page: Page, polyfill: boolean): Promise<void> {
  const pages = {
    '/tools.js': tools(polyfill),
    '/index.html': `<!doctype html><html><head><meta charset="utf-8"><title>webmcp page</title>
<script type="module" src="/tools.js"></script><script type="module" src="/dsh-agent.js"></script></head>
<body><dsh-agent page-tools="webmcp" provider="scripted" permissions="ask" storage="memory" script='${JSON.stringify(script)}'></dsh-agent></body></html>`,
  }
  site = await startStaticServer({ root: fileURLToPath(new URL('../../dist/', import.meta.url)), pages, headers: { 'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; worker-src 'self' blob:; connect-src 'self'" } })
  await page.goto(`${site.origin}/index.html`)
  await page.waitForSelector('body[data-ready]')
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('go')
  await input.press('Enter')
}

async function runScript(page: Page): Promise<void> {
  const asking = page.locator('dsh-agent [part~="approval"]')
  await expect(asking.locator('[part~="tool-verb"]')).toHaveText('set_color')
  await expect(asking.locator('[part~="reason"]')).toHaveText('It acts on this page, outside your workspace.')
  await expect(asking.locator('[part~="approval-arguments"] pre')).toHaveText(JSON.stringify({ color: 'teal' }, null, 2))
  await asking.locator('[part~="allow-button"]').click()
  await expect(page.locator('body')).toHaveAttribute('data-turns', '1', { timeout: 20_000 })
  await expect(page.locator('body')).toHaveAttribute('data-color', 'teal')
  const cards = page.locator('dsh-agent [part~="tool-card"]')
  await expect(cards).toHaveCount(3)
  // readOnlyHint: ran without a question; its MCP-shaped result is the text the model got.
  await expect(cards.nth(0)).toHaveAttribute('data-state', 'done')
  await expect(cards.nth(0)).not.toHaveAttribute('data-outcome', /./)
  await expect(cards.nth(0).locator('[part~="tool-result"]')).toHaveText('title: webmcp page')
  // Arguments the inputSchema refuses never reach the page.
  await expect(cards.nth(1).locator('[part~="tool-outcome"]')).toHaveText('· failed (INVALID_ARGS)')
  expect(await page.evaluate(() => (window as unknown as { titleCalls: number }).titleCalls)).toBe(1)
}

test('a polyfill\'s document.modelContext: its own registerTool still runs, and the agent adopts both tools', async ({ page }) => {
  await open(page, true)
  await runScript(page)
  expect(await page.evaluate(() => (window as unknown as { polyfillSaw: string[] }).polyfillSaw)).toEqual(['page_title', 'set_color'])
})

test('no WebMCP in the browser: the element installs a minimal document.modelContext, and the page\'s tools work the same', async ({ page }) => {
  await open(page, false)
  await runScript(page)
})
