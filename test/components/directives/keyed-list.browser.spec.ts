// keyedList draws one element per key, keeps it with its item (moving only items out of order, so a
// focused one stays put), and takes a dropped item out whole: the list's comment markers stay two
// per item however often items come and go (Lit's `repeat` in lit-html 3.3.1–3.3.3 leaves one
// marker behind per dropped item, lit/lit#5298).
import { expect, test, type Page } from '@playwright/test'

const renderKeyed = (page: Page, keys: string[]) => page.evaluate((k) => (window as any).dshHarness.renderKeyed(k) as { texts: string[]; serials: number[]; comments: number; focused: string | null }, keys)
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `k${from + i}`)

test.beforeEach(async ({ page }) => {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
})

test('items keep their element when kept, moved or joined by others, in the order given', async ({ page }) => {
  const first = await renderKeyed(page, ['a', 'b', 'c', 'd'])
  expect(first.texts).toEqual(['a', 'b', 'c', 'd'])
  const serial = Object.fromEntries(first.texts.map((t, i) => [t, first.serials[i]]))
  const moved = await renderKeyed(page, ['d', 'x', 'b', 'a'])
  expect(moved.texts).toEqual(['d', 'x', 'b', 'a'])
  expect(moved.serials[0]).toBe(serial['d'])
  expect(moved.serials[2]).toBe(serial['b'])
  expect(moved.serials[3]).toBe(serial['a'])
  expect(moved.serials[1]).toBeGreaterThan(Math.max(...first.serials))
  const reversed = await renderKeyed(page, ['a', 'b', 'x', 'd'])
  expect(reversed.texts).toEqual(['a', 'b', 'x', 'd'])
  expect(reversed.serials).toEqual([moved.serials[3], moved.serials[2], moved.serials[1], moved.serials[0]])
})

test('a rotation moves only the item out of order: a focused item in the run that stays keeps the focus', async ({ page }) => {
  await renderKeyed(page, ['a', 'b', 'c', 'd'])
  await page.evaluate(() => (window as any).dshHarness.focusKeyed('c'))
  const rotated = await renderKeyed(page, ['b', 'c', 'd', 'a'])
  expect(rotated.texts).toEqual(['b', 'c', 'd', 'a'])
  expect(rotated.focused).toBe('c')
  const back = await renderKeyed(page, ['a', 'b', 'c', 'd'])
  expect(back.focused).toBe('c')
})

test('duplicate keys each get an element; emptied and refilled lists draw what they are given', async ({ page }) => {
  expect((await renderKeyed(page, ['a', 'a', 'b'])).texts).toEqual(['a', 'a', 'b'])
  expect((await renderKeyed(page, ['b', 'a'])).texts).toEqual(['b', 'a'])
  expect((await renderKeyed(page, [])).texts).toEqual([])
  expect((await renderKeyed(page, ['c', 'a'])).texts).toEqual(['c', 'a'])
})

test('a window sliding over 1,000 items keeps two markers per drawn item, no more', async ({ page }) => {
  let last = await renderKeyed(page, range(0, 20))
  for (let start = 1; start <= 1000; start += 3) last = await renderKeyed(page, range(start, start + 20))
  expect(last.texts).toEqual(range(1000, 1020))
  expect(last.comments).toBe(2 * 20 + 3) // two per item, three for the rendered template itself
})
