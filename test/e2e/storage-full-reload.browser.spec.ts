// A reload while the origin's storage stays full (quota capped with CDP Storage.overrideQuotaForOrigin,
// then filled to the last byte; real Chromium, real IndexedDB): the widget becomes ready with the stored conversation,
// new messages are answered and kept in memory, the banner says why and what to do, and once the
// quota is lifted saving resumes by itself — a reload then shows the turn made while it was full.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'

/** The page's configuration from its next load on (init scripts run in order: the last one wins). */
async function configure(context: import('@playwright/test').BrowserContext, reply: string): Promise<void> {
  await context.addInitScript((text) => {
    (window as unknown as { dshTestConfig: unknown }).dshTestConfig = { script: [{ text }], storage: 'indexeddb' }
  }, reply)
}

async function open(page: Page): Promise<void> {
  await page.goto('/test-pages/agent.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 30_000 })
}

const codes = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))

/**
 * Fills what is left of the (capped) quota with incompressible filler in a database of its own,
 * 100 KB at a time, until a write is refused: from then on every write fails and every read works.
 */
async function fillQuota(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open('test-filler', 1)
      request.onupgradeneeded = () => request.result.createObjectStore('blobs')
      request.onsuccess = () => resolve(request.result)
    })
    let x = 11
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .'
    const noise = (length: number) => {
      let out = ''
      for (let i = 0; i < length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; out += alphabet[(x >>> 0) % 64] }
      return out
    }
    const put = (key: number, size: number) => new Promise<boolean>((resolve) => {
      const tx = db.transaction('blobs', 'readwrite')
      tx.objectStore('blobs').put(noise(size), key)
      tx.oncomplete = () => resolve(true)
      tx.onabort = () => resolve(false)
    })
    let count = 0
    for (const size of [100_000, 10_000, 1_000]) while (await put(count, size)) count++
    db.close()
    return count
  })
}

/** Frees the filler (the remedy the banner names): room again. */
const freeSpace = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => { indexedDB.deleteDatabase('test-filler').onsuccess = () => resolve() }))

test('reload while the storage stays full: ready, stored session readable, new work in memory, saving resumes by itself', async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const profile = mkdtempSync(join(tmpdir(), 'dsh-full-reload-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  const origin = new URL(baseURL as string).origin
  try {
    await configure(context, 'Stored reply number one.')
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 3 * 1024 * 1024 }) // before the origin's storage is first used, or it does not apply
    await open(page)
    await send(page, 'first question')
    await waitForTurnEnds(page, 1)
    await expect.poll(() => transcriptText(page)).toContain('Stored reply number one.')
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300))) // the write-behind commits at the end of the task

    expect(await fillQuota(page)).toBeGreaterThan(0)
    await configure(context, 'Reply made while the storage was full.') // a new runtime starts its script again
    await page.reload()
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 30_000 })
    await expect.poll(() => transcriptText(page)).toContain('Stored reply number one.')
    const banner = page.locator('dsh-agent [part~="storage-banner"]')
    await expect(banner).toContainText('Not being saved (in memory only)')
    await expect(banner).toContainText('storage is full')
    await expect(banner).toContainText('saving resumes by itself once there is room')
    expect(await codes(page)).toContain('QUOTA_EXCEEDED')

    await send(page, 'second question')
    await waitForTurnEnds(page, 1) // the events list starts again with each load
    await expect.poll(() => transcriptText(page)).toContain('Reply made while the storage was full.')

    await freeSpace(page) // room again: no further message, the writer retries alone
    await expect(banner).toBeHidden({ timeout: 30_000 })
    await page.reload()
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 30_000 })
    await expect.poll(() => transcriptText(page)).toContain('Reply made while the storage was full.')
    await expect(page.locator('dsh-agent [part~="storage-banner"]')).toHaveCount(0)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('first boot on an origin whose storage is already full: every database the boot opens or writes degrades to memory, the widget is ready and answers', async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const profile = mkdtempSync(join(tmpdir(), 'dsh-full-boot-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  try {
    await context.addInitScript(() => {
      (window as unknown as { dshTestConfig: unknown }).dshTestConfig = {
        script: [{ text: 'Answered from memory.' }], storage: 'indexeddb',
        attributes: { 'workspace-id': 'full-boot', workspace: JSON.stringify({ 'notes.txt': 'seed file\n' }) },
      }
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL as string).origin, quotaSize: 1024 * 1024 })
    await page.goto('/test-pages/ui-harness.html') // any page of the origin: fill it before the widget's first boot
    expect(await fillQuota(page)).toBeGreaterThan(0)
    await open(page)
    const banner = page.locator('dsh-agent [part~="storage-banner"]')
    await expect(banner).toBeVisible()
    await send(page, 'hello')
    await waitForTurnEnds(page, 1)
    await expect.poll(() => transcriptText(page)).toContain('Answered from memory.')
    await page.locator('dsh-agent [part~="sessions-toggle"]').click() // builds the search index and saves it: refused too
    await expect(page.locator('dsh-agent dsh-session-list')).toBeVisible()
    expect(await codes(page)).not.toContain('DSH_PLUGIN_FAILED')
    await expect(banner).toContainText('Workspace files not saved')
    expect(await codes(page)).toEqual(expect.arrayContaining(['QUOTA_EXCEEDED', 'WORKSPACE_NOT_SAVED']))
    expect(await page.evaluate(() => (document.querySelector('dsh-agent') as unknown as { workspaceFiles(): Promise<unknown> }).workspaceFiles())).toEqual({ 'notes.txt': 'seed file\n' })
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
