// The demo agent end to end with the scripted model: streaming, approval (reject, allow, keyboard, synthetic), stop, reload.
import { expect, test } from '@playwright/test'
import { bootAgent, send, transcriptText, turnEnds, waitForTurnEnds } from '../harness/agent-page.ts'

const bashTurn = (command: string) => ({ text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command, description: 'Print a greeting' } }] })

test('sends with the scripted model and shows the streamed text', async ({ page }) => {
  const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
  await bootAgent(page, { script: [{ reasoning: 'Thinking hard.', text: long, delayMs: 50 }], storage: 'memory' })
  await send(page, 'hello')
  // The first request waits for the model's chunk and the worker's first step; on a loaded machine that can take seconds.
  await expect(page.locator('dsh-agent [part~="assistant-message"][data-streaming="true"]')).toBeVisible({ timeout: 20_000 })
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('word39')
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('hello')
  await expect(page.locator('dsh-agent details[part~="reasoning"]')).not.toHaveAttribute('open')
  expect(await turnEnds(page)).toEqual([expect.objectContaining({ reason: 'completed' })])
})

test('a bash call asks approval; Reject gives a rejected card and the model goes on', async ({ page }) => {
  await bootAgent(page, { script: [bashTurn('echo hi'), { text: 'Understood, I will not run it.' }], storage: 'memory' })
  await send(page, 'run it')
  const request = page.locator('dsh-agent [part~="approval"]')
  await expect(request).toBeVisible()
  await expect(request.locator('[part~="terminal"]')).toContainText('echo hi')
  await request.locator('[part~="reject-button"]').click()
  await waitForTurnEnds(page, 1)
  const card = page.locator('dsh-agent dsh-transcript [part~="tool-card"]')
  await expect(card).toHaveAttribute('data-outcome', 'rejected')
  await expect(card).toHaveAttribute('data-state', 'rejected')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('I will not run it')
})

test('Allow once (keyboard only) runs the command and shows a terminal card with output', async ({ page }) => {
  await bootAgent(page, { script: [bashTurn('echo hello-from-bash'), { text: 'It printed the greeting.' }], storage: 'memory' })
  await send(page, 'run it')
  await expect(page.locator('dsh-agent [part~="approval"]')).toBeVisible()
  await expect(page.locator('dsh-agent [part~="approval"] [part~="reject-button"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await waitForTurnEnds(page, 1)
  const card = page.locator('dsh-agent dsh-transcript [part~="tool-card"]')
  await expect(card.locator('[part~="terminal"]')).toContainText('hello-from-bash\n')
  await expect(card).toHaveAttribute('data-outcome', 'allowed-once')
  await expect(card.locator('[part~="exit-code"]')).toHaveAttribute('data-exit', '0')
})

test("a script's synthetic click on Allow grants nothing", async ({ page }) => {
  await bootAgent(page, { script: [bashTurn('echo should-not-run'), { text: 'ok' }], storage: 'memory' })
  await send(page, 'run it')
  const allow = page.locator('dsh-agent [part~="approval"] [part~="allow-button"]')
  await expect(allow).toBeVisible()
  await allow.evaluate((b) => (b as HTMLButtonElement).click())
  await page.waitForTimeout(300)
  await expect(page.locator('dsh-agent [part~="approval"]')).toBeVisible()
  await page.locator('dsh-agent [part~="approval"] [part~="reject-button"]').click()
  await waitForTurnEnds(page, 1)
  expect(await transcriptText(page)).not.toMatch(/^should-not-run$/m) // the card shows `$ echo should-not-run`, never its output
  await expect(page.locator('dsh-agent [part~="tool-card"]')).toHaveAttribute('data-outcome', 'rejected')
})

test('Stop mid-stream ends the turn aborted', async ({ page }) => {
  await bootAgent(page, { script: [{ hang: true }], storage: 'memory' })
  await send(page, 'go')
  const stop = page.locator('dsh-agent [part~="stop-button"]')
  await expect(stop).toBeVisible()
  await stop.click()
  await waitForTurnEnds(page, 1)
  expect(await turnEnds(page)).toEqual([expect.objectContaining({ reason: 'aborted' })])
  await expect(page.locator('dsh-agent [part~="turn-status"][data-reason="aborted"]')).toContainText('Stopped')
  await expect(stop).toHaveCount(0)
})

test('reload shows the identical transcript from IndexedDB', async ({ page }) => {
  await bootAgent(page, { script: [{ reasoning: 'r', text: 'First **answer** with `code`.' }, bashTurn('echo persisted'), { text: 'done' }], storage: 'indexeddb' })
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await send(page, 'two')
  await page.locator('dsh-agent [part~="approval"] [part~="reject-button"]').click()
  await waitForTurnEnds(page, 2)
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
  const before = await page.locator('dsh-agent dsh-transcript').evaluate((el) => el.shadowRoot!.querySelector('section')!.innerHTML.replace(/<!--[^]*?-->/g, ''))
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveCount(2)
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
  const after = await page.locator('dsh-agent dsh-transcript').evaluate((el) => el.shadowRoot!.querySelector('section')!.innerHTML.replace(/<!--[^]*?-->/g, ''))
  expect(after).toBe(before)
})
