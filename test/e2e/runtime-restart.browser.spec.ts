// A runtime restarted in the same worker (new key or settings) reopens its IndexedDB session as the
// writer: its own just-released Web Lock must not make it look like another tab's session.
import { expect, test } from '@playwright/test'
import { bootAgent } from '../harness/agent-page.ts'

test('saving the key again and again keeps the session writable', async ({ page }) => {
  await page.route('http://provider.test/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"message":"no"}}' }))
  await bootAgent(page, { provider: 'openai-compatible', baseUrl: 'http://provider.test/v1', storage: 'indexeddb' })
  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  for (let round = 0; round < 5; round++) {
    await page.locator('dsh-agent [part~="key-input"]').fill(`sk-test-${round}-0123456789abcdef`)
    await page.locator('dsh-agent [part~="save-button"]').click()
    await expect(page.locator('dsh-agent [part~="key-state"]')).toHaveText('Key kept in memory for this tab only')
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled()
    await expect(page.locator('dsh-agent [part~="read-only-banner"]')).toHaveCount(0)
  }
})
