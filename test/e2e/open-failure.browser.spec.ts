// Whatever fails while the boot opens the stored session ends in a named state the widget shows,
// never `starting` for good: a session damaged before its last record (real IndexedDB, real
// Chromium) gives the SESSION_CORRUPT notice and the open-failed banner; "Try again" fails the same
// way, "Start a new conversation" (a real click) makes the widget ready and it answers.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, turnEnds, waitForTurnEnds } from '../harness/agent-page.ts'

const events = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code?: string } }[] }).dshEvents)

/** Breaks the first stored row of every session (a damaged record before the last one). */
function damageFirstRow(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const request = indexedDB.open('dsh-agent')
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const tx = db.transaction('events', 'readwrite')
      const store = tx.objectStore('events')
      const all = store.getAll()
      let damaged = 0
      all.onsuccess = () => {
        const firsts = new Map<string, { firstSeq: number; body: string }>()
        for (const row of all.result as { sessionId: string; firstSeq: number; body: string }[]) if (!firsts.has(row.sessionId)) firsts.set(row.sessionId, row)
        for (const row of firsts.values()) { store.put({ ...row, body: '{damaged' }); damaged++ }
      }
      tx.oncomplete = () => { db.close(); resolve(damaged) }
      tx.onabort = () => reject(tx.error)
    }
  }))
}

test('a stored session damaged before its last record: named failed state, Try again, Start a new conversation', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'First answer.' }, { text: 'Second answer.' }], storage: 'indexeddb' })
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await send(page, 'two')
  await waitForTurnEnds(page, 2)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300))) // the write-behind commits the second turn
  expect(await damageFirstRow(page)).toBe(1)

  await page.reload()
  const banner = page.locator('dsh-agent [part~="open-failed-banner"]')
  await expect(banner).toContainText('The conversation could not be opened')
  await expect(page.locator('dsh-agent [part~="error-notice"][data-code="SESSION_CORRUPT"]')).toContainText('The session could not be opened')
  expect((await events(page)).some((e) => e.type === 'dsh-ready')).toBe(false)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled()

  await banner.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(async () => (await events(page)).filter((e) => e.detail.code === 'SESSION_CORRUPT').length).toBe(2)
  await expect(banner).toBeVisible()

  await banner.getByRole('button', { name: 'Start a new conversation' }).click()
  await expect.poll(async () => (await events(page)).some((e) => e.type === 'dsh-ready')).toBe(true)
  await expect(banner).toHaveCount(0)
  await send(page, 'three')
  await expect.poll(async () => (await turnEnds(page)).length).toBe(1)
  await expect.poll(() => transcriptText(page)).toContain('First answer.')
})
