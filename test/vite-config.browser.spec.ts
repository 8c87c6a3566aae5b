// The served demo (vite preview of the production build) sends COOP/COEP, so the page is
// cross-origin isolated as WebContainer and 5 µs timers need; every demo page is built.
import { expect, test } from '@playwright/test'

test('the demo index is served cross-origin isolated', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin')
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp')
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true)
})
