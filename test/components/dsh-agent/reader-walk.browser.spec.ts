// The widget as a reader meets it (issue 32, items 7–11, 13, 14), at phone, tablet and desktop widths,
// light and dark: the host's height sizes the widget; axe on the WHOLE page (a host page with its own
// h1) finds nothing while an approval waits, a question is asked or a panel is open; a failed turn
// says what failed and what to do in the reader's language; a tall question card never hides under
// the composer; the sessions panel below 720 px has a close button and Escape and shows a reply that
// arrived; reader mode has no fork, a chip keeps focus in the widget, the header takes a site title
// and logo; a diff scrolls by keyboard, the fork marker is drawn. Screenshots go to /tmp/widget-*.png.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, clickTool, send, waitForTurnEnds } from '../../harness/agent-page.ts'
import { axeViolations } from '../../harness/axe.ts'

const viewports = [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]
const themes = ['light', 'dark'] as const
const agent = (page: Page, part: string) => page.locator(`dsh-agent [part~="${part}"]`)
const boxOf = async (page: Page, part: string) => (await agent(page, part).first().boundingBox())!

/** A host page as a site has it: its own h1 in a main landmark, the widget after it. */
async function hostPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const main = document.createElement('main')
    main.innerHTML = '<h1>Product docs</h1><p>Ask the assistant below.</p>'
    document.body.prepend(main)
    main.append(document.querySelector('dsh-agent')!)
  })
}

/** The element under (x, y), through every shadow root. */
function deepHit(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(([px, py]) => {
    let el: Element | null = document.elementFromPoint(px!, py!)
    while (el?.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(px!, py!)
      if (!inner || inner === el) break
      el = inner
    }
    return el ? `${el.tagName.toLowerCase()}${el.getAttribute('part') ? `[${el.getAttribute('part')}]` : ''}` : ''
  }, [x, y])
}

const edit = { toolCalls: [{ name: 'write', arguments: { file_path: 'wide.txt', content: `${'a-very-long-line-without-any-break-'.repeat(12)}\n` } }] }
const tallQuestion = {
  text: 'Before I write it:', toolCalls: [{ name: 'ask_user_question', arguments: { questions: [
    { id: 'lang', header: 'Language', question: 'Which language should the example use?', options: ['TypeScript', 'Python', 'Go', 'Rust', 'Java'].map((label) => ({ label, description: `Write it in ${label}` })), multi_select: false },
    { id: 'topics', question: 'Which topics should it cover?', options: ['Install', 'Configure', 'Deploy', 'Upgrade', 'Monitor', 'Debug'].map((label) => ({ label })), multi_select: true },
  ] } }],
}

for (const viewport of viewports) {
  test(`item 7 at ${viewport.width}: a host's height sizes the inline widget; none gives 600 px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await bootAgent(page, { storage: 'memory', attributes: { style: 'height: 760px' } })
    const hostBox = async () => (await page.locator('dsh-agent').boundingBox())!
    expect(Math.round((await hostBox()).height)).toBe(760)
    const base = await boxOf(page, 'base')
    expect(base.height, 'the widget fills its host (inside its 1 px border)').toBeGreaterThanOrEqual(757)
    const composer = (await page.locator('dsh-agent dsh-composer').boundingBox())!
    expect(base.y + base.height - (composer.y + composer.height), 'no empty band under the composer').toBeLessThanOrEqual(2)
    await page.locator('dsh-agent').evaluate((el) => el.removeAttribute('style'))
    await expect.poll(async () => Math.round((await hostBox()).height)).toBe(600)
  })

  for (const theme of themes) {
    const tag = `${viewport.width}-${theme}`

    test(`item 8 at ${tag}: axe on the whole host page finds nothing — empty, approval waiting, question, sessions, settings`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script: [edit, { text: 'written' }, tallQuestion, { text: 'thanks' }], storage: 'indexeddb', theme, attributes: { suggestions: JSON.stringify(['What can you do?']) } })
      await hostPage(page)
      expect(await axeViolations(page, 'html'), 'empty').toEqual([])
      await send(page, 'write it')
      await expect(agent(page, 'approval')).toBeVisible()
      expect(await axeViolations(page, 'html'), 'approval waiting').toEqual([])
      // Item 14: the wide diff scrolls sideways and takes focus; the waiting card's icon is no "?".
      await expect(agent(page, 'diff-body')).toHaveAttribute('tabindex', '0')
      await expect(agent(page, 'tool-status').first()).not.toHaveText('?')
      await page.screenshot({ path: `/tmp/widget-approval-${tag}.png` })
      await agent(page, 'allow-button').click()
      await waitForTurnEnds(page, 1)
      await send(page, 'ask me')
      await expect(page.locator('dsh-agent dsh-question-card [part~="question-card"]')).toBeVisible()
      expect(await axeViolations(page, 'html'), 'question asked').toEqual([])
      await page.locator('dsh-agent dsh-question-card').getByRole('radio', { name: /Python/ }).click()
      await page.locator('dsh-agent dsh-question-card').getByRole('button', { name: 'Answer' }).click()
      await waitForTurnEnds(page, 2)
      await clickTool(page, 'sessions-toggle')
      await expect(agent(page, 'session')).toHaveCount(1)
      expect(await axeViolations(page, 'html'), 'sessions panel').toEqual([])
      await clickTool(page, 'settings-toggle')
      await expect(agent(page, 'delete-all-button')).toBeVisible()
      expect(await axeViolations(page, 'html'), 'settings panel').toEqual([])
    })

    test(`item 10 at ${tag}: a tall question card shares the column with the composer and scrolls inside itself`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script: [{ text: 'Sure.' }, tallQuestion, { text: 'thanks' }], storage: 'memory', theme })
      await send(page, 'hello')
      await waitForTurnEnds(page, 1)
      await send(page, 'write an example')
      const host = page.locator('dsh-agent dsh-question-card')
      await expect(host.locator('[part~="question-card"]')).toBeVisible()
      const card = (await host.boundingBox())!
      const composer = await boxOf(page, 'composer')
      const main = await boxOf(page, 'main')
      const base = await boxOf(page, 'base')
      expect(card.y + card.height, 'the card ends above the composer').toBeLessThanOrEqual(composer.y + 1)
      expect(main.height, 'the conversation keeps room').toBeGreaterThanOrEqual(base.height * 0.3)
      expect(await host.evaluate((el) => el.scrollHeight > el.clientHeight), 'a tall card scrolls inside itself').toBe(true)
      const answer = (await host.getByRole('button', { name: 'Answer' }).boundingBox())!
      expect(answer.y + answer.height, 'Answer shows inside the card').toBeLessThanOrEqual(card.y + card.height + 1)
      expect(await deepHit(page, answer.x + answer.width / 2, answer.y + answer.height / 2), 'a tap on Answer reaches it').toMatch(/^button/)
      await page.screenshot({ path: `/tmp/widget-question-${tag}.png` })
    })
  }

  test(`item 9 at ${viewport.width}: a failed turn says what failed and what to do, the code in its details (en and zh)`, async ({ page }) => {
    await page.setViewportSize(viewport)
    for (const lang of ['en', 'zh'] as const) {
      await bootAgent(page, { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', storage: 'memory', lang })
      await page.getByRole('textbox').first().fill('hello')
      await page.getByRole('textbox').first().press('Enter')
      const status = agent(page, 'turn-status').and(page.locator('[data-reason="error"]'))
      await expect(status).toBeVisible({ timeout: 20_000 })
      const words = lang === 'en' ? ['The assistant could not answer', 'add one in Settings'] : ['助手未能回答', '在“设置”中添加']
      for (const w of words) await expect(status).toContainText(w)
      await expect(status.locator('details')).not.toHaveAttribute('open')
      expect(await status.evaluate((el) => (el as HTMLElement).innerText), 'the code is not in the visible line').not.toContain('(MISSING_CREDENTIAL)')
      await status.locator('summary').click()
      await expect(status.locator('details')).toContainText('MISSING_CREDENTIAL')
      if (viewport.width !== 768) await page.screenshot({ path: `/tmp/widget-failed-${lang}-${viewport.width}.png` })
    }
  })
}

for (const viewport of [viewports[0]!, viewports[1]!]) {
  for (const theme of themes) {
    test(`item 11 at ${viewport.width}-${theme}: the sessions panel has a close button and Escape, and says when a reply arrived`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script: [{ text: 'First answer.' }, { text: 'The late reply.', delayMs: 1500 }], storage: 'indexeddb', theme })
      await send(page, 'one')
      await waitForTurnEnds(page, 1)
      await clickTool(page, 'sessions-toggle')
      await expect(agent(page, 'session')).toHaveCount(1)
      await agent(page, 'panel-close-button').click()
      await expect(agent(page, 'panel')).toBeHidden()
      // Focus goes back to what opened the panel: its toggle, or the overflow menu's button the toggle folds into.
      const opener = (await agent(page, 'sessions-toggle').isVisible()) ? agent(page, 'sessions-toggle') : agent(page, 'more-button')
      await expect(opener).toBeFocused()
      await clickTool(page, 'sessions-toggle')
      await expect(agent(page, 'panel')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(agent(page, 'panel')).toBeHidden()
      await expect(opener).toBeFocused()
      // A reply that arrives while the panel covers the conversation is announced in the panel.
      await send(page, 'two')
      await clickTool(page, 'sessions-toggle')
      await expect(agent(page, 'reply-notice')).toBeVisible({ timeout: 20_000 })
      await expect(agent(page, 'reply-notice')).toHaveAttribute('role', 'status')
      expect(await axeViolations(page), 'reply notice').toEqual([])
      await page.screenshot({ path: `/tmp/widget-panel-reply-${viewport.width}-${theme}.png` })
      await agent(page, 'show-reply-button').click()
      await expect(agent(page, 'panel')).toBeHidden()
      await expect(agent(page, 'assistant-message').last()).toContainText('The late reply.')
    })
  }
}

test('item 13: reader mode has no fork; a chip keeps focus in the widget so Escape closes the launcher; header-title and a logo slot', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await bootAgent(page, { script: [{ text: 'Reader answer.' }], storage: 'memory', attributes: { mode: 'launcher', open: '', controls: 'reader', 'header-title': 'Acme help', suggestions: JSON.stringify(['How do I start?']) } })
  await page.locator('dsh-agent').evaluate((el) => {
    const logo = Object.assign(document.createElement('img'), { alt: 'Acme', width: 24, height: 24, src: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"%3E%3Crect width="1" height="1" fill="%23d33"/%3E%3C/svg%3E' })
    logo.slot = 'logo'
    el.append(logo)
  })
  await expect(agent(page, 'title')).toHaveText('Acme help')
  expect(await page.locator('dsh-agent').getAttribute('title')).toBeNull()
  const logo = (await page.locator('dsh-agent > img[slot="logo"]').boundingBox())!
  const header = await boxOf(page, 'header')
  expect(logo.y >= header.y && logo.y + logo.height <= header.y + header.height, 'the logo sits in the header').toBe(true)
  await agent(page, 'suggestion').click()
  await waitForTurnEnds(page, 1)
  const focused = await page.evaluate(() => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.tagName.toLowerCase()
  })
  expect(focused, 'focus stays in the widget').toBe('textarea')
  await expect(agent(page, 'fork-button')).toHaveCount(0)
  await page.screenshot({ path: '/tmp/widget-reader-390.png' })
  await page.keyboard.press('Escape')
  await expect(agent(page, 'base')).toBeHidden()
})

test('item 14: the fork marker is a drawn icon, not the ⑂ character', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'One.' }], storage: 'memory' })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  await agent(page, 'fork-button').click()
  await clickTool(page, 'sessions-toggle')
  const marker = agent(page, 'fork-marker')
  await expect(marker).toHaveCount(1)
  await expect(marker.locator('svg')).toHaveCount(1)
  expect(await marker.textContent()).not.toContain('⑂')
  await expect(marker).toHaveAttribute('aria-label', 'fork')
  const size = (await marker.locator('svg').boundingBox())!
  expect(size.width).toBeGreaterThan(8)
})

for (const viewport of viewports) {
  for (const mode of ['inline', 'launcher'] as const) {
    test(`item 13 at ${viewport.width} ${mode}: the header stays one row; the tools fold into a menu where the widget is narrow`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await bootAgent(page, { storage: 'memory', attributes: mode === 'launcher' ? { mode, open: '' } : {} })
      const header = await boxOf(page, 'header')
      expect(header.height, 'one 44 px row and its padding').toBeLessThanOrEqual(60)
      const narrow = await agent(page, 'more-button').isVisible()
      expect(narrow, 'the menu where the widget is under 600 px').toBe(mode === 'launcher' || viewport.width < 600)
      if (narrow) {
        await agent(page, 'more-button').click()
        await expect(agent(page, 'more-button')).toHaveAttribute('aria-expanded', 'true')
        for (const part of ['compact-button', 'trim-button', 'sessions-toggle', 'settings-toggle']) await expect(agent(page, part)).toBeVisible()
        expect(await axeViolations(page), 'menu open').toEqual([])
        await page.screenshot({ path: `/tmp/widget-menu-${viewport.width}-${mode}.png` })
        await page.keyboard.press('Escape')
        await expect(agent(page, 'sessions-toggle')).toBeHidden()
        await expect(agent(page, 'base')).toBeVisible() // Escape closed the menu, not the widget
        await clickTool(page, 'sessions-toggle')
        await expect(agent(page, 'panel')).toBeVisible()
      }
    })
  }
}

for (const viewport of viewports) {
  for (const theme of themes) {
    test(`item 13 at ${viewport.width} ${theme}: offline, the banners take the row below the header, which stays one row`, async ({ page, context }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      const offlineModules = new Set<string>()
      page.on('requestfinished', (request) => { if (/\/offline-(controller|status)-[^/]*\.js$/.test(request.url())) offlineModules.add(request.url()) })
      await bootAgent(page, { storage: 'memory', theme, script: [{ text: 'Answered.' }] })
      await expect(agent(page, 'banners')).toBeHidden() // nothing to say: no empty row
      await send(page, 'hello')
      await waitForTurnEnds(page, 1)
      await expect.poll(() => offlineModules.size, { message: 'the network status loads after the first answer' }).toBe(2)
      await context.setOffline(true)
      await expect(agent(page, 'offline-banner')).toBeVisible()
      const header = await boxOf(page, 'header')
      const banners = await boxOf(page, 'banners')
      expect(header.height, 'one 44 px row and its padding').toBeLessThanOrEqual(60)
      expect(banners.y, 'the banners sit below the header').toBeGreaterThanOrEqual(header.y + header.height - 1)
      expect(await agent(page, 'network-status').isVisible(), 'the chip stays in the header').toBe(true)
      const chip = await boxOf(page, 'network-status')
      expect(chip.x + chip.width, 'the chip fits the header').toBeLessThanOrEqual(header.x + header.width)
      expect(await axeViolations(page), 'offline').toEqual([])
      await page.screenshot({ path: `/tmp/widget-offline-${viewport.width}-${theme}.png` })
      await context.setOffline(false)
    })
  }
}
