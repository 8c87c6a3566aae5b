// The sessions panel with 500 stored sessions (issue 23.3): only the rows in view (plus a margin)
// are in the DOM, scrolling draws later rows at their place, the order is most recent first (or
// oldest first, or by title), the title filter narrows the rows, and the keyboard moves between
// rows (arrows, Home/End, Page Down) with focus kept on a row scrolled far away; axe-clean.
import { expect, test, type Page } from '@playwright/test'
import { axeViolations } from '../../harness/axe.ts'

const COUNT = 500
const DAY = 86_400_000
const sessions = Array.from({ length: COUNT }, (_, i) => ({
  id: `s-${i}`, createdAt: Date.UTC(2026, 0, 1) + i * DAY, updatedAt: Date.UTC(2026, 0, 1) + i * DAY + (i === 7 ? 1000 * DAY : 0),
  title: `Session ${String(i).padStart(3, '0')} ${i % 2 ? 'odd' : 'even'}`, eventCount: 10,
}))

async function show(page: Page): Promise<void> {
  await page.goto('/test-pages/panels.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate(async (list) => {
    const el = document.querySelector('dsh-session-list')!
    el.sessions = list as never
    await el.updateComplete
  }, sessions)
}

const list = (page: Page) => page.locator('dsh-session-list')
const rows = (page: Page) => list(page).locator('ul.rows > li')
const rowIds = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')))
const viewport = (page: Page) => list(page).locator('[part~="session-rows"]')

test('500 sessions: the DOM holds only the rows in view, most recent first; scrolling draws later rows', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await show(page)
  await page.screenshot({ path: info.outputPath('session-rows-390.png') })
  const drawn = await rows(page).count()
  expect(drawn).toBeGreaterThan(3)
  expect(drawn).toBeLessThanOrEqual(24)
  const ids = await rowIds(page)
  expect(ids.slice(0, 3)).toEqual(['s-7', 's-499', 's-498']) // s-7 was written last
  await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(COUNT))
  await viewport(page).evaluate((v) => { v.scrollTop = 300 * 64 })
  await expect(list(page).locator('li[data-session-id="s-200"]')).toBeInViewport()
  expect(await rows(page).count()).toBeLessThanOrEqual(24)
  expect(await list(page).locator('li[data-session-id="s-499"]').count()).toBe(0)
  expect(await axeViolations(page, 'dsh-session-list')).toEqual([])
})

test('sort: oldest first and by title; the title filter keeps matching rows only', async ({ page }) => {
  await show(page)
  await list(page).locator('[part~="sort-select"]').selectOption('oldest')
  expect((await rowIds(page)).slice(0, 2)).toEqual(['s-0', 's-1'])
  await list(page).locator('[part~="sort-select"]').selectOption('title')
  expect((await rowIds(page)).slice(0, 2)).toEqual(['s-0', 's-1'])
  await list(page).locator('[part~="search-input"]').fill('session 12 nothing')
  await expect(list(page).locator('[part~="section-heading"]')).toHaveText(['Titles · 0'])
  await list(page).locator('[part~="search-input"]').fill('odd 04')
  await expect(list(page).locator('[part~="section-heading"]')).toHaveText(['Titles · 5'])
  expect(await rowIds(page)).toEqual(['s-41', 's-43', 's-45', 's-47', 's-49'])
  expect(await list(page).locator('[part~="search-hits"]').count()).toBe(0) // no searcher: titles only
})

test('keyboard: arrows, Page Down and End move focus between rows; a focused row stays drawn when scrolled away', async ({ page }) => {
  await show(page)
  await list(page).locator('[part~="search-input"]').focus()
  await page.keyboard.press('ArrowDown')
  const focusedId = () => list(page).evaluate((el) => el.shadowRoot!.activeElement?.closest('li')?.getAttribute('data-session-id'))
  await expect.poll(focusedId).toBe('s-7')
  await page.keyboard.press('ArrowDown')
  await expect.poll(focusedId).toBe('s-499')
  await page.keyboard.press('PageDown')
  const afterPage = Number((await focusedId())!.slice(2))
  expect(afterPage).toBeLessThan(499)
  await page.keyboard.press('End')
  await expect.poll(focusedId).toBe('s-0')
  await expect(list(page).locator('li[data-session-id="s-0"]')).toBeInViewport()
  await page.keyboard.press('Home')
  await expect.poll(focusedId).toBe('s-7')
  await viewport(page).evaluate((v) => { v.scrollTop = 400 * 64 })
  await expect(list(page).locator('li[data-session-id="s-100"]')).toBeAttached()
  await expect.poll(focusedId).toBe('s-7') // still focused, still in the DOM
  expect(await rows(page).count()).toBeLessThanOrEqual(25)
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => (window as unknown as { dshPanels: { events: { detail: unknown }[] } }).dshPanels.events.map((e) => e.detail))).toEqual([{ action: 'open', sessionId: 's-7' }])
})
