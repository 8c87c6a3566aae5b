// The element's grounding attributes end to end on the built site: `instructions` (inline text, same-origin URL,
// refused cross-origin) shows as one collapsed Instructions notice; `skills` fetches its index, loads a body on
// first use only and keeps it in IndexedDB across reloads; `web-fetch="self"` fetches the site without cookies
// and refuses another origin before any request; the default (`off`) offers no web_fetch; reopening shows the
// same transcript. Every request stays on 127.0.0.1.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'
import { guardLocalOnly } from '../harness/local-only.ts'
import { startWebServer, type WebServer } from '../harness/web-server.ts'

let outside: string[] = []
let elsewhere: WebServer
test.beforeAll(async () => { elsewhere = await startWebServer({ '/secret.txt': { type: 'text/plain', body: 'not for you', headers: { 'access-control-allow-origin': '*' } } }) })
test.afterAll(async () => { await elsewhere.close() })
test.beforeEach(async ({ context }) => { outside = await guardLocalOnly(context) })
test.afterEach(() => { expect(outside, 'requests to non-local hosts').toEqual([]) })

const call = (name: string, args: Record<string, unknown>) => ({ text: `Calling ${name}.`, toolCalls: [{ name, arguments: args }] })
const cards = (page: Page) => page.locator('dsh-agent [part~="tool-card"]')
const instructionsNotice = (page: Page) => page.locator('dsh-agent dsh-transcript [part~="instructions"]')

test('instructions: inline text enters as one collapsed Instructions notice; reopening shows the same transcript', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'Hello.' }], storage: 'indexeddb', attributes: { instructions: 'Answer in one sentence.\nCite the docs page you used.', persona: 'You are the docs companion.' } })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  const notice = instructionsNotice(page)
  await expect(notice.locator('summary')).toHaveText('Instructions: site instructions')
  await expect(notice).not.toHaveAttribute('open')
  await notice.locator('summary').click()
  await expect(notice.locator('.plain')).toContainText('Instructions from: site instructions\n\nAnswer in one sentence.')
  await notice.locator('summary').click()
  const before = await transcriptText(page)
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await expect(instructionsNotice(page).locator('summary')).toHaveText('Instructions: site instructions')
  expect(await transcriptText(page)).toBe(before)
})

test('instructions: a same-origin URL is fetched; another origin is refused with a named error', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'Hello.' }], storage: 'memory', attributes: { instructions: '/docs/agent-instructions.md' } })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  await instructionsNotice(page).locator('summary').click()
  await expect(instructionsNotice(page).locator('.plain')).toContainText('You answer questions about the Shell text recipes documentation')

  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, { storage: 'memory', attributes: { instructions: `${elsewhere.origin}/secret.txt` } })
  await page.goto('/test-pages/agent.html')
  await expect.poll(() => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string; message: string } }[] }).dshEvents.find((e) => e.type === 'dsh-error')?.detail))
    .toEqual({ code: 'DSH_ATTRIBUTE_INVALID', message: `instructions: ${elsewhere.origin}/secret.txt is not on this site; instructions load only from the page's own origin` })
  expect(elsewhere.requests).toEqual([])
})

test('skills: the index is read at start, the body on first use only, then from IndexedDB after a reload', async ({ page, context }) => {
  const bodyFetches: string[] = []
  context.on('request', (request) => { if (new URL(request.url()).pathname === '/docs/skills/explain-a-recipe.md') bodyFetches.push(request.url()) })
  const script = [call('skill', { name: 'explain-a-recipe' }), { text: 'Loaded.' }] // the reloaded page's runtime replays it from the start
  await bootAgent(page, { script, storage: 'indexeddb', attributes: { skills: '/docs/skills/index.json' } })
  expect(bodyFetches).toEqual([])
  await send(page, 'explain the top-words recipe')
  await waitForTurnEnds(page, 1)
  await expect(cards(page).first()).toContainText('<skill_content name="explain-a-recipe">')
  await expect(cards(page).first()).toContainText('Base URL for this skill:')
  expect(bodyFetches).toHaveLength(1)
  await page.reload()
  await page.waitForSelector('body[data-ready]')
  await send(page, 'again')
  await waitForTurnEnds(page, 1) // events are counted per page load; the transcript holds both turns
  await expect(cards(page).nth(1)).toContainText('Read `/docs/llms.txt` with `web_fetch`')
  expect(bodyFetches).toHaveLength(1)
})

test('web-fetch="self": the site\'s own pages without cookies; another origin is refused before any request', async ({ page, context }) => {
  const cookies: (string | undefined)[] = []
  context.on('request', async (request) => { if (request.url().endsWith('/docs/llms.txt')) cookies.push((await request.allHeaders()).cookie) })
  const script = [call('web_fetch', { url: '/docs/llms.txt' }), call('web_fetch', { url: `${elsewhere.origin}/secret.txt` }), { text: 'Done.' }]
  await bootAgent(page, { script, storage: 'memory', attributes: { 'web-fetch': 'self' } })
  await page.evaluate(() => { document.cookie = 'reader-session=private; path=/' })
  await send(page, 'read the index')
  await waitForTurnEnds(page, 1)
  const origin = new URL(page.url()).origin
  await expect(cards(page).nth(0)).toContainText(`Fetched ${origin}/docs/llms.txt (HTTP 200)`)
  await expect(cards(page).nth(1)).toContainText(`is outside the web-fetch allow-list (${origin}/ (this site)); it was not fetched`)
  expect(cookies).toEqual([undefined])
  expect(elsewhere.requests).toEqual([])
})

test('web-fetch absent (off): no web_fetch tool is offered', async ({ page }) => {
  await bootAgent(page, { script: [call('web_fetch', { url: '/docs/llms.txt' }), { text: 'Done.' }], storage: 'memory' })
  await send(page, 'read the index')
  await waitForTurnEnds(page, 1)
  await expect(cards(page).first()).toContainText('unknown tool "web_fetch"')
})
