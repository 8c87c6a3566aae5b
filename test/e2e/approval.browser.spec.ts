// Inline approval in the real widget (preset "ask", scripted model, real workspace): the host page
// stays usable while a request waits; "Allow for this session" by a real click lets the same
// command run again without asking, logs the rule and shows it in Settings, where Revoke makes the
// next one ask again; Escape rejects and the turn goes on with no error text in the terminal;
// an edit asks with the diff against the current file.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'

const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command, description: 'Print a marker' } }] })
const request = (page: Page) => page.locator('dsh-agent [part~="approval"]')
const exportLog = (page: Page) => page.locator('dsh-agent').evaluate(async (el) => {
  const agent = el as unknown as { agent: { sessionId: string; call(c: unknown): Promise<{ jsonl: string }> } }
  return (await agent.agent.call({ kind: 'session.export', sessionId: agent.agent.sessionId })).jsonl.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> })
})

test('while a request waits the host page stays usable: nothing is modal, a page input takes focus and text', async ({ page }) => {
  await bootAgent(page, { script: [bash('echo one'), { text: 'ok' }], storage: 'memory' })
  await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<label>Search the docs <input id="host-input"></label>'))
  await send(page, 'run it')
  await expect(request(page)).toBeVisible()
  await expect(request(page).locator('[part~="reject-button"]')).toBeFocused()
  expect(await page.evaluate(() => document.querySelectorAll(':modal').length)).toBe(0)
  await page.locator('#host-input').click()
  await page.keyboard.type('still works')
  await expect(page.locator('#host-input')).toHaveValue('still works')
  await request(page).locator('[part~="reject-button"]').click()
  await waitForTurnEnds(page, 1)
})

test('Allow for this session: the same command then runs without asking; the rule is logged, shown in Settings and revocable', async ({ page }, info) => {
  await bootAgent(page, { script: [bash('echo marker'), bash('echo marker'), { text: 'twice' }, bash('echo marker'), { text: 'asked again' }], storage: 'memory' })
  await send(page, 'run it twice')
  await expect(request(page)).toBeVisible()
  await request(page).locator('[part~="allow-session-button"]').click()
  await waitForTurnEnds(page, 1)
  const cards = page.locator('dsh-agent [part~="tool-card"]')
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0)).toHaveAttribute('data-state', 'done')
  await expect(cards.nth(0).locator('[part~="tool-summary"]')).toContainText('allowed for this session')
  await expect(cards.nth(1).locator('[part~="tool-summary"]')).toContainText('allowed by a session rule')
  expect((await transcriptText(page)).match(/^marker$/gm)).toHaveLength(2)
  const log = await exportLog(page)
  expect(log.filter((e) => e.type === 'approval/asked')).toHaveLength(1)
  expect(log.filter((e) => e.type === 'approval/rule').map((e) => [e.data.toolName, e.data.subject])).toEqual([['bash', 'echo marker']])
  expect(log.filter((e) => e.type === 'approval/rule-applied')).toHaveLength(1)

  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  const rules = page.locator('dsh-agent dsh-settings [part~="session-rules"]')
  await expect(rules).toContainText('echo marker')
  for (const [width, theme] of [[1280, 'light'], [390, 'dark']] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
    await rules.scrollIntoViewIfNeeded()
    expect(await axeViolations(page), `settings with a rule, ${width} ${theme}`).toEqual([])
    await page.screenshot({ path: info.outputPath(`settings-rules-${width}-${theme}.png`) })
  }
  await rules.locator('[part~="revoke-rule-button"]').click()
  await expect(rules).toContainText('Nothing is allowed without asking')
  expect((await exportLog(page)).filter((e) => e.type === 'approval/rule-revoked')).toHaveLength(1)

  await send(page, 'once more') // with Settings still open: the new request closes the panel that would cover it (a sheet on phones)
  await expect(request(page)).toBeVisible()
  await expect(page.locator('dsh-agent [part~="panel"]')).toBeHidden()
  await expect(request(page).locator('[part~="reject-button"]')).toBeFocused()
  await request(page).locator('[part~="allow-button"]').click()
  await waitForTurnEnds(page, 2)
})

test('Escape rejects: the turn goes on and no error text lands in the terminal output', async ({ page }) => {
  await bootAgent(page, { script: [bash('echo never'), { text: 'Fine, I will not.' }], storage: 'memory' })
  await send(page, 'run it')
  await expect(request(page).locator('[part~="reject-button"]')).toBeFocused()
  await page.keyboard.press('Escape')
  await waitForTurnEnds(page, 1)
  const card = page.locator('dsh-agent [part~="tool-card"]')
  await expect(card).toHaveAttribute('data-state', 'rejected')
  await card.locator('[part~="tool-summary"]').click()
  await expect(card.locator('[part~="terminal"]')).toHaveText('$ echo never')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Fine, I will not.')
})

test('an edit asks with the diff against the current file (− above +), then shows +/− on its line', async ({ page }) => {
  await bootAgent(page, {
    script: [
      { toolCalls: [{ name: 'write', arguments: { file_path: 'notes.md', content: 'one\ntwo\nthree\n' } }] },
      { toolCalls: [{ name: 'read', arguments: { file_path: 'notes.md' } }] },
      { toolCalls: [{ name: 'edit', arguments: { file_path: 'notes.md', old_string: 'two', new_string: '2' } }] },
      { text: 'edited' },
    ],
    storage: 'memory',
  })
  await send(page, 'edit it')
  await expect(request(page)).toContainText('Write')
  await request(page).locator('[part~="allow-button"]').click()
  await expect(request(page)).toContainText('Edit')
  const rows = (await request(page).locator('[part~="diff-body"] > span').allInnerTexts()).map((r) => r.replace(/\n$/, ''))
  expect(rows).toEqual(['@@ -1,3 +1,3 @@', ' one', '−two', '+2', ' three'])
  await request(page).locator('[part~="allow-button"]').click()
  await waitForTurnEnds(page, 1)
  const lines = await page.locator('dsh-agent [part~="tool-card"] [part~="tool-summary"]').allInnerTexts()
  expect(lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
    '✓ Created notes.md · +3 · allowed once',
    '✓ Read notes.md · 3 lines',
    '✓ Edited notes.md · +1 −1 · allowed once',
  ])
})
