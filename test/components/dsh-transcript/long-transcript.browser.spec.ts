// A long transcript draws its latest messages first, then every earlier one in order, and keeps its scroll container at the latest message while the reader is there.
import { expect, test, type Page } from '@playwright/test'
import { WireLog } from '../../harness/wire-events.ts'
import type { WireEvent } from '../../../src/protocol/messages.ts'

function conversation(turns: number): WireEvent[] {
  const log = new WireLog()
  for (let t = 0; t < turns; t++) log.user(`question ${t}`).turn({ text: `answer ${t}` })
  return log.events
}

async function open(page: Page): Promise<void> {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
}

const show = (page: Page, events: WireEvent[]) => page.evaluate((wire) => (window as any).dshHarness.showTranscript(wire), events as unknown[])
const log = (page: Page) => page.locator('dsh-transcript section[role="log"]')
const userTexts = (page: Page) => page.locator('dsh-transcript [part~="user-message"]').allTextContents()
/** Shows the events and reads the user messages of the first update in the same task (idle slices cannot run in between). */
const showAndReadFirst = (page: Page, events: WireEvent[]) => page.evaluate(async (wire) => {
  await (window as any).dshHarness.showTranscript(wire)
  const root = document.querySelector('dsh-transcript')!.shadowRoot!
  return [...root.querySelectorAll('[part~="user-message"]')].map((el) => el.textContent ?? '')
}, events as unknown[])

test('a 500-turn transcript draws its tail first, then all of it in order', async ({ page }) => {
  await open(page)
  const first = await showAndReadFirst(page, conversation(500))
  expect(first.length).toBeGreaterThan(0)
  expect(first.length).toBeLessThan(100)
  expect(first.at(-1)!.trim()).toBe('question 499')
  await expect(log(page)).toHaveAttribute('aria-busy', 'true')
  await expect(log(page)).not.toHaveAttribute('aria-busy', /.*/, { timeout: 30_000 })
  const all = (await userTexts(page)).map((text) => text.trim())
  expect(all).toEqual(Array.from({ length: 500 }, (_, t) => `question ${t}`))
})

test('a short transcript is drawn whole at once', async ({ page }) => {
  await open(page)
  await show(page, conversation(5))
  expect((await userTexts(page)).map((text) => text.trim())).toEqual(['question 0', 'question 1', 'question 2', 'question 3', 'question 4'])
  await expect(log(page)).not.toHaveAttribute('aria-busy', /.*/)
})

test('follows the latest message in its scroll container until the reader scrolls up', async ({ page }) => {
  await open(page)
  await page.evaluate(() => {
    const box = Object.assign(document.createElement('div'), { id: 'box' })
    box.style.cssText = 'height: 300px; overflow-y: auto'
    box.append(document.querySelector('dsh-transcript')!)
    document.body.prepend(box)
  })
  const box = page.locator('#box')
  const gap = () => box.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  await show(page, conversation(60))
  await expect.poll(gap).toBeLessThan(5)
  await show(page, conversation(61))
  await expect.poll(gap).toBeLessThan(5)
  await box.evaluate((el) => { el.scrollTop = 0 })
  await page.waitForTimeout(100) // the scroll event
  await show(page, conversation(62))
  await page.waitForTimeout(100)
  expect(await box.evaluate((el) => el.scrollTop)).toBe(0)
  await box.evaluate((el) => { el.scrollTop = el.scrollHeight })
  await page.waitForTimeout(100)
  await show(page, conversation(63))
  await expect.poll(gap).toBeLessThan(5)
})
