// <dsh-agent workspace-provider="webcontainer">: on a cross-origin isolated page it attaches the
// page's WebContainer bridge and starts cleanly; on a page that is not, it stays on the embedded
// workspace and says why (workspace-banner part + dsh-error WEBCONTAINER_UNAVAILABLE).
import { expect, test } from '@playwright/test'

declare const dshEvents: { type: string; detail: { code?: string; message?: string } }[]

test('not isolated: the embedded workspace is used and the banner gives the reason', async ({ page }) => {
  await page.goto('/test-pages/webcontainer/element.html?isolated=0')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  await expect(page.locator('dsh-agent [part~="workspace-banner"]')).toHaveText(/^WebContainer not used: WebContainer needs a cross-origin isolated page/)
  const errors = await page.evaluate(() => dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail))
  expect(errors).toEqual([{ code: 'WEBCONTAINER_UNAVAILABLE', message: expect.stringMatching(/^WebContainer needs a cross-origin isolated page .* so the embedded workspace is used\.$/) }])
})

test('isolated: the port is attached before the runtime starts, with no error and no banner', async ({ page }) => {
  await page.goto('/test-pages/webcontainer/element.html')
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true)
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  await expect(page.locator('dsh-agent [part~="workspace-banner"]')).toHaveCount(0)
  expect(await page.evaluate(() => dshEvents.filter((e) => e.type === 'dsh-error'))).toEqual([])
})
