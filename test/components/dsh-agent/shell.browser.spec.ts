// The widget shell's behaviour: a labelled region with a polite log (no main landmark), the empty
// state (heading, placeholder, suggestion chips that send, the model line), controls="reader",
// errors shown as dismissible notices in the reader's language, and theme="auto" following the page.
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { bootAgent, waitForTurnEnds } from '../../harness/agent-page.ts'

const errors = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))
const background = (page: Page) => page.locator('dsh-agent').evaluate((el) => getComputedStyle(el).backgroundColor)
/** Serves the test page with `<html style=…>` (the page's own color-scheme, there before the element starts). */
const htmlStyle = (page: Page, style: string) => page.route('**/test-pages/agent.html', async (route) => {
  const response = await route.fetch()
  await route.fulfill({ response, body: (await response.text()).replace('<html lang="en">', `<html lang="en" style="${style}">`) })
})
const DARK = 'rgb(13, 17, 23)'
const LIGHT = 'rgb(255, 255, 255)'

test('a labelled region holding a polite log, never a main landmark', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', attributes: { heading: 'Ask the docs' } })
  const region = page.getByRole('region', { name: 'Ask the docs' })
  await expect(region).toBeVisible()
  await expect(page.getByRole('main')).toHaveCount(0)
  await expect(region.getByRole('log', { name: 'Conversation' })).toHaveAttribute('aria-live', 'polite')
})

test('empty state: heading, placeholder, model line; a suggestion chip sends its question', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', script: [{ text: 'Install it with npm.' }], attributes: { heading: 'Ask about the install', placeholder: 'Your question…', suggestions: JSON.stringify(['How do I install it?', 'Where are the docs?']) } })
  await expect(page.locator('dsh-agent [part~="heading"]')).toHaveText('Ask about the install')
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Your question…')
  await expect(page.locator('dsh-agent [part~="model-line"]')).toHaveText('Answers come from a scripted demo model (no key, no network).')
  const chips = page.locator('dsh-agent [part~="suggestion"]')
  await expect(chips).toHaveText(['How do I install it?', 'Where are the docs?'])
  const chip = (await chips.first().boundingBox())!
  expect(chip.height).toBeGreaterThanOrEqual(44)
  await chips.first().click()
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('How do I install it?')
  await expect(page.locator('dsh-agent [part~="empty-state"]')).toHaveCount(0)
})

test('controls="reader" hides Compact, Sessions, Settings and Steer; Stop stays', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', script: [{ hang: true }], attributes: { controls: 'reader' } })
  for (const part of ['compact-button', 'sessions-toggle', 'settings-toggle']) await expect(page.locator(`dsh-agent [part~="${part}"]`)).toHaveCount(0)
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('go')
  await input.press('Enter')
  await expect(page.locator('dsh-agent [part~="stop-button"]')).toBeVisible()
  await expect(page.locator('dsh-agent [part~="send-button"]')).toBeHidden()
  await page.locator('dsh-agent [part~="stop-button"]').click()
  await waitForTurnEnds(page, 1)
  await expect(page.locator('dsh-agent [part~="send-button"]')).toHaveText('Send')
})

test('every dsh-error is also a dismissible notice saying what failed and what to do; the event stays', async ({ page }) => {
  await bootAgent(page, { storage: 'memory' })
  await page.locator('dsh-agent [part~="compact-button"]').click()
  const notice = page.locator('dsh-agent [part~="error-notice"]')
  await expect(notice).toHaveAttribute('role', 'alert')
  await expect(notice).toContainText('The conversation could not be compacted. There is nothing to compact yet: send a message first.')
  expect(await errors(page)).toEqual(['COMPACTION_NOTHING'])
  const dismiss = notice.locator('[part~="dismiss-button"]')
  const box = (await dismiss.boundingBox())!
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
  await dismiss.click()
  await expect(notice).toHaveCount(0)
})

test('notices speak the reader\'s language; a bad attribute and an import of a stored session are named', async ({ page }) => {
  await bootAgent(page, { storage: 'indexeddb', lang: 'zh', attributes: { suggestions: '["unclosed' } })
  const notices = page.locator('dsh-agent [part~="error-notice"]')
  await expect(notices.first()).toContainText('本页的一项设置无效')
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('dsh-agent [part~="export-button"]').first().click()])
  const jsonl = await readFile((await download.path())!, 'utf8')
  await page.locator('dsh-agent [part~="import-button"] input').setInputFiles({ name: 'again.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl) })
  await expect(notices.last()).toContainText('无法导入会话')
  await expect(notices.last()).toContainText('此会话已保存在这里')
  expect(await errors(page)).toEqual(['DSH_ATTRIBUTE_INVALID', 'SESSION_ALREADY_EXISTS'])
})

test.describe('theme="auto" follows the host page', () => {
  test('the page\'s color-scheme wins over the OS preference, both ways', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await htmlStyle(page, 'color-scheme: dark')
    await bootAgent(page, { storage: 'memory', theme: 'auto' })
    expect(await background(page)).toBe(DARK)
    await page.evaluate(() => { document.documentElement.style.colorScheme = 'light' })
    await expect.poll(() => background(page)).toBe(LIGHT)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(100)
    expect(await background(page), 'the page says light: the OS preference does not decide').toBe(LIGHT)
  })

  test('a color-scheme meta counts as the page\'s choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'dark' }))))
    await bootAgent(page, { storage: 'memory', theme: 'auto' })
    expect(await background(page)).toBe(DARK)
  })

  test('with no page scheme, prefers-color-scheme decides and is followed live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await bootAgent(page, { storage: 'memory', theme: 'auto' })
    expect(await background(page)).toBe(DARK)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => background(page)).toBe(LIGHT)
  })
})

test('keyboard focus is visible on every control it reaches', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', attributes: { suggestions: JSON.stringify(['One question']) } })
  const seen: string[] = []
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    const focus = await page.evaluate(() => {
      let el: Element | null = document.activeElement
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
      if (!el || el === document.body) return undefined
      const style = getComputedStyle(el)
      return { name: `${el.tagName.toLowerCase()}[${el.getAttribute('part') ?? ''}]`, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    if (!focus) continue
    seen.push(focus.name)
    expect(focus.outline, `${focus.name} shows its focus`).not.toBe('none')
    expect(focus.width, `${focus.name} focus ring width`).toBeGreaterThanOrEqual(2)
  }
  expect(seen).toEqual(expect.arrayContaining(['button[sessions-toggle]', 'button[suggestion]', 'textarea[input]']))
})

test('a launcher opened by the markup does not take focus on load', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', attributes: { mode: 'launcher', open: '' } })
  await expect(page.getByRole('region', { name: 'Assistant' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).not.toBeFocused()
  await page.locator('dsh-agent [part~="close-button"]').click()
  await expect(page.locator('dsh-agent [part~="launcher-button"]')).toBeFocused()
})
