/**
 * Produces docs/screenshot.png for the README: starts the Vite dev server on a free 127.0.0.1 port,
 * runs the playground's scripted flow in Chromium (CHROMIUM_PATH or /usr/bin/chromium) and captures
 * the page. Usage: `npm run screenshot`. No network: the demo model is scripted.
 * @module scripts/screenshot
 */
import { chromium } from '@playwright/test'
import { createServer } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const output = fileURLToPath(new URL('../docs/screenshot.png', import.meta.url))

const server = await createServer({ root: `${root}demo`, configFile: `${root}vite.config.ts`, server: { port: 5199, strictPort: false }, logLevel: 'warn' })
await server.listen()
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  await page.goto(`${server.resolvedUrls.local[0]}playground/`)
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 })
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('write a hello script')
  await input.press('Enter')
  for (let i = 0; i < 3; i++) await page.locator('dsh-agent dsh-approval-dialog [part~="allow-button"]').click()
  await page.waitForSelector('body[data-turns="1"]', { timeout: 30_000 })
  const tree = page.locator('dsh-workspace').getByRole('tree', { name: 'Files' })
  await tree.getByRole('treeitem', { name: 'scripts' }).click()
  await tree.getByRole('treeitem', { name: 'hello.sh' }).click()
  await page.locator('dsh-agent [part~="diff"]').last().scrollIntoViewIfNeeded()
  await page.screenshot({ path: output })
  console.log(`screenshot: wrote ${output}`)
} finally {
  await browser.close()
  await server.close()
}
