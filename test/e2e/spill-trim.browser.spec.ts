// Large tool results in real Chromium with real IndexedDB: an over-cap bash output is logged as
// dsh's head/tail preview naming /.dsh/spill/<id>.txt, and after a reload the model reads the
// stored body back; "Trim tool results" shortens an over-budget result for the model (the card
// says so) without a model call. Both cards at 390/768/1280, light and dark, axe-clean, screenshots.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'

const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] })
const cards = (page: Page) => page.locator('dsh-agent [part~="tool-card"]')
const WIDTHS = [390, 768, 1280] as const

async function looks(page: Page, name: string, info: { outputPath(name: string): string }, card: () => ReturnType<Page['locator']>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 })
      await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
      await card().scrollIntoViewIfNeeded()
      const widget = (await page.locator('dsh-agent').boundingBox())!
      const box = (await card().boundingBox())!
      expect(box.x, `${name} card at ${width}`).toBeGreaterThanOrEqual(widget.x - 0.5)
      expect(box.x + box.width, `${name} card at ${width}`).toBeLessThanOrEqual(widget.x + widget.width + 0.5)
      expect(await axeViolations(page), `${name} ${theme} ${width}`).toEqual([])
      await page.screenshot({ path: info.outputPath(`${name}-${width}-${theme}.png`) })
    }
  }
}

test('a spilled bash result: the card shows the preview and the stored path; after a reload `read` gets the body from IndexedDB', async ({ page }, info) => {
  test.setTimeout(120_000)
  await bootAgent(page, { script: [call('bash', { command: 'seq 1 11000', description: 'Count to eleven thousand' }), { text: 'Counted.' }], storage: 'indexeddb', permissions: 'workspace-write' })
  await send(page, 'count')
  await waitForTurnEnds(page, 1)
  const spilled = cards(page).first()
  await spilled.locator('summary[part~="tool-summary"]').click()
  const output = spilled.locator('[part~="terminal"]')
  await expect(output).toContainText('Full formatted result stored at: /.dsh/spill/')
  const text = await transcriptText(page)
  expect(text).toContain('\n1\n2\n3\n') // the head
  expect(text).toContain('10999\n11000') // the tail
  expect(text).not.toContain('\n5700\n') // the middle is not in the log
  const locator = /stored at: (\/\.dsh\/spill\/[0-9a-f-]+\.txt)\./.exec(text)![1]!
  await looks(page, 'spilled', info, () => spilled)
  // reload; the model follows the hint (a fresh script for the reloaded page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, {
    script: [call('read', { file_path: locator, offset: 5700, limit: 3 }), { text: 'Read it.' }], storage: 'indexeddb', permissions: 'workspace-write',
  })
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(cards(page)).toHaveCount(1)
  await send(page, 'read the middle')
  await waitForTurnEnds(page, 1)
  await expect(cards(page)).toHaveCount(2)
  const read = cards(page).nth(1)
  await expect(read).toHaveAttribute('data-state', 'done')
  await read.locator('summary[part~="tool-summary"]').click()
  await expect(read.locator('[part~="file-lines"]')).toContainText('5700')
  await expect(read.locator('[part~="file-lines"]')).toContainText('5702')
})

test('Trim tool results: an over-budget read is trimmed for the model without a model call; the card says so', async ({ page }, info) => {
  test.setTimeout(120_000)
  await bootAgent(page, {
    script: [call('bash', { command: 'seq 1 3000 > big.txt', description: 'Make a file' }), call('read', { file_path: 'big.txt', limit: 3000 }), { text: 'Read.' }],
    storage: 'indexeddb', permissions: 'workspace-write',
  })
  await send(page, 'make and read a file')
  await waitForTurnEnds(page, 1)
  const trim = page.locator('dsh-agent [part~="trim-button"]')
  await expect(trim).toBeEnabled()
  await expect(trim).toHaveAttribute('title', /Trim tool results/)
  await expect(page.locator('dsh-agent [part~="trimmed-badge"]')).toHaveCount(0)
  await trim.click()
  const badge = cards(page).nth(1).locator('[part~="trimmed-badge"]')
  await expect(badge).toHaveText('· trimmed for the model')
  await expect(cards(page).first().locator('[part~="trimmed-badge"]')).toHaveCount(0) // the short result is left alone
  const errors = await page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.filter((e) => e.type === 'dsh-error'))
  expect(errors).toEqual([])
  await looks(page, 'trimmed', info, () => cards(page).nth(1))
  // the trim is in the stored log: after a reload the card still says so
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(cards(page).nth(1).locator('[part~="trimmed-badge"]')).toHaveText('· trimmed for the model')
})
