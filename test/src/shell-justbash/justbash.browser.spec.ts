// bash through just-bash inside a real module Worker in Chromium: lazy load, the shared fs,
// limits ending a runaway loop while the page stays responsive.
import { expect, test } from '@playwright/test'

type Api = { bash(c: string): Promise<{ stdout: string; stderr: string; exitCode: number | null; limit: string | null; ms: number }>; read(p: string): Promise<string>; write(p: string, c: string): Promise<void>; ping(): Promise<string> }
declare const workspace: Api

test('runs bash over the shared workspace fs in the worker', async ({ page }) => {
  await page.goto(`/test-pages/workspace/index.html?workspace=${Math.random()}`)
  await page.waitForSelector('body[data-ready="true"]')
  const listed = await page.evaluate(() => workspace.bash('ls; grep -rn TODO . | sort'))
  expect(listed).toMatchObject({ stdout: 'README.md\nsrc\nREADME.md:2:TODO: one\nsrc/a.ts:1:// TODO two\n', exitCode: 0 })
  await page.evaluate(() => workspace.bash('echo from bash > made.txt'))
  expect(await page.evaluate(() => workspace.read('made.txt'))).toBe('from bash\n')
  await page.evaluate(() => workspace.write('written.txt', 'from fs\n'))
  expect((await page.evaluate(() => workspace.bash('cat written.txt'))).stdout).toBe('from fs\n')
})

test('a runaway loop ends with the limit while the page keeps handling input', async ({ page }) => {
  await page.goto(`/test-pages/workspace/index.html?workspace=${Math.random()}`)
  await page.waitForSelector('body[data-ready="true"]')
  const ticks = await page.evaluate(async () => {
    let count = 0
    const timer = setInterval(() => count++, 10)
    const result = await workspace.bash('while true; do :; done')
    clearInterval(timer)
    return { count, result }
  })
  expect(ticks.result.limit).toContain('too many commands executed')
  expect(ticks.count).toBeGreaterThan(0)
  expect(await page.evaluate(() => workspace.ping())).toBe('pong')
})

test('byte reads keep bytes 0x80–0x9F exact (Chromium decodes windows-1252 there, not latin1)', async ({ page }) => {
  await page.goto(`/test-pages/workspace/index.html?workspace=${Math.random()}`)
  await page.waitForSelector('body[data-ready="true"]')
  const dumped = await page.evaluate(() => workspace.bash("printf '\\x80\\x9fA' > b.bin; od -An -tx1 b.bin; wc -c b.bin"))
  expect(dumped).toMatchObject({ stdout: ' 302 200 302 237 101\n5 b.bin\n', exitCode: 0 })
})
