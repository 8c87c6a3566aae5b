// What a reader sees of tool cards and an inline approval in the real widget, at 390, 768 and
// 1280 px wide, light and dark: every card state on screen (done, failed, rejected, cancelled,
// running, waiting), axe-core with no violations inside the widget, the request and its grants
// inside the widget with touch-sized buttons, and a screenshot of each for a person to look at.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] })
const SCRIPT = [
  call('write', { file_path: 'notes.md', content: 'one\ntwo\nthree\n' }),
  call('read', { file_path: 'notes.md' }),
  call('read', { file_path: 'missing.md' }),
  call('edit', { file_path: 'notes.md', old_string: 'two', new_string: 'two, edited' }),
  call('bash', { command: 'rm notes.md', description: 'Remove the notes' }),
  { text: 'Done with the notes.' },
  call('bash', { command: 'sleep 30', description: 'Wait a while' }), // stopped while it runs: no reply follows
  call('bash', { command: 'sh examples/top-words.sh README.md', description: 'Count the most common words in the README' }),
  { text: 'unused' },
]
const WIDTHS = [390, 768, 1280] as const
const request = (page: Page) => page.locator('dsh-agent [part~="approval"]')
const grant = async (page: Page, part: string) => { await expect(request(page)).toBeVisible(); await request(page).locator(`[part~="${part}"]`).click() }

async function everyState(page: Page): Promise<void> {
  await bootAgent(page, { script: SCRIPT, storage: 'memory' })
  await send(page, 'tidy the notes')
  await grant(page, 'allow-button')
  await grant(page, 'allow-session-button')
  await grant(page, 'reject-button')
  await waitForTurnEnds(page, 1)
  await send(page, 'wait')
  await grant(page, 'allow-button')
  await expect(page.locator('dsh-agent [part~="tool-card"][data-state="running"]')).toBeVisible()
  expect(await axeViolations(page), 'running').toEqual([])
  await page.locator('dsh-agent [part~="stop-button"]').click()
  await waitForTurnEnds(page, 2)
  await send(page, 'count words')
  await expect(request(page)).toBeVisible()
}

test('every card state and the waiting request, at three widths, light and dark: in bounds, axe-clean, screenshots', async ({ page }, info) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await everyState(page)
  const states = await page.locator('dsh-agent [part~="tool-card"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-state')))
  expect(states).toEqual(['done', 'done', 'failed', 'done', 'rejected', 'cancelled', 'waiting'])
  // Open the diff and the rejected command so their details are on screen too.
  for (const state of ['done', 'rejected']) await page.locator(`dsh-agent [part~="tool-card"][data-state="${state}"] summary[part~="tool-summary"]`).last().click()
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 })
      await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
      await request(page).scrollIntoViewIfNeeded()
      const widget = (await page.locator('dsh-agent').boundingBox())!
      for (const part of ['approval', 'reject-button', 'allow-button', 'allow-session-button']) {
        const box = (await page.locator(`dsh-agent [part~="${part}"]`).boundingBox())!
        expect(box.x, `${part} at ${width}`).toBeGreaterThanOrEqual(widget.x - 0.5)
        expect(box.x + box.width, `${part} at ${width}`).toBeLessThanOrEqual(widget.x + widget.width + 0.5)
        if (part !== 'approval') expect(Math.min(box.width, box.height), `${part} touch size at ${width}`).toBeGreaterThanOrEqual(44)
      }
      expect(await axeViolations(page), `${theme} ${width}`).toEqual([])
      await page.screenshot({ path: info.outputPath(`cards-${width}-${theme}.png`), fullPage: true })
      await page.locator('dsh-agent [part~="tool-card"]').first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: info.outputPath(`cards-${width}-${theme}-earlier.png`), fullPage: true })
    }
  }
})
