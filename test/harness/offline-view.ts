/**
 * The page's view of an offline browser context. Under `context.setOffline(true)` every Chromium
 * blocks the page's requests, but Chromium 150 (Debian bookworm's main archive) reports
 * `navigator.onLine === true` again after each navigation, where Chromium 156 keeps `false`.
 * `seeOffline` repeats the offline emulation on the page's own DevTools session when the page
 * reads online, so the page gets its `offline` event and `navigator.onLine === false` as the
 * network says; on a browser that kept the emulation it does nothing.
 * @module test/harness/offline-view
 */
import type { CDPSession, Page } from '@playwright/test'

export interface OfflineView {
  /** Drops the page's own emulation; call after `context.setOffline(false)`. */
  release(): Promise<void>
}

/** Call after `context.setOffline(true)` and a navigation of `page`. */
export async function seeOffline(page: Page): Promise<OfflineView> {
  if (!(await page.evaluate(() => navigator.onLine))) return { release: async () => undefined }
  const session: CDPSession = await page.context().newCDPSession(page)
  await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  return { release: () => session.detach() }
}
