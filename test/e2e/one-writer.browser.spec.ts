// One writer per session in real Chromium + IndexedDB (reliability.md M1–M3, D9): two `<dsh-agent>` pages
// on one session, the read-only banner, convergence, Take over, writer death (a follower takes over by itself), and hide-then-crash.
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'

const banner = (page: Page) => page.locator('dsh-agent [part~="read-only-banner"]')
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const assistant = (page: Page) => page.locator('dsh-agent [part~="assistant-message"]')

async function sessionIdOf(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { sessionId: string } }[] }).dshEvents.find((e) => e.type === 'dsh-ready')!.detail.sessionId)
}

/** How many pages/workers hold the session's Web Lock right now. */
async function writers(page: Page, sessionId: string): Promise<number> {
  return page.evaluate(async (name) => (await navigator.locks.query()).held?.filter((lock) => lock.name === name).length ?? 0, `dsh-session:${sessionId}`)
}

async function openTwo(page: Page, context: BrowserContext, writerScript: unknown[], followerScript: unknown[]): Promise<{ follower: Page; id: string }> {
  await bootAgent(page, { script: writerScript, storage: 'indexeddb' })
  const id = await sessionIdOf(page)
  const follower = await context.newPage()
  await bootAgent(follower, { script: followerScript, storage: 'indexeddb', session: id })
  return { follower, id }
}

test('two pages on one session: one writer, the other is read-only and converges on the transcript', async ({ page, context }) => {
  const { follower, id } = await openTwo(page, context, [{ reasoning: 'Plan.', text: 'Answer from the **writer**.' }], [])
  expect(await writers(page, id)).toBe(1)
  await expect(banner(follower)).toContainText('Open in another tab')
  await expect(banner(page)).toHaveCount(0)
  await expect(input(follower)).toBeDisabled()
  await expect(follower.locator('dsh-agent [part~="compact-button"]')).toBeDisabled()

  await send(page, 'hello from the writer')
  await waitForTurnEnds(page, 1)
  await expect(assistant(follower)).toContainText('Answer from the writer.')
  await expect.poll(() => transcriptText(follower)).toBe(await transcriptText(page))
  expect(await writers(follower, id)).toBe(1)
})

test('two <dsh-agent> in one page on one session: one writes, the other follows read-only', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'Answer seen by both elements.' }], storage: 'indexeddb' })
  const id = await sessionIdOf(page)
  await page.evaluate((session) => {
    const second = Object.assign(document.createElement('dsh-agent'), { id: 'second' })
    for (const [name, value] of [['provider', 'scripted'], ['script', '[]'], ['storage', 'indexeddb'], ['session', session]]) second.setAttribute(name!, value!)
    document.body.append(second)
  }, id)
  const [first, second] = [page.locator('dsh-agent').first(), page.locator('#second')]
  await expect(second.locator('[part~="read-only-banner"]')).toBeVisible()
  await expect(first.locator('[part~="read-only-banner"]')).toHaveCount(0)
  expect(await writers(page, id)).toBe(1)
  await first.getByRole('textbox', { name: 'Message' }).fill('both')
  await first.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(second.locator('[part~="assistant-message"]')).toContainText('Answer seen by both elements.')
  await expect(second.getByRole('textbox', { name: 'Message' })).toBeDisabled()
})

test('Take over: the new writer can send, the old page becomes read-only and follows', async ({ page, context }) => {
  const { follower, id } = await openTwo(page, context, [{ text: 'First answer.' }], [{ text: 'Answer after the take-over.' }])
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await expect(assistant(follower)).toContainText('First answer.')

  await banner(follower).locator('[part~="take-over-button"]').click()
  await expect(banner(follower)).toHaveCount(0)
  await expect(input(follower)).toBeEnabled()
  await expect(banner(page)).toBeVisible()
  await expect(input(page)).toBeDisabled()
  expect(await writers(page, id)).toBe(1)

  await send(follower, 'two')
  await expect(assistant(follower).last()).toContainText('Answer after the take-over.')
  await expect(assistant(page).last()).toContainText('Answer after the take-over.')
  await expect.poll(() => transcriptText(page)).toBe(await transcriptText(follower))
  await expect(follower.locator('dsh-agent [part~="user-message"]')).toHaveText(['one', 'two'])
})

test('Take over mid-turn (M3): the old writer stops, and both pages show the stored turn closed as interrupted', async ({ page, context }) => {
  const { follower } = await openTwo(page, context, [{ hang: true }], [{ text: 'Resumed here.' }])
  await send(page, 'go')
  await expect(assistant(follower)).toContainText('Thinking about it')
  await banner(follower).locator('[part~="take-over-button"]').click()
  await expect(banner(page)).toBeVisible()
  const interrupted = (p: Page) => p.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')
  await expect(interrupted(follower)).toHaveCount(1)
  await expect(interrupted(page)).toHaveCount(1)
  await expect(page.locator('dsh-agent [part~="turn-status"][data-reason="aborted"]')).toHaveCount(0) // its own unsaved close is gone
  await send(follower, 'next')
  await expect(assistant(page).last()).toContainText('Resumed here.')
  await expect.poll(() => transcriptText(page)).toBe(await transcriptText(follower))
})

test('writer closed mid-turn (M2): the follower becomes the writer by itself, the turn is repaired once, and it continues', async ({ page, context }) => {
  const { follower, id } = await openTwo(page, context, [{ hang: true }], [{ text: 'Continuing here.' }])
  await send(page, 'go')
  await expect(follower.locator('dsh-agent [part~="user-message"]')).toHaveText(['go'])
  await expect(banner(follower)).toBeVisible()
  await page.close()

  await expect(banner(follower)).toHaveCount(0) // no click: the released lock made it the writer
  await expect(input(follower)).toBeEnabled()
  expect(await writers(follower, id)).toBe(1)
  await expect(follower.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toHaveCount(1)
  await send(follower, 'again')
  await expect(assistant(follower).last()).toContainText('Continuing here.')
  await expect(follower.locator('dsh-agent [part~="user-message"]')).toHaveText(['go', 'again'])
  await expect(follower.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toHaveCount(1)
})

test('three pages, writer closed: exactly one follower becomes the writer, the other follows it', async ({ page, context }) => {
  const { follower: first, id } = await openTwo(page, context, [{ hang: true }], [{ text: 'From the successor.' }])
  const second = await context.newPage()
  await bootAgent(second, { script: [{ text: 'From the successor.' }], storage: 'indexeddb', session: id })
  await send(page, 'go')
  for (const follower of [first, second]) await expect(follower.locator('dsh-agent [part~="user-message"]')).toHaveText(['go'])
  await page.close()

  const bannered = async () => (await banner(first).count()) + (await banner(second).count())
  await expect.poll(async () => (await input(first).isEnabled()) !== (await input(second).isEnabled())).toBe(true)
  const [winner, other] = (await input(first).isEnabled()) ? [first, second] : [second, first]
  expect(await bannered()).toBe(1)
  await expect(banner(other)).toBeVisible()
  await expect(input(other)).toBeDisabled()
  expect(await writers(winner, id)).toBe(1)

  await send(winner, 'next')
  for (const p of [winner, other]) await expect(assistant(p).last()).toContainText('From the successor.')
  await expect.poll(async () => (await transcriptText(other)) === (await transcriptText(winner))).toBe(true)
  for (const p of [winner, other]) await expect(p.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toHaveCount(1)
  expect(await writers(other, id)).toBe(1)
  await expect(banner(other)).toBeVisible()
})

test('hide then crash (D9): the page asks for a flush, and what it showed before hiding is there after reopen', async ({ page, context }) => {
  await page.addInitScript(() => {
    const flushes: string[] = [] // storage.flush commands (with the visibility then) and persist() calls
    Object.assign(window, { dshFlushes: flushes })
    const post = Worker.prototype.postMessage
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      if (JSON.stringify(args[0] ?? null).includes('"storage.flush"')) flushes.push(document.visibilityState)
      return post.apply(this, args)
    } as Worker['postMessage']
    const persist = navigator.storage.persist.bind(navigator.storage)
    navigator.storage.persist = () => { flushes.push('persist'); return persist() }
  })
  await bootAgent(page, { script: [{ text: 'First answer.' }, { hang: true }], storage: 'indexeddb' })
  const id = await sessionIdOf(page)
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await send(page, 'two')
  await expect(assistant(page).last()).toContainText('Thinking about it') // streamed, then the model hangs: the turn stays open
  const shown = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    const transcript = document.querySelector('dsh-agent')!.shadowRoot!.querySelector('dsh-transcript')!.shadowRoot!
    return [...transcript.querySelectorAll('[part~="message"]')].map((el) => el.textContent!.trim())
  })
  const requests = () => page.evaluate(() => (window as unknown as { dshFlushes: string[] }).dshFlushes)
  await expect.poll(requests).toEqual(['persist', 'hidden']) // persistent storage asked once, at start
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
  await expect.poll(requests).toEqual(['persist', 'hidden', 'hidden'])

  const cdp = await context.newCDPSession(page)
  const crashed = page.waitForEvent('crash')
  void cdp.send('Page.crash').catch(() => undefined) // the renderer dies before it can answer
  await crashed

  const reopened = await context.newPage()
  await bootAgent(reopened, { storage: 'indexeddb', session: id })
  await expect(banner(reopened)).toHaveCount(0)
  await expect(reopened.locator('dsh-agent [part~="turn-status"][data-reason="interrupted"]')).toHaveCount(1)
  const messages = await reopened.locator('dsh-agent [part~="message"]').evaluateAll((els) => els.map((el) => el.textContent!.trim()))
  expect(shown).toEqual(['one', 'First answer.', 'two', 'Thinking about it'])
  expect(messages.slice(0, shown.length - 1)).toEqual(shown.slice(0, -1))
  expect(messages[shown.length - 1]).toContain(shown.at(-1)) // the cut-off reply, now marked interrupted
})
