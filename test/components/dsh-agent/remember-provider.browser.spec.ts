// Provider, model and base URL are remembered with the key under the same opt-in, and forgotten with it.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent } from '../../harness/agent-page.ts'

const part = (page: Page, name: string) => page.locator(`dsh-agent [part~="${name}"]`)

async function saveProvider(page: Page, remember: boolean): Promise<void> {
  await part(page, 'settings-toggle').click()
  await part(page, 'provider-select').selectOption('openai-compatible')
  await part(page, 'base-url-input').fill('http://127.0.0.1:9/v1')
  await part(page, 'model-input').fill('deepseek-chat')
  await part(page, 'key-input').fill('sk-remember-test-0123456789')
  if (remember) await part(page, 'remember-checkbox').check()
  await part(page, 'save-button').click()
  await expect(part(page, 'key-state')).toHaveText(remember ? 'Key remembered on this device' : 'Key kept in memory for this tab only')
}

async function reloadToSettings(page: Page): Promise<void> {
  await page.reload()
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  await part(page, 'settings-toggle').click()
}

test('with "remember" ticked, a reload keeps provider, base URL and model beside the key', async ({ page }) => {
  await bootAgent(page, { storage: 'memory' })
  await saveProvider(page, true)
  await reloadToSettings(page)
  await expect(part(page, 'provider-select')).toHaveValue('openai-compatible')
  await expect(part(page, 'base-url-input')).toHaveValue('http://127.0.0.1:9/v1')
  await expect(part(page, 'model-input')).toHaveValue('deepseek-chat')
  await expect(part(page, 'key-state')).toHaveText('Key remembered on this device')
  await part(page, 'clear-key-button').click()
  await expect(part(page, 'key-state')).toHaveText('No key set')
  await reloadToSettings(page)
  await expect(part(page, 'provider-select'), 'cleared with the key').toHaveValue('scripted')
})

test('without the opt-in nothing is remembered: a reload is back to the page\'s attributes', async ({ page }) => {
  await bootAgent(page, { storage: 'memory' })
  await saveProvider(page, false)
  await reloadToSettings(page)
  await expect(part(page, 'provider-select')).toHaveValue('scripted')
  await expect(part(page, 'base-url-input')).toHaveValue('')
  await expect(part(page, 'key-state')).toHaveText('No key set')
})
