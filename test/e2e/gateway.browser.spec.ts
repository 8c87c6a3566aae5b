// The widget in provider="gateway" mode, embedded with the docs-site snippet exactly as README.md recommends it
// (launcher, reader controls), from a second origin under a strict CSP, against the gateway on real workerd and a
// scripted upstream on 127.0.0.1: a reader's question is answered with no key in the page, a turn with a tool call
// completes through the gateway, the reader's rate limit shows a plain notice saying when to ask again, and a page
// of an origin the gateway does not allow says so.
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { startScriptedUpstream, type ScriptedUpstream } from '../../gateway/dev/scripted-upstream.ts'
import { startWorkerdGateway, type WorkerdGateway } from '../../gateway/dev/workerd.ts'
import { guardLocalOnly } from '../harness/local-only.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const TODO = '{"todos":[{"content":"Read the install guide","status":"in_progress"}]}'

/** The README's docs-site snippet: the ```html block that sets provider="gateway" and controls="reader". */
async function readmeSnippet(): Promise<string> {
  const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
  const block = [...readme.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('provider="gateway"') && b.includes('controls="reader"'))
  if (!block) throw new Error('README.md has no docs-site snippet with provider="gateway" and controls="reader"')
  return block
}

let upstream: ScriptedUpstream
let gateway: WorkerdGateway
let cdn: StaticServer
let site: StaticServer
let stranger: StaticServer

test.beforeAll(async () => {
  upstream = await startScriptedUpstream()
  cdn = await startStaticServer({ root: dist, headers: { 'Access-Control-Allow-Origin': '*' } })
  const pages: Record<string, string> = {}
  const strangerPages: Record<string, string> = {}
  site = await startStaticServer({ root: dist, pages })
  stranger = await startStaticServer({ root: dist, pages: strangerPages })
  gateway = await startWorkerdGateway({
    env: { UPSTREAM_BASE_URL: upstream.url, UPSTREAM_API_KEY: 'sk-browser-spec-key-0123456789', ALLOWED_ORIGINS: site.origin, SESSION_SECRET: 'browser-spec-session-secret-0123456789abcdef', RATE_LIMIT_RPM: '3' },
    onLog: () => undefined,
  })
  const snippet = (await readmeSnippet()).replaceAll('https://ai.example.com', gateway.url).replaceAll('https://static.example.com/dsh-agent/dsh-agent.js', `${cdn.origin}/dsh-agent.js`)
  const csp = `default-src 'self'; script-src 'self' ${cdn.origin}; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:; connect-src 'self' ${cdn.origin} ${gateway.url}`
  const page = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><title>docs</title></head><body><h1>Docs</h1>\n${snippet}</body></html>`
  pages['/index.html'] = page
  strangerPages['/index.html'] = page
})
test.afterAll(async () => {
  await gateway?.dispose()
  await Promise.all([upstream, cdn, site, stranger].map((server) => server?.close()))
})

let outside: string[] = []
test.beforeEach(async ({ context }) => { outside = await guardLocalOnly(context) })
test.afterEach(() => { expect(outside, 'requests to non-local hosts').toEqual([]) })

async function open(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/index.html`)
  await page.getByRole('button', { name: 'Ask about these docs' }).click() // the launcher is labelled with the heading
}

async function ask(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
}

test('the README docs snippet answers a reader, completes a tool-call turn, then shows the rate-limit notice', async ({ page }) => {
  await open(page, site.origin)
  await expect(page.locator('dsh-agent [part~="key-input"]')).toHaveCount(0)
  await page.getByRole('button', { name: 'How do I install it?' }).click()
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('came through the site’s gateway')

  await ask(page, `Plan it [tool=todo_write ${TODO}]`)
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('The tool answered')
  expect(upstream.requests.at(-1)!.body.messages).toContainEqual(expect.objectContaining({ role: 'tool', tool_call_id: 'call_scripted_1' }))
  await expect(page.locator('dsh-agent').getByText('Read the install guide').first()).toBeVisible()

  const before = upstream.requests.length
  await ask(page, 'One more question')
  const notice = page.locator('dsh-agent [part~="turn-status"]').last()
  await expect(notice).toContainText('This site’s assistant has reached its limit for now. You can ask again at')
  await expect(notice).toHaveAttribute('role', 'alert')
  expect(upstream.requests.length).toBe(before)
  for (const request of upstream.requests) expect(request.headers.authorization).toBe('Bearer sk-browser-spec-key-0123456789')
})

test('a page of an origin the gateway does not allow says the site has not allowed it', async ({ page }) => {
  const before = upstream.requests.length
  await open(page, stranger.origin)
  await ask(page, 'Hello?')
  await expect(page.locator('dsh-agent [part~="turn-status"]').last()).toContainText('This site has not allowed this page to use its assistant.')
  expect(upstream.requests.length).toBe(before)
})
