// The embedded workspace survives a page reload through its IndexedDB mirror (real Chromium IDB).
import { expect, test } from '@playwright/test'

declare const workspace: { write(p: string, c: string): Promise<void>; read(p: string): Promise<string>; flush(): Promise<void>; bash(c: string): Promise<{ stdout: string }> }

test('files written before a reload are there after it', async ({ page }) => {
  const url = `/test-pages/workspace/index.html?workspace=reload-${Math.random()}`
  await page.goto(url)
  await page.waitForSelector('body[data-ready="true"]')
  await page.evaluate(async () => {
    await workspace.write('kept.txt', 'survives\n')
    await workspace.bash('mkdir -p notes && echo by bash > notes/b.txt && rm README.md')
    await workspace.flush()
  })
  await page.reload()
  await page.waitForSelector('body[data-ready="true"]')
  expect(await page.evaluate(() => workspace.read('kept.txt'))).toBe('survives\n')
  expect((await page.evaluate(() => workspace.bash('cat notes/b.txt; ls'))).stdout).toBe('by bash\nkept.txt\nnotes\nsrc\n')
})
