// Quota capped (CDP Storage.overrideQuotaForOrigin) in real Chromium: a storage failure is never
// silent — the widget's storage banner keeps the cause and says what to do in the reader's language
// (not a bare "in memory only"), and dsh-error fires once with the code.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'

/** Incompressible text (IndexedDB compresses values): a seeded xorshift over a 64-letter alphabet. */
function noise(length: number, seed = 7): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .'
  let x = seed
  let out = ''
  for (let i = 0; i < length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5
    out += alphabet[(x >>> 0) % 64]
  }
  return out
}

test('a session write over quota: the banner names QUOTA_EXCEEDED and the remedy; dsh-error fires', async ({ baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'dsh-quota-widget-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL as string).origin, quotaSize: 512 * 1024 })
    await bootAgent(page, { script: [{ text: noise(900_000) }], storage: 'indexeddb' })
    await send(page, 'write a lot')
    await waitForTurnEnds(page, 1)
    const banner = page.locator('dsh-agent [part~="storage-banner"]')
    await expect(banner).toContainText('Not being saved (in memory only)', { timeout: 15_000 })
    await expect(banner).toContainText('storage is full')
    await expect(banner).toContainText('export what you need, delete old sessions or free space')
    await expect(banner).toHaveAttribute('title', /quota is exhausted/) // the engine's own words stay on the banner's title
    const errors = () => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))
    await expect.poll(errors).toContain('QUOTA_EXCEEDED')
    expect((await errors()).filter((code) => code === 'QUOTA_EXCEEDED')).toHaveLength(1)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
