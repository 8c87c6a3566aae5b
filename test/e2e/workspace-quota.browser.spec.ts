// Quota capped (CDP Storage.overrideQuotaForOrigin) in real Chromium with real IndexedDB: a
// workspace write that cannot be saved is never reported as done — the bash card fails with
// WORKSPACE_NOT_SAVED naming the file, the storage banner and the sessions panel's storage line list
// it, dsh-error fires; the file saved before survives a reload, the unsaved one is gone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'

const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command, description: command } }] })
const WIDTHS = [390, 768, 1280] as const
const files = (page: Page) => page.locator('dsh-agent').evaluate((el) => (el as unknown as { workspaceFiles(): Promise<Record<string, string> | undefined> }).workspaceFiles())

test('a workspace write over quota: the card says not saved, the storage state lists the file, earlier files survive a reload', async ({ baseURL }, info) => {
  test.setTimeout(180_000)
  const profile = mkdtempSync(join(tmpdir(), 'dsh-quota-workspace-'))
  const context = await chromium.launchPersistentContext(profile, { ...info.project.use.launchOptions, baseURL })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL as string).origin, quotaSize: 384 * 1024 })
    await bootAgent(page, { script: [bash('echo kept > small.txt'), bash('seq 1 90000 > big.txt'), { text: 'Wrote both.' }], storage: 'indexeddb', permissions: 'workspace-write' })
    await send(page, 'write two files')
    await waitForTurnEnds(page, 1)
    const cards = page.locator('dsh-agent [part~="tool-card"]')
    await expect(cards.nth(0)).toHaveAttribute('data-state', 'done')
    await expect(cards.nth(1)).toHaveAttribute('data-state', 'failed')
    await cards.nth(1).locator('summary[part~="tool-summary"]').click()
    await expect(cards.nth(1)).toContainText('not saved: big.txt (QUOTA_EXCEEDED)')
    await expect(cards.nth(1)).toContainText('will be gone after a reload')
    const banner = page.locator('dsh-agent [part~="storage-banner"]')
    // The cap is the whole origin's: the session's own writes racing the refused file may be refused
    // too (then the session is memory-only); either way the banner names the workspace file.
    await expect(banner).toContainText(/^(Storage problem|Not being saved \(in memory only\))/)
    await expect(banner.locator('[part~="workspace-unsaved"]')).toHaveText(/Workspace files not saved: big\.txt/)
    const errors = () => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))
    await expect.poll(errors).toContain('WORKSPACE_NOT_SAVED')
    await page.locator('dsh-agent [part~="sessions-toggle"]').click()
    const line = page.locator('dsh-agent [part~="storage-state"]')
    await expect(line).toHaveAttribute('data-health', /^(error|memory-only)$/)
    await expect(line.locator('[part~="workspace-unsaved"]')).toHaveText(/big\.txt/)
    for (const theme of ['light', 'dark'] as const) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 })
        await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
        const widget = (await page.locator('dsh-agent').boundingBox())!
        for (const part of [banner, line]) {
          await part.scrollIntoViewIfNeeded()
          const box = (await part.boundingBox())!
          expect(box.x, `at ${width}`).toBeGreaterThanOrEqual(widget.x - 0.5)
          expect(box.x + box.width, `at ${width}`).toBeLessThanOrEqual(widget.x + widget.width + 0.5)
        }
        expect(await axeViolations(page), `${theme} ${width}`).toEqual([])
        await page.screenshot({ path: info.outputPath(`workspace-unsaved-${width}-${theme}.png`) })
      }
    }
    await page.locator('dsh-agent [part~="sessions-toggle"]').click()
    await page.setViewportSize({ width: 1280, height: 800 })
    await cards.nth(1).scrollIntoViewIfNeeded()
    await page.screenshot({ path: info.outputPath('workspace-unsaved-card.png') })
    expect(Object.keys((await files(page))!)).toEqual(expect.arrayContaining(['small.txt', 'big.txt'])) // in memory until the reload
    await page.reload()
    await page.waitForSelector('body[data-ready]')
    await expect.poll(async () => Object.keys((await files(page)) ?? {}).sort()).toContain('small.txt')
    const after = (await files(page))!
    expect(after['small.txt']).toBe('kept\n')
    expect(after).not.toHaveProperty('big.txt')
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
