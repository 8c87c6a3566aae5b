// A long transcript is windowed: only the items near the viewport of its scroll container are in
// the DOM (plus the focused item, pending approvals and the find match), whatever the session's
// length; scrolling draws other items on demand without moving what the reader looks at; it follows
// the latest message until the reader scrolls up; find works on the items, not on the DOM.
import { expect, test, type Page } from '@playwright/test'
import { WireLog } from '../../harness/wire-events.ts'
import type { WireEvent } from '../../../src/protocol/messages.ts'

function conversation(turns: number, from = 0): WireEvent[] {
  const log = new WireLog()
  for (let t = from; t < from + turns; t++) log.user(`question ${t}`).turn({ text: `answer ${t}${t % 7 === 0 ? '\n\nwith a second paragraph that makes this answer taller than the others' : ''}` })
  return log.events
}

/** Where the turn asking `question N` starts (its user message: the events before it are whole turns). */
const startOf = (events: WireEvent[], text: string) => events.findIndex((w) => w.event.type === 'user/message' && JSON.stringify(w.event.data).includes(`"${text}"`))

async function open(page: Page, height = 400): Promise<void> {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate((px) => {
    const box = Object.assign(document.createElement('div'), { id: 'box' })
    box.style.cssText = `height: ${px}px; overflow-y: auto; width: 600px`
    box.append(document.querySelector('dsh-transcript')!)
    document.body.prepend(box)
  }, height)
}

const show = (page: Page, events: WireEvent[]) => page.evaluate((wire) => (window as any).dshHarness.showTranscript(wire), events as unknown[])
const box = (page: Page) => page.locator('#box')
const gapToEnd = (page: Page) => box(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
const elements = (page: Page) => page.locator('dsh-transcript').evaluate((el) => el.shadowRoot!.querySelectorAll('*').length)
const userTexts = (page: Page) => page.locator('dsh-transcript').evaluate((el) => [...el.shadowRoot!.querySelectorAll('[part~="user-message"]')].map((m) => m.textContent!.trim()))
/** The user message nearest the top of the box and its distance from the box's top (px). */
const topMessage = (page: Page) => page.evaluate(() => {
  const boxTop = document.getElementById('box')!.getBoundingClientRect().top
  const messages = [...document.querySelector('dsh-transcript')!.shadowRoot!.querySelectorAll('[part~="user-message"]')]
  const visible = messages.map((m) => ({ text: m.textContent!.trim(), top: m.getBoundingClientRect().top - boxTop })).filter((m) => m.top >= 0)
  return visible.sort((a, b) => a.top - b.top)[0]
})
/** Waits two frames: the scroll handler's frame and the update it asked for. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))))

test('a 2,000-turn transcript holds a bounded DOM and shows its latest message', async ({ page }) => {
  await open(page)
  await show(page, conversation(2000))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  await expect(page.locator('dsh-transcript [part~="user-message"]').last()).toHaveText('question 1999')
  await expect(page.locator('dsh-transcript [part~="user-message"]').last()).toBeInViewport()
  expect(await elements(page)).toBeLessThan(600)
  expect(await userTexts(page)).not.toContain('question 0')
  const texts = await userTexts(page)
  expect(texts).toEqual([...texts].sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1])))
})

test('a short transcript is drawn whole', async ({ page }) => {
  await open(page, 2000)
  await show(page, conversation(5))
  expect(await userTexts(page)).toEqual(['question 0', 'question 1', 'question 2', 'question 3', 'question 4'])
})

test('scrolling up draws older items on demand and keeps the reader where they are', async ({ page }) => {
  await open(page)
  await show(page, conversation(300))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  // Scroll up in steps, as a wheel does: the message at the top stays put between steps (no jump).
  for (let i = 0; i < 15; i++) {
    await box(page).evaluate((el) => { el.scrollTop -= 700 })
    await settle(page)
    const before = await topMessage(page)
    expect(before).toBeDefined()
    await settle(page)
    const after = await topMessage(page)
    expect(after?.text).toBe(before!.text)
    expect(Math.abs(after!.top - before!.top)).toBeLessThan(2)
  }
  // All the way to the top: the first message is drawn, the latest is not.
  await expect.poll(async () => {
    await box(page).evaluate((el) => { el.scrollTop = 0 })
    await settle(page)
    return (await userTexts(page))[0]
  }).toBe('question 0')
  expect(await userTexts(page)).not.toContain('question 299')
  expect(await elements(page)).toBeLessThan(600)
})

test('older turns put before the drawn ones keep the reader at the same message', async ({ page }) => {
  await open(page)
  const all = conversation(400)
  const split = startOf(all, 'question 200')
  await show(page, all.slice(split))
  await page.locator('dsh-transcript').evaluate((el) => el.setAttribute('has-older', ''))
  await expect.poll(async () => {
    await box(page).evaluate((el) => { el.scrollTop = 0 })
    await settle(page)
    return (await userTexts(page))[0]
  }).toBe('question 200')
  const before = await topMessage(page)
  await page.evaluate((wire) => (window as any).dshHarness.prependTranscript(wire), all.slice(0, split) as unknown[])
  await settle(page)
  await settle(page)
  const after = await topMessage(page)
  expect(after?.text).toBe(before!.text)
  expect(Math.abs(after!.top - before!.top)).toBeLessThan(2)
  expect(await userTexts(page)).not.toContain('question 0')
})

test('a focused item stays in the DOM and keeps focus when the reader scrolls far away from it', async ({ page }) => {
  await open(page)
  await show(page, conversation(500))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  const fork = page.locator('dsh-transcript [part~="fork-button"]').last()
  await page.evaluate(() => document.querySelector('dsh-transcript')!.setAttribute('session-id', 's1'))
  await fork.focus()
  const focusedKey = await page.locator('dsh-transcript').evaluate((el) => (el.shadowRoot!.activeElement?.closest('.row') as HTMLElement | null)?.dataset.key)
  expect(focusedKey).toBeTruthy()
  for (let i = 0; i < 10; i++) {
    await box(page).evaluate((el) => { el.scrollTop = Math.max(0, el.scrollTop - 3000) })
    await settle(page)
  }
  expect(await userTexts(page)).not.toContain('question 499')
  const still = await page.locator('dsh-transcript').evaluate((el) => (el.shadowRoot!.activeElement?.closest('.row') as HTMLElement | null)?.dataset.key)
  expect(still).toBe(focusedKey)
  // Keyboard: Enter still acts on it, and Tab moves on from it inside the transcript.
  await page.keyboard.press('Shift+Tab')
  expect(await page.locator('dsh-transcript').evaluate((el) => el.shadowRoot!.activeElement?.getAttribute('part'))).toBe('fork-button')
})

test('Tab walks the turns in order across the window edge, each focused control scrolled into view', async ({ page }) => {
  await open(page)
  await show(page, conversation(300))
  await page.evaluate(() => document.querySelector('dsh-transcript')!.setAttribute('session-id', 's1'))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  await page.locator('dsh-transcript [part~="fork-button"]').last().focus()
  const turnOf = () => page.locator('dsh-transcript').evaluate((el) => {
    const row = el.shadowRoot!.activeElement?.closest('.row') as HTMLElement | null
    return row ? Number(/\d+/.exec(row.dataset.key!)![0]) : -1
  })
  let last = await turnOf()
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab')
    await settle(page)
    const now = await turnOf()
    expect(now).toBeGreaterThan(-1)
    expect(now).toBeLessThan(last)
    last = now
    await expect(page.locator('dsh-transcript').locator(':focus')).toBeInViewport()
  }
})

test('a pending approval stays drawn and reachable while the reader is elsewhere', async ({ page }) => {
  await open(page)
  const log = new WireLog()
  log.user('run it').add('turn/start', { turn: 1 }).add('tool/call', { turn: 1, step: 1, callId: 'c-wait', name: 'bash', arguments: '{"command":"ls"}' })
  for (let t = 0; t < 200; t++) log.add('llm/retry', { failure: { code: 'RATE_LIMITED', message: `busy ${t}` }, retry: t })
  await show(page, log.events)
  await page.evaluate(() => (window as any).dshHarness.ask({ id: 'q1', callId: 'c-wait', toolName: 'bash', arguments: '{"command":"ls"}', reason: { kind: 'preset' } }))
  await box(page).evaluate((el) => { el.scrollTop = el.scrollHeight })
  await settle(page)
  await settle(page)
  const reject = page.locator('dsh-transcript [part~="reject-button"]')
  await expect(reject).toHaveCount(1)
  await reject.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => (window as any).dshHarness.events.filter((e: { type: string }) => e.type === 'dsh-approval-decide').length)).toBe(1)
})

test('find: Ctrl+F searches the items, draws and scrolls to the match, Enter steps to older ones', async ({ page }) => {
  await open(page)
  await show(page, conversation(1000))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  await page.evaluate(() => document.querySelector('dsh-transcript')!.setAttribute('session-id', 's1'))
  await page.locator('dsh-transcript [part~="fork-button"]').last().focus()
  await page.keyboard.press('Control+f')
  const input = page.locator('dsh-transcript [part~="find-input"]')
  await expect(input).toBeFocused()
  await input.fill('question 17')
  // question 17 and 170–179: the newest first.
  await expect(page.locator('dsh-transcript [part~="find-status"]')).toHaveText('11 / 11')
  const current = page.locator('dsh-transcript .row[data-match]')
  await expect(current).toHaveText('question 179')
  await expect(current).toBeInViewport()
  await input.press('Enter')
  await expect(current).toHaveText('question 178')
  await expect(page.locator('dsh-transcript [part~="find-status"]')).toHaveText('10 / 11')
  for (let i = 0; i < 9; i++) await input.press('Enter')
  await expect(current).toHaveText('question 17')
  await expect(current).toBeInViewport()
  expect(await elements(page)).toBeLessThan(700)
  await input.press('Shift+Enter')
  await expect(current).toHaveText('question 170')
  await input.fill('no such words')
  await expect(page.locator('dsh-transcript [part~="find-status"]')).toHaveText('No match')
  await input.press('Escape')
  await expect(input).toHaveCount(0)
})

test('find past the loaded turns asks for older ones until a match is there', async ({ page }) => {
  await open(page)
  const all = conversation(60)
  const split = startOf(all, 'question 30')
  await show(page, all.slice(split))
  const transcript = page.locator('dsh-transcript')
  await transcript.evaluate((el) => el.setAttribute('has-older', ''))
  await transcript.evaluate((el) => el.addEventListener('dsh-history-request', () => {
    void (window as any).dshHarness.prependTranscript((window as any).older).then(() => el.removeAttribute('has-older'))
  }))
  await page.evaluate((wire) => { (window as any).older = wire }, all.slice(0, split) as unknown[])
  await transcript.evaluate((el) => (el as unknown as { openFind(): void }).openFind())
  await transcript.locator('[part~="find-input"]').fill('question 5')
  // question 50–59 are loaded: the newest of them first; stepping past the oldest loads the older page.
  await expect(transcript.locator('.row[data-match]')).toHaveText('question 59')
  for (let i = 0; i < 10; i++) await transcript.locator('[part~="find-input"]').press('Enter')
  await expect(transcript.locator('.row[data-match]')).toHaveText('question 5')
  await expect(transcript.locator('.row[data-match]')).toBeInViewport()
})

test('follows the latest message in its scroll container until the reader scrolls up', async ({ page }) => {
  await open(page, 300)
  await show(page, conversation(60))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  await show(page, conversation(61))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
  await box(page).evaluate((el) => { el.scrollTop = 0 })
  await page.waitForTimeout(100) // the scroll event
  await show(page, conversation(62))
  await page.waitForTimeout(100)
  expect(await box(page).evaluate((el) => el.scrollTop)).toBe(0)
  await box(page).evaluate((el) => { el.scrollTop = el.scrollHeight })
  await page.waitForTimeout(100)
  await show(page, conversation(63))
  await expect.poll(() => gapToEnd(page)).toBeLessThan(5)
})

test('a transcript that keeps growing keeps its rows container bounded, marker nodes included', async ({ page }) => {
  await open(page)
  const events = conversation(140)
  const turnEnds = events.flatMap((w, i) => (w.event.type === 'turn/end' ? [i + 1] : []))
  await show(page, events.slice(0, turnEnds[79]))
  for (const end of turnEnds.slice(80)) await show(page, events.slice(0, end)) // one turn more each time: the window slides 60 times
  await expect(page.locator('dsh-transcript [part~="user-message"]').last()).toHaveText('question 139')
  const { nodes, rows } = await page.locator('dsh-transcript').evaluate((el) => {
    const container = el.shadowRoot!.querySelector('.rows')!
    return { nodes: container.childNodes.length, rows: container.children.length }
  })
  expect(nodes).toBeLessThanOrEqual(3 * rows + 3) // each row or gap: itself and its two part markers
})
