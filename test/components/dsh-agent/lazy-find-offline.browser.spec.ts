// The find bar and the offline status are not part of what <dsh-agent> loads before it is
// interactive: find is fetched on first use (Ctrl/Cmd+F or the find button), the offline status in
// the background after the first answer (so it is there when the network drops); both then work as
// before, and a find module that cannot load is a named DSH_PART_LOAD notice while the conversation goes on.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'

const FIND = /\/session-find-[^/]*\.js$/
const OFFLINE = /\/offline-(controller|status)-[^/]*\.js$/

/** Every module URL the page fetched, in order. */
function fetchedScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => { if (request.url().endsWith('.js')) urls.push(new URL(request.url()).pathname) })
  return urls
}

/** Records every `dsh-offline` from the start (the element announces its state as it connects), and the scripts loaded when `dsh-ready` fired. */
const recordOfflineEvents = (page: Page) => page.addInitScript(() => {
  const seen: unknown[] = []
  const atReady: string[] = []
  Object.assign(window, { offlineEvents: seen, scriptsAtReady: atReady })
  document.addEventListener('dsh-offline', (event) => seen.push((event as CustomEvent).detail))
  document.addEventListener('dsh-ready', () => atReady.push(...performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)), { once: true })
})
const offlineEvents = (page: Page) => page.evaluate(() => (window as unknown as { offlineEvents: unknown[] }).offlineEvents)

test('find loads on first use (Ctrl+F), then finds; the find button uses the same module', async ({ page }) => {
  const fetched = fetchedScripts(page)
  await bootAgent(page, { storage: 'memory', script: [{ text: 'The answer is 42.' }] })
  await send(page, 'what is the answer?')
  await waitForTurnEnds(page, 1)
  expect(fetched.filter((url) => FIND.test(url))).toEqual([])
  await expect(page.locator('dsh-agent [part~="find-input"]')).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Message' }).press('Control+f')
  const input = page.locator('dsh-agent [part~="find-input"]')
  await expect(input).toBeFocused()
  expect(fetched.filter((url) => FIND.test(url))).toHaveLength(1)
  await input.fill('42')
  await expect(page.locator('dsh-agent [part~="find-status"]')).toHaveText('1 / 1')
  await expect(page.locator('dsh-agent dsh-transcript .row[data-match]')).toContainText('The answer is 42.')
  await input.press('Escape')
  await expect(input).toHaveCount(0)

  await page.locator('dsh-agent [part~="find-button"]').click()
  await expect(input).toBeFocused()
  expect(fetched.filter((url) => FIND.test(url))).toHaveLength(1)
})

test('a find module that does not load is a DSH_PART_LOAD notice; the conversation goes on', async ({ page }) => {
  await page.route(FIND, (route) => route.abort('connectionrefused'))
  await bootAgent(page, { storage: 'memory', script: [{ text: 'Still here.' }] })
  await page.locator('dsh-agent [part~="find-button"]').click()
  await expect(page.locator('dsh-agent [part~="error-notice"][data-code="DSH_PART_LOAD"]')).toContainText('find part did not load')
  await send(page, 'hello')
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('Still here.')
})

test('online without a service worker the offline status loads after the first answer; going offline then shows it', async ({ page, context }) => {
  const fetched = fetchedScripts(page)
  await recordOfflineEvents(page)
  await bootAgent(page, { storage: 'memory', script: [{ text: 'Hi.' }, { text: 'Ran it.', toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'check the cards', status: 'pending' }] } }] }, { text: 'Noted.' }] })
  const atReady = await page.evaluate(() => (window as unknown as { scriptsAtReady: string[] }).scriptsAtReady)
  expect(atReady.some((url) => url.endsWith('.js'))).toBe(true)
  expect(atReady.filter((url) => OFFLINE.test(url))).toEqual([])
  await send(page, 'hello')
  await waitForTurnEnds(page, 1)
  await expect.poll(() => fetched.filter((url) => OFFLINE.test(url)).length).toBeGreaterThan(0)
  await expect(page.locator('dsh-agent [part~="network-status"]')).toHaveCount(0)
  expect(await offlineEvents(page)).toEqual([{ online: true, readiness: 'none', updateWaiting: false }])

  await context.setOffline(true)
  const chip = page.locator('dsh-agent [part~="network-status"]')
  await expect(chip).toHaveAttribute('data-online', 'false')
  await expect(page.locator('dsh-agent [part~="offline-banner"]')).toBeVisible()
  await expect.poll(() => offlineEvents(page)).toEqual([{ online: true, readiness: 'none', updateWaiting: false }, { online: false, readiness: 'none', updateWaiting: false }])

  await send(page, 'note a task while offline')
  await waitForTurnEnds(page, 2)
  await expect(page.locator('dsh-agent [part~="tool-card"]')).toHaveCount(1)

  await context.setOffline(false)
  await expect(chip).toHaveCount(0)
  await expect.poll(() => offlineEvents(page)).toHaveLength(3)
})
