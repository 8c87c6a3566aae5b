// The side panels and the question card load when <dsh-agent> first shows them: before that their
// elements are not defined (their modules were not fetched), once shown they work as before, and a
// part whose module cannot load becomes a named error notice while the rest of the widget goes on.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'

const LAZY_TAGS = ['dsh-session-list', 'dsh-settings', 'dsh-mcp-settings', 'dsh-question-card'] as const
const defined = (page: Page) => page.evaluate((tags) => tags.filter((tag) => customElements.get(tag) !== undefined), [...LAZY_TAGS])
const questions = [{ id: 'lang', question: 'Which language?', options: [{ label: 'TypeScript' }, { label: 'Python' }], multi_select: false }]

test('panels and the question card are defined only once shown, then work', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (request) => { if (/dsh-(session-list|settings|mcp-settings|question-card)/.test(request.url())) fetched.push(request.url()) })
  await bootAgent(page, { storage: 'indexeddb', script: [{ text: 'Ask first.', toolCalls: [{ name: 'ask_user_question', arguments: { questions } }] }, { text: 'Done.' }] })
  await expect(page.locator('dsh-agent [part~="input"]')).toBeVisible()
  expect(await defined(page)).toEqual([])
  expect(fetched).toEqual([])

  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  await expect(page.locator('dsh-agent [part~="provider-select"]')).toBeVisible()
  await expect(page.locator('dsh-agent dsh-mcp-settings [part~="mcp-settings"]')).toBeVisible()
  expect(await defined(page)).toEqual(['dsh-settings', 'dsh-mcp-settings'])
  await page.locator('dsh-agent [part~="model-input"]').fill('scripted-model-2')
  await page.locator('dsh-agent [part~="save-button"]').click()
  await expect.poll(() => page.locator('dsh-agent').evaluate((el) => (el as HTMLElement & { model: string }).model)).toBe('scripted-model-2')

  await send(page, 'go')
  const card = page.locator('dsh-agent dsh-question-card [part~="question-card"]')
  await expect(card).toBeVisible()
  await card.getByRole('radio', { name: 'Python' }).click()
  await card.getByRole('button', { name: 'Answer' }).click()
  await waitForTurnEnds(page, 1)

  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  await expect(page.locator('dsh-agent [part~="session"]')).toHaveCount(1)
  expect((await defined(page)).sort()).toEqual([...LAZY_TAGS].sort())
})

test('a panel whose module fails to load is a DSH_PART_LOAD notice; the conversation goes on', async ({ page }) => {
  await page.route(/dsh-settings[^/]*\.js$/, (route) => route.abort('connectionrefused'))
  await bootAgent(page, { storage: 'memory', script: [{ text: 'Still here.' }] })
  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  await expect(page.locator('dsh-agent [part~="error-notice"][data-code="DSH_PART_LOAD"]')).toBeVisible()
  await expect(page.locator('dsh-agent [part~="error-notice"]')).toContainText('settings part did not load')
  await send(page, 'hello')
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('Still here.')
})
