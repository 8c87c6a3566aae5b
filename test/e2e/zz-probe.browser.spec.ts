import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, test } from '@playwright/test'
test('probe', async ({ baseURL }, testInfo) => {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'p-')), { ...testInfo.project.use.launchOptions, baseURL })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await page.goto('/test-pages/agent.html')
  const put = (n: number, key: string) => page.evaluate(([n, key]) => new Promise<string>((resolve) => {
    let x = 7, out = ''
    const a = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .'
    for (let i = 0; i < (n as number); i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; out += a[(x >>> 0) % 64] }
    const r = indexedDB.open('probe', 1)
    r.onupgradeneeded = () => r.result.createObjectStore('s')
    r.onsuccess = () => { const tx = r.result.transaction('s', 'readwrite'); tx.objectStore('s').put(out, key as string); tx.oncomplete = () => { r.result.close(); resolve('ok') }; tx.onabort = () => { r.result.close(); resolve('abort ' + tx.error?.name) } }
  }), [n, key] as const)
  const est = async () => JSON.stringify(await page.evaluate(() => navigator.storage.estimate()))
  console.log('before', await put(300_000, 'a'), await est())
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 100_000 })
  console.log('capped', await put(10, 'b'), await put(10, 'a'), await put(200_000, 'c'), await est())
  await page.reload()
  console.log('after reload', await put(10, 'd'), await est())
  await context.close()
})
