// Settings → MCP servers, by real typing and clicks in <dsh-agent>: adding a server with a bearer token connects it (its
// tool runs in the next turn, the token reaches only that server and never the DOM), clearing the token and removing the
// server take effect; the section is axe-clean and in bounds at 390, 768 and 1280 px, light and dark (screenshots attached).
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, clickTool, send, waitForTurnEnds } from '../../harness/agent-page.ts'
import { axeViolations } from '../../harness/axe.ts'
import { startMcpTestServer, textTool, type McpTestServer } from '../../harness/mcp-server.ts'

const TOKEN = 'mcp-settings-token-42'
let server: McpTestServer | undefined
test.afterEach(async () => { await server?.stop() })

const section = (page: Page) => page.locator('dsh-agent dsh-mcp-settings')

async function openSettings(page: Page): Promise<void> {
  await clickTool(page, 'settings-toggle')
  await expect(section(page)).toBeVisible()
}

test('add a server with a token by typing, use its tool, clear the token, remove the server', async ({ page }) => {
  server = await startMcpTestServer({ tools: [textTool('lookup', 'looked up', { annotations: { readOnlyHint: true } })], requireHeader: ['authorization', `Bearer ${TOKEN}`] })
  await bootAgent(page, { storage: 'memory', script: [{ toolCalls: [{ name: 'mcp__docs__lookup', arguments: {} }] }, { text: 'found it' }] })
  await openSettings(page)
  await expect(section(page)).toContainText('No MCP servers')
  await section(page).getByLabel('Name').fill('docs')
  await section(page).getByLabel('Server URL').fill(server.url)
  await section(page).getByLabel('Bearer token (optional)').fill(TOKEN)
  await section(page).getByRole('button', { name: 'Add server' }).click()
  await expect(section(page).locator('[part~="mcp-server"]')).toContainText(['docs'])
  await expect(section(page).locator('[part~="mcp-server"]')).toContainText('token set')
  await expect(section(page).getByLabel('Bearer token (optional)')).toHaveValue('')
  await send(page, 'look it up')
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="tool-card"]').first()).toContainText('looked up')
  expect(server.requests.filter((r) => r.method === 'POST').every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true)
  const dom = await page.evaluate(() => {
    const walk = (root: Document | ShadowRoot): string => [...root.querySelectorAll('*')].map((el) => el.outerHTML + (el.shadowRoot ? walk(el.shadowRoot) : '')).join('')
    return walk(document)
  })
  expect(dom).not.toContain(TOKEN)

  await section(page).getByRole('button', { name: 'Clear token docs' }).click()
  await expect(section(page).locator('[part~="mcp-server"]')).not.toContainText('token set')
  await expect(page.locator('dsh-agent dsh-transcript [part~="notice"]').last()).toHaveAttribute('data-code', 'MCP_UNAUTHORIZED')
  await section(page).getByRole('button', { name: 'Remove docs' }).click()
  await expect(section(page)).toContainText('No MCP servers')
})

test('a bad entry is refused with a reason, and nothing is sent', async ({ page }) => {
  await bootAgent(page, { storage: 'memory' })
  await openSettings(page)
  await section(page).getByLabel('Name').fill('bad name')
  await section(page).getByLabel('Server URL').fill('javascript:alert(1)')
  await section(page).getByRole('button', { name: 'Add server' }).click()
  await expect(section(page).getByRole('alert')).toContainText('Name: letters, digits')
  await expect(section(page)).toContainText('No MCP servers')
})

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 768, 1280]) {
    test(`the section at ${width} px, ${theme}: in bounds, axe-clean`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 })
      await bootAgent(page, { storage: 'memory', theme, attributes: { 'mcp-servers': JSON.stringify([{ name: 'docs', url: 'http://127.0.0.1:9/mcp' }, { name: 'a_much_longer_server_name_here', url: 'http://127.0.0.1:9/a/very/long/path/to/an/mcp/endpoint' }]) } })
      await openSettings(page)
      await section(page).locator('[part~="mcp-server"]').first().waitFor()
      const host = await page.locator('dsh-agent').boundingBox()
      for (const box of await section(page).locator('[part~="mcp-server"], input, button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.right, 'inside the widget').toBeLessThanOrEqual(host!.x + host!.width + 1)
      }
      expect(await axeViolations(page)).toEqual([])
      await info.attach(`mcp-settings-${width}-${theme}.png`, { body: await section(page).screenshot(), contentType: 'image/png' })
      await section(page).screenshot({ path: `test-results/mcp-settings-${width}-${theme}.png` })
    })
  }
}
