// ask_user_question in the widget: the question appears inline above the composer (not a modal), is answered
// by click or by keyboard alone, speaks Chinese under lang="zh", ignores a script's synthetic click, fits at
// phone/tablet/desktop sizes in light and dark with no axe violation, and a question pending at a reload ends
// with the interrupted turn.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, turnEnds, waitForTurnEnds } from '../../harness/agent-page.ts'
import { axeViolations } from '../../harness/axe.ts'
import { measureWidget } from '../../harness/widget-geometry.ts'

const questions = [
  { id: 'lang', header: 'Language', question: 'Which language should the example use?', options: [{ label: 'TypeScript (Recommended)', description: 'Matches the rest of the docs' }, { label: 'Python' }], multi_select: false },
  { id: 'topics', question: 'Which topics should it cover?', options: [{ label: 'Install' }, { label: 'Configure' }, { label: 'Deploy' }], multi_select: true },
]
const script = [
  { text: 'Before I write it:', toolCalls: [{ name: 'ask_user_question', arguments: { questions } }] },
  { text: 'Thanks, writing it now.' },
]
const card = (page: Page) => page.locator('dsh-agent dsh-question-card [part~="question-card"]')
const answerText = (page: Page) => page.locator('dsh-agent [part~="tool-card"]').first()

test('click: chips, multi-select and Other answer the question; the card goes and the turn goes on', async ({ page }) => {
  await bootAgent(page, { script, storage: 'memory' })
  await send(page, 'write an example')
  await expect(card(page)).toBeVisible()
  // Inline: no modal dialog is open, and the card sits above the composer.
  await expect(page.locator('dsh-agent dialog[open]')).toHaveCount(0)
  const cardBox = (await page.locator('dsh-agent dsh-question-card').boundingBox())! // the visible card (a tall one scrolls inside it)
  const inputBox = (await page.getByRole('textbox', { name: 'Message' }).boundingBox())!
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(inputBox.y + 1)
  await card(page).getByRole('radio', { name: /Python/ }).click()
  await card(page).getByRole('checkbox', { name: 'Install' }).click()
  await card(page).getByRole('checkbox', { name: 'Deploy' }).click()
  await card(page).getByRole('textbox', { name: /Other: Which topics/ }).fill('CI')
  await card(page).getByRole('button', { name: 'Answer' }).click()
  await waitForTurnEnds(page, 1)
  await expect(card(page)).toHaveCount(0)
  expect(await turnEnds(page)).toEqual([expect.objectContaining({ reason: 'completed' })])
  await expect(answerText(page)).toContainText('{"answers":[{"id":"lang","selected":["Python"]},{"id":"topics","selected":["Install","Deploy"],"custom":"CI"}]}')
})

test('keyboard only: focus starts on the first chip, arrows move, Space chooses, Ctrl+Enter answers', async ({ page }) => {
  await bootAgent(page, { script, storage: 'memory' })
  await send(page, 'write an example')
  const first = card(page).getByRole('radio', { name: /TypeScript/ })
  await expect(first).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(card(page).getByRole('radio', { name: /Python/ })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(card(page).getByRole('radio', { name: /Python/ })).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Tab') // the first question's Other box
  await page.keyboard.press('Tab') // the second question's chips
  await expect(card(page).getByRole('checkbox', { name: 'Install' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+Enter')
  await waitForTurnEnds(page, 1)
  await expect(answerText(page)).toContainText('{"answers":[{"id":"lang","selected":["Python"]},{"id":"topics","selected":["Configure"]}]}')
})

test('zh: the card chrome is translated', async ({ page }) => {
  await bootAgent(page, { script, storage: 'memory', lang: 'zh' })
  const input = page.locator('dsh-agent dsh-composer textarea')
  await input.fill('写个例子')
  await input.press('Enter')
  await expect(card(page).locator('[part~="question-title"]')).toHaveText('智能体想问你')
  await expect(card(page).getByRole('button', { name: '回答' })).toBeDisabled()
  await expect(card(page).locator('[part~="other-input"]').first()).toHaveAttribute('placeholder', '其他：输入你自己的回答')
})

test('a script\'s synthetic click on Answer sends nothing', async ({ page }) => {
  await bootAgent(page, { script, storage: 'memory' })
  await send(page, 'write an example')
  await card(page).getByRole('radio', { name: /Python/ }).click()
  await card(page).locator('[part~="submit-button"]').evaluate((button) => (button as HTMLButtonElement).click())
  await page.waitForTimeout(300)
  await expect(card(page)).toBeVisible()
  expect(await turnEnds(page)).toEqual([])
})

for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`layout ${viewport.width} px ${theme}: the card fits the widget, targets are 44 px, no axe violation`, async ({ page }, info) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script, storage: 'memory', theme: 'auto' })
      await send(page, 'write an example')
      await expect(card(page)).toBeVisible()
      await card(page).getByRole('radio', { name: /TypeScript/ }).click()
      const g = await page.evaluate(measureWidget, ['question-card', 'option-chip', 'submit-button', 'input', 'send-button'])
      expect(g.pageOverflowX).toBeLessThanOrEqual(0)
      expect(g.outside, 'elements outside the widget').toEqual([])
      for (const part of ['question-card', 'option-chip', 'submit-button']) expect(g.controls[part], `${part} rendered`).toBeDefined()
      const c = g.controls['question-card']!
      expect(c.left >= g.widget.left - 1 && c.right <= g.widget.right + 1).toBe(true)
      for (const part of ['option-chip', 'submit-button']) expect(Math.min(g.controls[part]!.width, g.controls[part]!.height), `${part} is a 44 px target`).toBeGreaterThanOrEqual(44)
      expect(await axeViolations(page), 'axe violations').toEqual([])
      await page.screenshot({ path: info.outputPath(`question-card-${viewport.width}-${theme}.png`) })
    })
  }
}

test('a question pending at a reload ends with the interrupted turn; the reopened transcript is the same', async ({ page }) => {
  await bootAgent(page, { script, storage: 'indexeddb' })
  await send(page, 'write an example')
  await expect(card(page)).toBeVisible()
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(page.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toBeVisible()
  await expect(card(page)).toHaveCount(0)
  const before = await transcriptText(page)
  expect(before).toContain('Before I write it:')
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(page.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toBeVisible()
  expect(await transcriptText(page)).toBe(before)
})
