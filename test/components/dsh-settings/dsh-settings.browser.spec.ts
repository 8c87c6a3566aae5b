// <dsh-settings>: shows the provider settings it is given; Save asks for them (and for the key,
// trimmed, only when one was typed) and empties the key field at once; the key never lands in the
// DOM; remembering warns first; clear key and delete-all (after a confirmation) are requests too.
import { expect, test, type Page } from '@playwright/test'

declare const dshPanels: { events: { type: string; detail: unknown; cancelable: boolean }[] }

async function show(page: Page, props: Record<string, unknown> = {}): Promise<void> {
  await page.goto('/test-pages/panels.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate(async (p) => {
    const settings = document.querySelector('dsh-settings')!
    Object.assign(settings, p)
    await settings.updateComplete
  }, props)
}

const settings = (page: Page) => page.locator('dsh-settings')
const details = (page: Page) => page.evaluate(() => dshPanels.events.map((e) => e.detail))

test('shows the given provider, base URL, model and key state', async ({ page }) => {
  await show(page, { provider: 'openai-compatible', baseUrl: 'https://api.example.test', model: 'm-1', keyState: { hasKey: true, remembered: false } })
  await expect(settings(page).getByLabel('Provider')).toHaveValue('openai-compatible')
  await expect(settings(page).getByLabel('Base URL')).toHaveValue('https://api.example.test')
  await expect(settings(page).getByLabel('Model')).toHaveValue('m-1')
  await expect(settings(page).locator('[part~="key-state"]')).toHaveText('Key kept in memory for this tab only')
})

test('Save asks for the provider settings, then the trimmed key; the key field is emptied and the key is nowhere in the DOM', async ({ page }) => {
  await show(page)
  await settings(page).getByLabel('Provider').selectOption('openai-compatible')
  await settings(page).getByLabel('Base URL').fill(' https://api.example.test ')
  await settings(page).getByLabel('Model').fill('deepseek-chat')
  await settings(page).getByLabel('API key').fill('  sk-secret-123  ')
  await settings(page).getByRole('button', { name: 'Save' }).click()
  expect(await page.evaluate(() => dshPanels.events)).toEqual([
    { type: 'dsh-settings-change', detail: { action: 'provider', provider: 'openai-compatible', baseURL: 'https://api.example.test', model: 'deepseek-chat' }, cancelable: true },
    { type: 'dsh-settings-change', detail: { action: 'key', apiKey: 'sk-secret-123', remember: false }, cancelable: true },
  ])
  await expect(settings(page).getByLabel('API key')).toHaveValue('')
  const dom = await page.evaluate(() => document.querySelector('dsh-settings')!.shadowRoot!.innerHTML + document.body.outerHTML)
  expect(dom).not.toContain('sk-secret-123')
})

test('Save without a typed key asks only for the provider settings', async ({ page }) => {
  await show(page, { provider: 'scripted' })
  await settings(page).getByRole('button', { name: 'Save' }).click()
  expect(await details(page)).toEqual([{ action: 'provider', provider: 'scripted', baseURL: '', model: '' }])
})

test('remembering the key shows the warning first and is passed with the key', async ({ page }) => {
  await show(page)
  await expect(settings(page).locator('[part~="remember-warning"]')).toHaveCount(0)
  await settings(page).getByLabel('Remember the key on this device').check()
  await expect(settings(page).locator('[part~="remember-warning"]')).toHaveAttribute('role', 'alert')
  await settings(page).getByLabel('API key').fill('sk-kept')
  await settings(page).getByRole('button', { name: 'Save' }).click()
  expect((await details(page))[1]).toEqual({ action: 'key', apiKey: 'sk-kept', remember: true })
})

test('Clear key asks to forget it; Delete all my data needs a confirmation', async ({ page }) => {
  await show(page, { keyState: { hasKey: true, remembered: true } })
  await expect(settings(page).locator('[part~="key-state"]')).toHaveText('Key remembered on this device')
  await settings(page).getByRole('button', { name: 'Clear key' }).click()
  await settings(page).getByRole('button', { name: 'Delete all my data' }).click()
  await expect(settings(page).getByRole('alert')).toHaveText('Delete every session, workspace and setting stored by this agent?')
  await settings(page).getByRole('button', { name: 'Cancel' }).click()
  expect(await details(page)).toEqual([{ action: 'key', apiKey: null, remember: false }])
  await settings(page).getByRole('button', { name: 'Delete all my data' }).click()
  await settings(page).locator('[part~="confirm-delete-all-button"]').click()
  expect(await details(page)).toEqual([{ action: 'key', apiKey: null, remember: false }, { action: 'delete-all' }])
})

test('lists the session allow rules; Revoke asks to revoke that rule; none says nothing is allowed without asking', async ({ page }) => {
  await show(page, { rules: [{ ruleId: 'r-1', toolName: 'bash', subject: 'sh examples/top-words.sh', createdAt: 0 }, { ruleId: 'r-2', toolName: 'todo_write', subject: '', createdAt: 0 }] })
  const rules = settings(page).locator('[part~="session-rules"]')
  await expect(rules.locator('li')).toHaveText([/bash · sh examples\/top-words\.sh\s+Revoke/, /todo_write · any call\s+Revoke/])
  await rules.getByRole('button', { name: 'Revoke: bash sh examples/top-words.sh' }).click()
  expect(await details(page)).toEqual([{ action: 'revoke-rule', ruleId: 'r-1' }])
  await show(page, { rules: [] })
  await expect(rules).toContainText('Nothing is allowed without asking in this session.')
})
