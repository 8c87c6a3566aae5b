// Search across stored sessions in the real widget (issue 18.2), real IndexedDB in Chromium: the
// sessions panel's one search box filters titles and searches the conversations' text in the
// worker; a match shows a snippet with the words marked (text and <mark>, never the log's HTML),
// and opening it shows that session scrolled to the matching turn, far above its end. Screenshots
// at 390/768/1280, light and dark, and axe-core on each state.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'
import { storedSession } from '../../bench/stored-session.ts'

const agentCall = (page: Page, command: unknown) => page.locator('dsh-agent').evaluate((el, c) => (el as unknown as { agent: { call(c: unknown): Promise<unknown> } }).agent.call(c), command)
const currentSession = (page: Page) => page.locator('dsh-agent').evaluate((el) => (el as unknown as { agent: { sessionId?: string } }).agent.sessionId)

/** A stored session whose user message holds raw HTML the snippet must show as text. */
const htmlSession = storedSession('H', 2, 1).replace('«Hu2»', '«Hu2» <img src=x onerror=alert(1)> zanzibar <b>bold</b>')

async function withStoredSessions(page: Page): Promise<void> {
  await bootAgent(page, { storage: 'indexeddb' })
  for (const jsonl of [storedSession('M', 60, 2), storedSession('N', 3, 2), htmlSession]) await agentCall(page, { kind: 'session.import', jsonl })
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
}

const search = (page: Page) => page.locator('dsh-agent dsh-session-list [part~="search-input"]')
const hits = (page: Page) => page.locator('dsh-agent dsh-session-list [part~="search-hit"]')

test('typing finds the turn in a stored conversation, marked; opening it scrolls the session there', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await withStoredSessions(page)
  await search(page).fill('Mu7')
  await expect(hits(page)).toHaveCount(1)
  const hit = hits(page).first()
  await expect(hit).toHaveAttribute('data-session-id', 'stored-M')
  await expect(hit.locator('mark')).toHaveText(['Mu7'])
  await expect(hit.locator('[part~="snippet"]')).toContainText('«Mu7» The quick brown fox')
  await expect(page.locator('dsh-agent dsh-session-list [part~="section-heading"]')).toHaveText(['Titles · 0', 'In conversations · 1'])
  expect(await axeViolations(page), 'search results').toEqual([])

  await hit.click()
  await expect.poll(() => currentSession(page)).toBe('stored-M')
  const match = page.locator('dsh-agent dsh-transcript [data-search-match]')
  await expect(match).toContainText('«Mu7»')
  await expect(match).toBeInViewport()
  await expect(match).toBeFocused()
  await expect(page.locator('dsh-agent dsh-transcript [part~="assistant-message"]').last()).not.toBeInViewport()
  expect(await axeViolations(page), 'opened at the match').toEqual([])
})

test('a match older than the loaded tail of a long session: older turns load until it is there', async ({ page }) => {
  test.setTimeout(180_000)
  await bootAgent(page, { storage: 'indexeddb' })
  await agentCall(page, { kind: 'session.import', jsonl: storedSession('L', 200, 20) }) // 5,000 events: opens at its last ~2,000
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  await search(page).fill('Lu3')
  await expect(hits(page)).toHaveCount(1, { timeout: 30_000 })
  await hits(page).first().click()
  const match = page.locator('dsh-agent dsh-transcript [data-search-match]')
  await expect(match).toContainText('«Lu3»', { timeout: 60_000 })
  await expect(match).toBeInViewport()
})

test('a snippet shows the log\'s HTML as text, never as markup', async ({ page }) => {
  await withStoredSessions(page)
  await search(page).fill('zanzibar')
  await expect(hits(page)).toHaveCount(1)
  const snippet = hits(page).first().locator('[part~="snippet"]')
  await expect(snippet).toContainText('<img src=x onerror=alert(1)> zanzibar <b>bold</b>')
  await expect(snippet.locator('img, b')).toHaveCount(0)
  await expect(snippet.locator('mark')).toHaveText(['zanzibar'])
})

test('the title filter and the conversation matches are two labelled sections; no match says so', async ({ page }) => {
  await withStoredSessions(page)
  await search(page).fill('Nu1')
  const list = page.locator('dsh-agent dsh-session-list')
  await expect(list.locator('[part~="section-heading"]')).toHaveText(['Titles · 1', 'In conversations · 1'])
  await expect(list.locator('ul.rows > li')).toHaveCount(1)
  await expect(list.locator('ul.rows > li')).toHaveAttribute('data-session-id', 'stored-N')
  await search(page).fill('qwertyuiop')
  await expect(list.locator('[part~="search-status"]')).toHaveText(['No match', 'No match'])
})

for (const theme of ['light', 'dark'] as const) {
  test(`sessions panel with search, ${theme}: 390, 768 and 1280 px in bounds, axe-clean, screenshots`, async ({ page }, info) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    await withStoredSessions(page)
    await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page), `${theme} list`).toEqual([])
    await page.screenshot({ path: info.outputPath(`sessions-list-${theme}-390.png`) })
    await search(page).fill('fox Mu7')
    await expect(hits(page)).toHaveCount(1)
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 })
      const panel = (await page.locator('dsh-agent [part~="panel"]').boundingBox())!
      for (const part of ['search-input', 'search-hit']) {
        const box = (await page.locator(`dsh-agent dsh-session-list [part~="${part}"]`).first().boundingBox())!
        expect(box.x, `${part} at ${width}`).toBeGreaterThanOrEqual(panel.x - 0.5)
        expect(box.x + box.width, `${part} at ${width}`).toBeLessThanOrEqual(panel.x + panel.width + 0.5)
      }
      expect(await axeViolations(page), `${theme} ${width}`).toEqual([])
      await page.screenshot({ path: info.outputPath(`sessions-search-${theme}-${width}.png`) })
    }
  })
}
