// <dsh-session-list>: draws each stored session by its title (a fork after its source, marked) and
// marks the open one;
// open, new, export and import are cancelable request events; delete asks first; the storage
// state is a status when healthy and an alert otherwise, with the size and persistence the browser reports.
import { expect, test, type Page } from '@playwright/test'

declare const dshPanels: { events: { type: string; detail: unknown; cancelable: boolean }[] }

const sessions = [
  { id: 's-1', createdAt: Date.UTC(2026, 0, 2, 3, 4), title: 'Fix the build', eventCount: 12 },
  { id: 's-2', createdAt: Date.UTC(2026, 0, 3, 3, 4), eventCount: 3 },
  { id: 's-3', createdAt: Date.UTC(2026, 0, 4, 3, 4), eventCount: 14, parentSession: 's-1' },
]

async function show(page: Page, props: Record<string, unknown>): Promise<void> {
  await page.goto('/test-pages/panels.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate(async (p) => {
    const list = document.querySelector('dsh-session-list')!
    Object.assign(list, p)
    await list.updateComplete
  }, props)
}

const list = (page: Page) => page.locator('dsh-session-list')
const events = (page: Page) => page.evaluate(() => dshPanels.events)

test('lists sessions by title (untitled, forks after their source), most recent first, and marks the current one', async ({ page }) => {
  await show(page, { sessions, current: 's-2' })
  const rows = list(page).locator('[part~="session"]')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(2).locator('[part~="session-title"]')).toHaveText('Fix the build')
  await expect(rows.nth(1).locator('[part~="session-title"]')).toHaveText('New conversation')
  await expect(rows.nth(0).locator('[part~="fork-marker"]')).toHaveCount(1)
  await expect(rows.nth(0).locator('[part~="session-title"]')).toContainText('Fix the build')
  for (const row of await rows.all()) await expect(row.locator('[part~="session-date"]')).not.toBeEmpty()
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'false')
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true')
})

test('with no sessions it says so; New asks for a new session', async ({ page }) => {
  await show(page, { sessions: [] })
  await expect(list(page).getByText('No saved sessions')).toBeVisible()
  await list(page).getByRole('button', { name: 'New session' }).click()
  expect(await events(page)).toEqual([{ type: 'dsh-session-action', detail: { action: 'new' }, cancelable: true }])
})

test('open and export name the session', async ({ page }) => {
  await show(page, { sessions })
  await list(page).locator('[data-session-id="s-1"] [part~="open-button"]').click()
  await list(page).locator('[data-session-id="s-2"] [part~="export-button"]').click()
  expect((await events(page)).map((e) => e.detail)).toEqual([{ action: 'open', sessionId: 's-1' }, { action: 'export', sessionId: 's-2' }])
})

test('delete asks first: Cancel keeps the session, Confirm asks for the delete', async ({ page }) => {
  await show(page, { sessions })
  const row = list(page).locator('[data-session-id="s-1"]')
  await row.locator('[part~="delete-button"]').click()
  await expect(row.getByRole('alert')).toHaveText('Delete this session? This cannot be undone.')
  await row.getByRole('button', { name: 'Cancel' }).click()
  await expect(row.getByRole('alert')).toHaveCount(0)
  expect(await events(page)).toEqual([])
  await row.locator('[part~="delete-button"]').click()
  await row.locator('[part~="confirm-delete-button"]').click()
  expect(await events(page)).toEqual([{ type: 'dsh-session-action', detail: { action: 'delete', sessionId: 's-1' }, cancelable: true }])
  await expect(row.locator('[part~="delete-button"]')).toBeVisible()
})

test('import hands over the chosen file’s bytes (plain JSONL or zstd, decoded by the store)', async ({ page }) => {
  await show(page, { sessions })
  const jsonl = '{"type":"session","version":1}\n'
  await list(page).locator('input[type="file"]').setInputFiles({ name: 'saved.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl) })
  await expect.poll(() => events(page)).toEqual([{ type: 'dsh-session-action', detail: { action: 'import', jsonl: new Uint8Array(Buffer.from(jsonl)) }, cancelable: true }])
})

test('storage state: a status when saved, an alert with the code when not', async ({ page }) => {
  await show(page, { sessions, storage: { health: 'ok' } })
  const state = list(page).locator('[part~="storage-state"]')
  await expect(state).toHaveAttribute('role', 'status')
  await expect(state).toContainText('Saved in this browser · 3 sessions')
  await page.evaluate(async () => {
    const el = document.querySelector('dsh-session-list')!
    el.storage = { health: 'error', code: 'STORAGE_QUOTA', message: 'the disk is full' }
    await el.updateComplete
  })
  await expect(state).toHaveAttribute('role', 'alert')
  await expect(state).toHaveAttribute('data-health', 'error')
  await expect(state).toContainText('Storage problem')
  await expect(state).toContainText('STORAGE_QUOTA: the disk is full')
})

test('storage state: the browser’s size and its answer to persist(); where it offers neither (WebKit), the line says so', async ({ page }) => {
  await show(page, { sessions, storage: { health: 'ok' }, persistence: 'best-effort' })
  const state = list(page).locator('[part~="storage-state"]')
  await expect(state).toHaveText(/^Saved in this browser · 3 sessions · .+ used of .+ · the browser may clear it when space runs low$/)
  await page.addInitScript(() => { Reflect.deleteProperty(StorageManager.prototype, 'estimate') })
  await show(page, { sessions, storage: { health: 'ok' }, persistence: 'unavailable' })
  await expect(state).toHaveText('Saved in this browser · 3 sessions · size not reported by this browser · this browser cannot be asked to keep it: export sessions you want to keep')
  await expect(state).toHaveAttribute('data-persistence', 'unavailable')
})
