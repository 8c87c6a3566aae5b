// The composer sends on Enter, adds a line on Shift+Enter, steers while running and cancels with Stop.
import { expect, test } from '@playwright/test'

test('Enter sends, Shift+Enter makes a new line, Stop cancels while running', async ({ page }) => {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  const input = page.getByRole('textbox', { name: 'Message' })
  await expect(input).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.')
  await input.click()
  await page.keyboard.type('line one')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('line two')
  await page.keyboard.press('Enter')
  await expect(input).toHaveValue('')
  await expect(page.locator('dsh-composer [part~="stop-button"]')).toHaveCount(0)
  await page.evaluate(() => (window as any).dshHarness.setRunning(true))
  await expect(page.locator('dsh-composer [part~="send-button"]')).toHaveText('Steer')
  await page.locator('dsh-composer [part~="stop-button"]').click()
  const events = await page.evaluate(() => (window as any).dshHarness.events)
  expect(events).toEqual([{ type: 'dsh-submit', detail: { text: 'line one\nline two' } }, { type: 'dsh-cancel', detail: {} }])
})
