// Kills at boot-time points and mid-turn (real Chromium, real IndexedDB, the profile kept): the
// renderer is crashed (CDP Page.crash) at a spread of moments after a (re)load started or a message
// was sent, and every reopen becomes ready — never `starting` for good. At the end the stored log is
// whole: seqs contiguous, every turn closed exactly once, no end-seed right after another (a
// session seeded twice), and the first acknowledged answer still there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test'
import { send, transcriptText } from '../harness/agent-page.ts'

interface StoredEvent { type: string; seq: number; data?: { turn?: number } }

/** Every stored event's type, seq and turn, decoded from the packed rows (a packed run holds only deltas). */
function storedEvents(page: Page): Promise<{ rows: { firstSeq: number; count: number }[]; events: StoredEvent[] }> {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const request = indexedDB.open('dsh-agent')
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const all = db.transaction('events', 'readonly').objectStore('events').getAll()
      all.onsuccess = () => {
        db.close()
        const rows = all.result as { firstSeq: number; count: number; body: string }[]
        const events = rows.flatMap((row) => (JSON.parse(row.body) as Record<string, unknown>[]).filter((record) => typeof record.type === 'string')) as unknown as StoredEvent[]
        resolve({ rows: rows.map(({ firstSeq, count }) => ({ firstSeq, count })), events })
      }
    }
  }))
}

const ready = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.some((e) => e.type === 'dsh-ready'))

async function crash(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()))
  void cdp.send('Page.crash').catch(() => undefined) // never answered: the target is gone
  await crashed
  await page.close().catch(() => undefined)
}

/** A new page of the kept profile, loaded; resolves once `dsh-ready` fired (30 s at most). */
async function reopen(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto('/test-pages/agent.html')
  await expect.poll(() => ready(page), { timeout: 30_000 }).toBe(true)
  return page
}

test('crashes at boot-time points and mid-turn: every reopen is ready, the stored log stays whole', async ({ baseURL }, testInfo) => {
  test.setTimeout(300_000)
  const profile = mkdtempSync(join(tmpdir(), 'dsh-boot-kill-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  try {
    await context.addInitScript(() => {
      const slow = { text: 'A slow answer that streams for a while.', delayMs: 40 }
      ;(window as unknown as { dshTestConfig: unknown }).dshTestConfig = { script: [slow, slow, slow], storage: 'indexeddb' }
    })
    let page = await reopen(context)
    await send(page, 'first question')
    await expect.poll(() => transcriptText(page), { timeout: 20_000 }).toContain('A slow answer that streams for a while.')
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)))

    for (const [where, ms] of [['boot', 0], ['boot', 30], ['boot', 80], ['boot', 150], ['boot', 300], ['boot', 600], ['turn', 50], ['turn', 150], ['turn', 400], ['turn', 900]] as const) {
      if (where === 'boot') {
        await crash(context, page)
        page = await context.newPage()
        void page.goto('/test-pages/agent.html').catch(() => undefined)
        await page.waitForTimeout(ms)
      } else {
        await send(page, `question killed ${ms} ms into its turn`)
        await page.waitForTimeout(ms)
      }
      await crash(context, page)
      page = await reopen(context)
    }

    const { rows, events } = await storedEvents(page)
    let next = 0
    for (const row of rows) {
      expect(row.firstSeq).toBe(next)
      next += row.count
    }
    const starts = events.filter((e) => e.type === 'turn/start').map((e) => e.data?.turn)
    const ends = events.filter((e) => e.type === 'turn/end').map((e) => e.data?.turn)
    expect(ends).toEqual(starts)
    expect(new Set(ends).size).toBe(ends.length)
    const types = events.map((e) => e.type)
    expect(types.some((type, i) => type === 'session/end-seed' && types[i - 1] === 'session/end-seed')).toBe(false)
    await expect.poll(() => transcriptText(page)).toContain('first question')
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
