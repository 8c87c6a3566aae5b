// <dsh-agent> is move-safe (a DOM move keeps its worker and, with storage="memory", its conversation;
// only a removal that lasts tears it down) and live (attributes changed after start apply).
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'

const readyCount = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.filter((e) => e.type === 'dsh-ready').length)
const assistant = (page: Page) => page.locator('dsh-agent [part~="assistant-message"]')

test('moving the element keeps its worker and its in-memory conversation', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', script: [{ text: 'first answer' }, { text: 'second answer' }] })
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await page.evaluate(() => {
    const box = Object.assign(document.createElement('section'), { id: 'elsewhere' })
    document.body.append(box)
    box.append(document.querySelector('dsh-agent')!) // a move: removed and inserted in the same task
  })
  await page.waitForTimeout(200) // past the deferred teardown a real removal would run
  await expect(page.locator('#elsewhere dsh-agent [part~="user-message"]')).toHaveText('one')
  await send(page, 'two')
  await waitForTurnEnds(page, 2)
  await expect(assistant(page).last()).toContainText('second answer') // the same worker: its script went on
  expect(await readyCount(page), 'no second start').toBe(1)
})

test('an element removed for good is torn down; put back later it starts afresh', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', script: [{ text: 'first answer' }] })
  await send(page, 'one')
  await waitForTurnEnds(page, 1)
  await page.evaluate(async () => {
    const agent = document.querySelector('dsh-agent')!
    agent.remove()
    await new Promise((resolve) => setTimeout(resolve, 100))
    document.body.append(agent)
  })
  await expect.poll(() => readyCount(page)).toBe(2)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveCount(0) // a memory session lives no longer than its worker
})

test('live attributes: script, model line, lang and theme apply after start', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', theme: 'light', script: [{ text: 'from the first script' }] })
  const agent = page.locator('dsh-agent')
  await agent.evaluate((el) => el.setAttribute('script', JSON.stringify([{ text: 'from the second script' }])))
  await send(page, 'which script?')
  await waitForTurnEnds(page, 1)
  await expect(assistant(page).last()).toContainText('from the second script')
  await agent.evaluate((el) => { el.setAttribute('lang', 'zh'); el.setAttribute('theme', 'dark') })
  await expect(page.locator('dsh-agent [part~="send-button"]')).toHaveText('发送')
  await expect(agent).toHaveCSS('background-color', 'rgb(13, 17, 23)')
})

test('live provider attributes restart the runtime with them and the model line follows', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', script: [{ text: 'hi' }] })
  await expect(page.locator('dsh-agent [part~="model-line"]')).toContainText('scripted demo model')
  await page.locator('dsh-agent').evaluate((el) => {
    el.setAttribute('provider', 'openai-compatible')
    el.setAttribute('model', 'deepseek-chat')
    el.setAttribute('base-url', 'http://127.0.0.1:9/v1')
  })
  await expect(page.locator('dsh-agent [part~="model-line"]')).toHaveText('Answers come from deepseek-chat · 127.0.0.1:9')
  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  await expect(page.locator('dsh-agent [part~="provider-select"]')).toHaveValue('openai-compatible')
  await expect(page.locator('dsh-agent [part~="base-url-input"]')).toHaveValue('http://127.0.0.1:9/v1')
})

test('a live session attribute opens that stored session', async ({ page }) => {
  await bootAgent(page, { storage: 'indexeddb', script: [{ text: 'answer in the first session' }] })
  const first = await page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { sessionId: string } }[] }).dshEvents.find((e) => e.type === 'dsh-ready')!.detail.sessionId)
  await send(page, 'first')
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  await page.locator('dsh-agent [part~="new-button"]').click()
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveCount(0)
  await page.locator('dsh-agent').evaluate((el, id) => el.setAttribute('session', id), first)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('first')
  await expect(page.locator(`dsh-agent [part~="session"][data-session-id="${first}"]`)).toHaveAttribute('aria-current', 'true')
})
