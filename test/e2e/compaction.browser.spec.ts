// Manual compaction from the page: the Compact button summarizes older history for the model,
// the transcript shows a compaction marker, and the original messages stay readable.
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'

const long = (label: string) => `${label} ${'lorem ipsum dolor sit amet '.repeat(30)}`

test('Compact adds a marker and keeps every original message readable', async ({ page }) => {
  await bootAgent(page, { script: [{ text: long('first-answer') }, { text: long('second-answer') }, { text: 'Summary: two lorem ipsum questions.' }], storage: 'memory' })
  await send(page, long('first-question'))
  await waitForTurnEnds(page, 1)
  await send(page, long('second-question'))
  await waitForTurnEnds(page, 2)
  const compact = page.locator('dsh-agent [part~="compact-button"]')
  await expect(compact).toBeEnabled()
  await compact.click()
  const marker = page.locator('dsh-agent dsh-transcript [part~="notice"][data-code="COMPACTED"]')
  await expect(marker).toHaveText('Earlier conversation was summarized')
  await expect(page.locator('dsh-agent [part~="user-message"]').first()).toContainText('first-question')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').first()).toContainText('first-answer')
})

test('a failed summary request reports a named error and changes nothing', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'short' }, { error: { status: 503, message: 'overloaded' } }, { error: { status: 503, message: 'overloaded' } }], storage: 'memory' })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent [part~="compact-button"]').click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code?: string } }[] }).dshEvents
    .filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))).toContain('COMPACTION_SUMMARY')
  await expect(page.locator('dsh-agent dsh-transcript [part~="notice"][data-code="COMPACTED"]')).toHaveCount(0)
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toHaveText(['short'])
})
