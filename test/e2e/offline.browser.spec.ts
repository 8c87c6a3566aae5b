// The built demo's offline service worker on a plain static server (a copy of dist/demo per test):
// after one online visit a cold start with the network off serves the demos, the widget and the stored
// sessions (reopen, fork, export, the scripted model, the embedded shell) with no request beyond
// 127.0.0.1; a new worker version waits behind "Reload to update"; a failed install or an evicted
// cache leaves the online path working and says offline use is unavailable. Screenshots and axe per state.
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { axeViolations } from '../harness/axe.ts'
import { measureWidget } from '../harness/widget-geometry.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'
import { seeOffline, type OfflineView } from '../harness/offline-view.ts'

const demoBuild = fileURLToPath(new URL('../../dist/demo/', import.meta.url))
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }

let site: StaticServer
let root: string
let requested: string[] = []
test.beforeEach(async ({ context }) => {
  root = await mkdtemp(join(tmpdir(), 'dsh-offline-'))
  await cp(demoBuild, root, { recursive: true })
  site = await startStaticServer({ root, headers: isolation })
  requested = []
  context.on('request', (request) => { requested.push(request.url()) })
})
test.afterEach(async () => {
  await site.close()
  await rm(root, { recursive: true, force: true })
  expect(requested.filter((url) => !/^(https?:\/\/127\.0\.0\.1[:/]|blob:|data:)/.test(url)), 'requests beyond 127.0.0.1').toEqual([])
})

const chip = (page: Page) => page.locator('dsh-agent [part~="network-status"]')
const turns = (page: Page, count: number) => expect(page.locator('body')).toHaveAttribute('data-turns', String(count), { timeout: 20_000 })

async function ask(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}

/** Opens a demo page and waits until the widget is up and its offline copy complete. */
async function visitUntilOfflineReady(page: Page, path: string): Promise<void> {
  await page.goto(`${site.origin}${path}`)
  await page.waitForSelector('body[data-ready]')
  await expect(chip(page)).toHaveAttribute('data-readiness', 'ready', { timeout: 60_000 })
}

/** Closes every page of the (offline) context and opens `path` in a new one, which sees the network off. */
async function coldStart(context: BrowserContext, path: string): Promise<{ page: Page; offline: OfflineView }> {
  for (const open of context.pages()) await open.close()
  const page = await context.newPage()
  await page.goto(`${site.origin}${path}`)
  await page.waitForSelector('body[data-ready]')
  return { page, offline: await seeOffline(page) }
}

/** Screenshots of the widget at 390, 768 and 1280 px, light and dark; each state fits the widget, has reachable controls and passes axe. */
async function shoot(page: Page, name: string, info: import('@playwright/test').TestInfo, parts: string[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 844 })
      const geometry = await page.evaluate(measureWidget, parts)
      expect(geometry.outside, `${name} at ${width} px`).toEqual([])
      expect(geometry.pageOverflowX).toBeLessThanOrEqual(0)
      for (const part of parts) {
        const control = geometry.controls[part]
        expect(control, `${part} at ${width} px`).toBeDefined()
        expect(control!.left).toBeGreaterThanOrEqual(geometry.widget.left)
        expect(control!.right).toBeLessThanOrEqual(geometry.widget.right)
        if (part === 'reload-button' && width === 390) expect(control!.height).toBeGreaterThanOrEqual(44)
      }
      await page.locator('dsh-agent').screenshot({ path: info.outputPath(`${name}-${width}-${scheme}.png`) })
      expect(await axeViolations(page), `${name} at ${width} px, ${scheme}`).toEqual([])
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('cold start offline: the demos, the widget and the stored sessions all work with the network off', async ({ context }, info) => {
  test.setTimeout(180_000)
  const first = await context.newPage()
  await visitUntilOfflineReady(first, '/sessions/')
  await ask(first, 'remember this')
  await turns(first, 1)

  await context.setOffline(true)
  const { page } = await coldStart(context, '/sessions/')
  await expect(chip(page)).toHaveAttribute('data-online', 'false')
  await expect(page.locator('dsh-agent [part~="offline-banner"]')).toHaveText('Offline: stored sessions, the scripted model and the embedded shell still work; a model provider needs the network.')
  await shoot(page, 'offline-indicator', info, ['network-status', 'offline-banner'])
  await page.setViewportSize({ width: 1280, height: 844 })

  const sessions = page.locator('dsh-agent [part~="session"]')
  await expect(sessions).toHaveCount(1)
  await sessions.first().locator('[part~="open-button"]').click()
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('remember this')
  await page.locator('dsh-agent dsh-transcript').getByRole('button', { name: 'Fork from here' }).first().click()
  await expect(sessions).toHaveCount(2)
  const [download] = await Promise.all([page.waitForEvent('download'), sessions.first().locator('[part~="export-button"]').click()])
  expect(JSON.parse((await readFile((await download.path())!, 'utf8')).split('\n')[0]!)).toMatchObject({ type: 'session' })
  await ask(page, 'and now offline') // the fork goes on, answered by the scripted model (a fresh script in this new page)
  await turns(page, 1)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText(['remember this', 'and now offline'])
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toHaveCount(2)
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Noted.')

  // Another demo, never opened before, starts cold from the same offline copy and runs the embedded shell.
  const { page: playground, offline } = await coldStart(context, '/playground/')
  await ask(playground, 'write a hello script')
  for (let i = 0; i < 3; i++) await playground.locator('dsh-agent [part~="approval"] [part~="allow-button"]').click()
  await turns(playground, 1)
  await expect(playground.locator('dsh-agent dsh-transcript [part~="terminal"]').first()).toContainText('hello from the browser, Ada')

  // Back online, the indicator says so.
  await context.setOffline(false)
  await offline.release()
  await expect(chip(playground)).toHaveAttribute('data-online', 'true')
  await expect(playground.locator('dsh-agent [part~="offline-banner"]')).toHaveCount(0)
})

test('a new service worker version waits behind "Reload to update"; the page keeps its version until then', async ({ context }, info) => {
  test.setTimeout(180_000)
  const page = await context.newPage()
  await visitUntilOfflineReady(page, '/sessions/')
  const oldVersion = (await chip(page).getAttribute('data-version'))!
  expect(oldVersion).toMatch(/^[0-9a-f]{12}$/)
  // A new deployment: the worker script changes (its version names new caches).
  const worker = join(root, 'dsh-agent-sw.js')
  const newVersion = 'feedc0ffee00'
  await writeFile(worker, (await readFile(worker, 'utf8')).replaceAll(oldVersion, newVersion))
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  const notice = page.locator('dsh-agent [part~="update-notice"]')
  await expect(notice).toContainText('A new version of the assistant is ready.', { timeout: 60_000 })
  // Still the loaded version: the old worker controls the page and the old caches are intact.
  expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining([expect.stringContaining(oldVersion), expect.stringContaining(newVersion)]))
  await expect(chip(page)).toHaveAttribute('data-version', oldVersion)
  await shoot(page, 'update-notice', info, ['network-status', 'update-notice', 'reload-button'])
  await page.setViewportSize({ width: 1280, height: 844 })
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload to update' }).click()])
  await page.waitForSelector('body[data-ready]')
  await expect(chip(page)).toHaveAttribute('data-version', newVersion, { timeout: 30_000 })
  await expect(page.locator('dsh-agent [part~="update-notice"]')).toHaveCount(0)
  expect((await page.evaluate(() => caches.keys())).filter((name) => name.includes(oldVersion))).toEqual([])
})

test('a service worker that fails to install: the page works online and the widget says offline use is unavailable', async ({ page }) => {
  // A file of the offline copy is missing on the server (a broken deployment): precaching fails.
  await rm(join(root, 'docs/llms.txt'))
  await page.goto(`${site.origin}/sessions/`)
  await page.waitForSelector('body[data-ready]')
  await expect(chip(page)).toHaveAttribute('data-readiness', 'unavailable', { timeout: 60_000 })
  await expect(page.locator('dsh-agent [part~="offline-unavailable"]')).toContainText('Offline use unavailable: the service worker did not install: installing failed')
  expect(await axeViolations(page)).toEqual([])
  await ask(page, 'still works')
  await turns(page, 1)
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(page.locator('dsh-agent [part~="session"]')).toHaveCount(1)
})

test('an evicted offline copy: the page still loads from the network, the widget says so, and the copy is fetched again', async ({ page }) => {
  await visitUntilOfflineReady(page, '/sessions/')
  await page.evaluate(async () => { for (const name of await caches.keys()) await caches.delete(name) })
  await page.addInitScript(() => {
    const seen: unknown[] = []
    Object.assign(window, { offlineEvents: seen })
    document.addEventListener('dsh-offline', (event) => seen.push((event as CustomEvent).detail))
  })
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await ask(page, 'still works')
  await turns(page, 1)
  await expect(chip(page)).toHaveAttribute('data-readiness', 'ready', { timeout: 30_000 })
  const events = await page.evaluate(() => (window as unknown as { offlineEvents: { readiness: string; reason?: string }[] }).offlineEvents)
  expect(events.map((event) => event.readiness)).toEqual(['none', 'checking', 'unavailable', 'ready'])
  expect(events[2]!.reason).toMatch(/^the offline copy is incomplete \(0 of \d+ files; the browser may have evicted it\) — restoring it$/)
  expect(await axeViolations(page)).toEqual([])
})
