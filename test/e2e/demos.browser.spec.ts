// Each demo page (index, docs embed, playground, offline sessions) completes its scripted flow with no key, and no request leaves the machine.
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { guardLocalOnly } from '../harness/local-only.ts'
import { measureWidget } from '../harness/widget-geometry.ts'
import { axeViolations } from '../harness/axe.ts'

let outside: string[] = []
test.beforeEach(async ({ context }) => { outside = await guardLocalOnly(context) })
test.afterEach(() => { expect(outside, 'requests to non-local hosts').toEqual([]) })

async function ask(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}

const turns = (page: Page, count: number) => expect(page.locator('body')).toHaveAttribute('data-turns', String(count), { timeout: 20_000 })
const allow = (page: Page) => page.locator('dsh-agent [part~="approval"] [part~="allow-button"]').click()

test('the index links the three demos', async ({ page }) => {
  await page.goto('/')
  for (const [name, path] of [['Docs embed', '/docs/'], ['Playground', '/playground/'], ['Offline sessions', '/sessions/']]) {
    await page.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await page.waitForSelector('body[data-ready]')
    await page.goBack()
  }
})

test('docs embed, grounded: instructions, a site skill, web_fetch of the site\'s pages, one question, then the example runs', async ({ page, context }) => {
  const fetched: string[] = []
  context.on('request', (request) => { fetched.push(new URL(request.url()).pathname) })
  await page.goto('/docs/')
  await page.waitForSelector('body[data-ready]')
  await expect(page.locator('article pre').nth(1)).toContainText('uniq -c')
  await ask(page, 'How do I find the most common words?')
  // The reader is asked one question inline, in the composer area, before anything runs.
  const card = page.locator('dsh-agent dsh-question-card [part~="question-card"]')
  await expect(card).toContainText('Which count do you need?')
  await card.getByRole('radio', { name: /Most frequent words/ }).click()
  await card.getByRole('button', { name: 'Answer' }).click()
  await allow(page)
  await turns(page, 1)
  const transcript = page.locator('dsh-agent dsh-transcript')
  // The site's instructions and the workspace's AGENTS.md entered as one collapsed notice.
  await expect(transcript.locator('[part~="instructions"] summary')).toHaveText('Instructions: site instructions, AGENTS.md')
  const cards = transcript.locator('[part~="tool-card"]')
  await expect(cards).toHaveCount(6)
  await expect(cards.nth(0)).toContainText('explain-a-recipe')
  await expect(cards.nth(1)).toContainText('/docs/llms.txt (HTTP 200)')
  await expect(cards.nth(2)).toContainText('/docs/guide/sorting-and-counting.html (HTTP 200)')
  await expect(cards.nth(3)).toContainText('"selected":["Most frequent words (Recommended)"]')
  await expect(cards.nth(5).locator('[part~="terminal"]')).toContainText(/6 the\s+3 on\s+2 valley/)
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('scripted demo model')
  // Grounding came from this site only: the index, the skill body (on first use), the pages.
  for (const path of ['/docs/agent-instructions.md', '/docs/skills/index.json', '/docs/skills/explain-a-recipe.md', '/docs/llms.txt', '/docs/guide/sorting-and-counting.html']) expect(fetched).toContain(path)
})

test('docs embed: the guide pages and llms.txt are real pages of the site', async ({ page, request }) => {
  const llms = await (await request.get('/docs/llms.txt')).text()
  expect(llms).toContain('[Counting words](guide/counting-words.html)')
  for (const link of ['guide/counting-words.html', 'guide/sorting-and-counting.html']) {
    await page.goto(`/docs/${link}`)
    await expect(page.locator('main h1')).toBeVisible()
  }
})

test('playground: reasoning, todos, read, write, approved bash, an edit as a diff; the workspace beside it follows live', async ({ page }) => {
  await page.goto('/playground/')
  await page.waitForSelector('body[data-ready]')
  const workspace = page.locator('dsh-workspace')
  const tree = workspace.getByRole('tree', { name: 'Files' })
  await expect(tree.getByRole('treeitem')).toHaveText(['README.md', 'data', 'scripts'])
  await tree.getByRole('treeitem', { name: 'scripts' }).click()
  await expect(tree.getByRole('treeitem')).toHaveText(['README.md', 'data', 'scripts', 'list.sh'])
  await ask(page, 'write a hello script')
  await expect(page.locator('dsh-agent details[part~="reasoning"]')).toBeVisible()
  for (const verb of ['Write', 'Run', 'Edit']) { // the "ask" preset asks before every change (write, bash, edit)
    await expect(page.locator('dsh-agent [part~="approval"] [part~="tool-verb"]')).toHaveText(verb)
    await allow(page)
  }
  await turns(page, 1)
  const transcript = page.locator('dsh-agent dsh-transcript')
  await expect(transcript.locator('[part~="terminal"]').first()).toContainText('hello from the browser, Ada')
  await expect(transcript.locator('[part~="diff"]').last()).toContainText('hello, world — from your browser')
  await expect(transcript.locator('[part~="todos"]').last()).toContainText('Polish the greeting')
  await expect(tree.getByRole('treeitem', { name: 'hello.sh' })).toBeVisible() // the agent's write reached the open folder live
  await tree.getByRole('treeitem', { name: 'hello.sh' }).click()
  await expect(workspace.locator('dsh-editor-pane .cm-content')).toContainText('hello, world — from your browser, $name')
  await expect.poll(() => workspace.locator('dsh-terminal-pane').evaluate((el) => (el as unknown as { screenText: string }).screenText)).toContain('[agent] $ sh scripts/hello.sh && ls scripts')
  await expect(page.locator('#shell-note')).toContainText('cross-origin isolated, so a WebContainer can run here')
  await expect(page.locator('#shell-note').getByRole('link', { name: 'use a WebContainer' })).toHaveAttribute('href', './?workspace=webcontainer')
})

test('offline sessions: with the network off, reopen, read, fork, export and import', async ({ page, context }) => {
  // Export and import are fetched after the first turn ends (warm-parts): the network goes off once they arrived.
  const warmed = ['session-export', 'jsonl'].map((name) => new Promise<void>((resolve) => {
    // The agent worker's own fetch (the service worker's precache fetches the same files).
    context.on('requestfinished', (request) => void (!request.serviceWorker() && new RegExp(`/${name}-[^/]*\\.js$`).test(new URL(request.url()).pathname) && resolve()))
  }))
  await page.goto('/sessions/')
  await page.waitForSelector('body[data-ready]')
  await ask(page, 'remember this')
  await turns(page, 1)
  await Promise.all(warmed)
  await context.setOffline(true)
  const sessions = page.locator('dsh-agent [part~="session"]')
  await expect(sessions).toHaveCount(1)
  await page.locator('dsh-agent [part~="new-button"]').click()
  await expect(sessions).toHaveCount(2)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveCount(0)
  await page.locator('dsh-agent [part~="session"][aria-current="false"] [part~="open-button"]').click()
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('remember this')
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('stored in this browser')
  await page.locator('dsh-agent dsh-transcript').getByRole('button', { name: 'Fork from here' }).first().click()
  await expect(sessions).toHaveCount(3)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('remember this')
  const [download] = await Promise.all([page.waitForEvent('download'), sessions.first().locator('[part~="export-button"]').click()])
  const jsonl = await readFile((await download.path())!, 'utf8')
  expect(JSON.parse(jsonl.split('\n')[0]!)).toMatchObject({ type: 'session' })
  await page.locator('dsh-agent [part~="import-button"] input').setInputFiles({ name: 'copy.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl.replace(/"id":"[^"]+"/, '"id":"imported-session-1"')) })
  await expect(sessions).toHaveCount(4)
  expect(page.url()).toContain('/sessions/')
})

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

  test('docs: the article reads full width above the agent; nothing scrolls sideways', async ({ page }, info) => {
    await page.goto('/docs/')
    await page.waitForSelector('body[data-ready]')
    const article = (await page.locator('article').boundingBox())!
    const agent = (await page.locator('dsh-agent').boundingBox())!
    expect(article.width).toBeGreaterThan(340)
    expect(article.y + article.height).toBeLessThanOrEqual(agent.y)
    expect(agent.width).toBeGreaterThan(340)
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: info.outputPath('docs-390.png'), fullPage: true })
    await page.locator('dsh-agent [part~="suggestion"]').click()
    const card = page.locator('dsh-agent dsh-question-card [part~="question-card"]')
    await card.getByRole('radio', { name: /Most frequent words/ }).click()
    await card.getByRole('button', { name: 'Answer' }).click()
    await allow(page)
    await turns(page, 1)
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await page.locator('dsh-agent').screenshot({ path: info.outputPath('docs-390-answered.png') })
    await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('scripted demo model')
  })

  test('playground: the workspace shows one pane at a time behind tabs; the agent tab holds a usable message box', async ({ page }, info) => {
    await page.goto('/playground/')
    await page.waitForSelector('body[data-ready]')
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
    await page.locator('dsh-workspace').getByRole('tab', { name: 'Agent' }).click()
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.scrollIntoViewIfNeeded()
    await input.click()
    await expect(input).toBeFocused()
    const send = (await page.locator('dsh-agent [part~="send-button"]').boundingBox())!
    expect(Math.min(send.width, send.height)).toBeGreaterThanOrEqual(44)
    expect(send.x + send.width).toBeLessThanOrEqual(390)
    await page.screenshot({ path: info.outputPath('playground-390.png'), fullPage: true })
  })

  test('offline sessions: the header\'s four tools keep whole labels in its menu (never shrunk under their text)', async ({ page }, info) => {
    await page.goto('/sessions/')
    await page.waitForSelector('body[data-ready]')
    await ask(page, 'remember this')
    await turns(page, 1)
    await page.locator('dsh-agent [part~="more-button"]').click() // at 390 px the tools fold into the header's menu
    await expect(page.locator('dsh-agent [part~="compact-button"]')).toBeVisible()
    const g = await page.evaluate(measureWidget, ['compact-button', 'trim-button', 'sessions-toggle', 'settings-toggle'])
    expect(Object.keys(g.controls).sort()).toEqual(['compact-button', 'sessions-toggle', 'settings-toggle', 'trim-button'])
    expect(g.clippedButtons).toEqual([])
    expect(g.outside).toEqual([])
    await page.locator('dsh-agent').screenshot({ path: info.outputPath('sessions-390.png') })
  })
})

test.describe('in a dark colour scheme', () => {
  test.use({ colorScheme: 'dark' })

  for (const path of ['/', '/docs/', '/playground/', '/sessions/']) {
    test(`${path}: the page is dark around the dark widget, and axe finds nothing on the page`, async ({ page }, info) => {
      await page.goto(path)
      if (path !== '/') await page.waitForSelector('body[data-ready]')
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 17, 21)')
      expect(await axeViolations(page, 'body')).toEqual([])
      await page.screenshot({ path: info.outputPath('dark.png') })
    })
  }
})
