// The approval dialog is a keyboard-first native modal: focus on Reject, Esc cancels, and only a trusted user action grants.
import { expect, test, type Page } from '@playwright/test'

const question = { id: 'q-1', sessionId: 's-1', toolName: 'bash', callId: 'c-1', reason: 'runs a command', arguments: '{"command":"ls"}', card: { card: 'terminal', title: 'ls -la' } }

async function open(page: Page): Promise<void> {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate((q) => (window as any).dshHarness.ask(q), question)
  await expect(page.locator('dsh-approval-dialog dialog')).toBeVisible()
}

const decisions = (page: Page) => page.evaluate(() => (window as any).dshHarness.events.filter((e: { type: string }) => e.type === 'dsh-approval-decide').map((e: { detail: unknown }) => e.detail))

test('opens modal with the call card, focus on Reject', async ({ page }) => {
  await open(page)
  await expect(page.locator('dsh-approval-dialog [part~="terminal"]')).toContainText('ls -la')
  await expect(page.locator('dsh-approval-dialog [part~="reason"]')).toContainText('runs a command')
  await expect(page.locator('dsh-approval-dialog [part~="reject-button"]')).toBeFocused()
  await expect(page.locator('dsh-approval-dialog dialog')).toHaveAttribute('aria-labelledby', 'title')
})

test('keyboard only: Tab to Allow once and press Enter grants', async ({ page }) => {
  await open(page)
  await page.keyboard.press('Tab')
  await expect(page.locator('dsh-approval-dialog [part~="allow-button"]')).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await decisions(page)).toEqual([{ id: 'q-1', outcome: 'allowed-once' }])
  await expect(page.locator('dsh-approval-dialog dialog')).toBeHidden()
})

test('Enter on the initial focus rejects; Esc cancels', async ({ page }) => {
  await open(page)
  await page.keyboard.press('Enter')
  await page.evaluate((q) => (window as any).dshHarness.ask({ ...q, id: 'q-2' }), question)
  await expect(page.locator('dsh-approval-dialog dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  expect(await decisions(page)).toEqual([{ id: 'q-1', outcome: 'rejected' }, { id: 'q-2', outcome: 'cancelled' }])
})

test('a script clicking Allow or dispatching Enter grants nothing', async ({ page }) => {
  await open(page)
  await page.locator('dsh-approval-dialog [part~="allow-button"]').evaluate((b) => {
    (b as HTMLButtonElement).click()
    b.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }))
    b.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }))
  })
  expect(await decisions(page)).toEqual([])
  await expect(page.locator('dsh-approval-dialog dialog')).toBeVisible()
})
