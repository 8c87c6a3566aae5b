// The built embed (dist/dsh-agent.js) on plain static hosts (a bare Node server, no Vite): under a strict CSP, from a second origin
// through the blob: bootstrap, and with a CSP that forbids blob: workers (a named error); the bundle has no eval, new Function or string timers.
import { expect, test, type Page } from '@playwright/test'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import { guardLocalOnly } from '../harness/local-only.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:"
const script = [
  { reasoning: 'Check the file, then run it.', text: 'Running the example:', toolCalls: [{ name: 'bash', arguments: { command: 'cat hello.txt', description: 'Show the file' } }] },
  { text: 'It says **hello**.' },
]

/** A page as a host site would write it: the module script, the element, and a same-origin recorder script. */
function hostPage(moduleUrl: string): string {
  const attrs = `provider="scripted" permissions="ask" storage="memory" script='${JSON.stringify(script)}' workspace='{"hello.txt":"hello from a static host\\n"}'`
  return `<!doctype html><html><head><meta charset="utf-8"><title>embed</title>
<script type="module" src="/record.js"></script><script type="module" src="${moduleUrl}"></script></head>
<body><dsh-agent ${attrs}></dsh-agent></body></html>`
}

const RECORD = `window.cspViolations = []; window.dshEvents = []
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI))
for (const type of ['dsh-ready', 'dsh-turn-end', 'dsh-error']) document.addEventListener(type, (e) => {
  window.dshEvents.push({ type, detail: e.detail })
  if (type === 'dsh-ready') document.body.setAttribute('data-ready', '')
})`

let cdn: StaticServer
const servers: StaticServer[] = []
test.beforeAll(async () => { cdn = await startStaticServer({ root: dist, headers: { 'Access-Control-Allow-Origin': '*' } }) })
test.afterAll(async () => { await Promise.all([cdn, ...servers].map((server) => server.close())) })

/** A host site on its own origin: its page, the recorder and (same-origin case) the dist files, under `csp`. */
async function hostSite(moduleUrl: (site: string) => string, csp: string): Promise<StaticServer> {
  const pages: Record<string, string> = { '/record.js': RECORD }
  const server = await startStaticServer({ root: dist, pages, headers: { 'Content-Security-Policy': csp } })
  pages['/index.html'] = hostPage(moduleUrl(server.origin))
  servers.push(server)
  return server
}

let outside: string[] = []
test.beforeEach(async ({ context }) => { outside = await guardLocalOnly(context) })
test.afterEach(() => { expect(outside, 'requests to non-local hosts').toEqual([]) })

const evaluate = <T>(page: Page, name: 'cspViolations' | 'dshEvents') => page.evaluate((n) => (window as unknown as Record<string, T>)[n], name)

async function runScriptedTurn(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]')
  await page.getByRole('textbox', { name: 'Message' }).fill('show me')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  const request = page.locator('dsh-agent [part~="approval"]')
  await expect(request).toBeVisible()
  await request.locator('[part~="allow-button"]').click()
  await expect(page.locator('dsh-agent [part~="terminal"]')).toContainText('hello from a static host')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('It says hello')
}

test('same origin under a strict CSP: boots, renders, asks approval, runs a turn; zero CSP violations', async ({ page }) => {
  const site = await hostSite(() => '/dsh-agent.js', STRICT)
  await page.goto(`${site.origin}/index.html`)
  await runScriptedTurn(page)
  expect(await evaluate<string[]>(page, 'cspViolations')).toEqual([])
  const sheets = await page.locator('dsh-agent').evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length)
  expect(sheets).toBeGreaterThan(0)
  expect(site.requests.some((path) => path.startsWith('/chunks/agent.worker-'))).toBe(true)
})

test('from a second origin: the worker starts through the blob: bootstrap and loads its chunks from the module origin', async ({ page }) => {
  const csp = `default-src 'self'; script-src 'self' ${cdn.origin}; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:`
  const site = await hostSite(() => `${cdn.origin}/dsh-agent.js`, csp)
  await page.goto(`${site.origin}/index.html`)
  await runScriptedTurn(page)
  expect(await evaluate<string[]>(page, 'cspViolations')).toEqual([])
  expect(cdn.requests.some((path) => path.startsWith('/chunks/agent.worker-'))).toBe(true)
  expect(cdn.requests.some((path) => path.startsWith('/chunks/browser-'))).toBe(true)
  expect(site.requests.filter((path) => path.startsWith('/chunks/') || path === '/dsh-agent.js')).toEqual([])
})

test('from a second origin under a CSP without blob: workers: a named error says which directive blocks it', async ({ page }) => {
  const site = await hostSite(() => `${cdn.origin}/dsh-agent.js`, `default-src 'self'; script-src 'self' ${cdn.origin}; style-src 'self'; worker-src 'self'`)
  await page.goto(`${site.origin}/index.html`)
  const errors = () => evaluate<{ type: string }[]>(page, 'dshEvents').then((events) => events.filter((e) => e.type === 'dsh-error'))
  await expect.poll(errors).toEqual([
    { type: 'dsh-error', detail: { code: 'DSH_WORKER_CSP', message: expect.stringContaining('directive worker-src blocks the agent worker') } },
  ])
  expect(JSON.stringify(await errors())).toContain('add blob: to worker-src')
})

const dshErrors = (page: Page) => evaluate<{ type: string }[]>(page, 'dshEvents').then((events) => events.filter((e) => e.type === 'dsh-error'))

test('a worker script that does not load: the error names its cause (the engine gives none)', async ({ page }) => {
  const site = await hostSite(() => '/dsh-agent.js', STRICT)
  await page.route('**/chunks/agent.worker-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }))
  await page.goto(`${site.origin}/index.html`)
  await expect.poll(() => dshErrors(page)).toEqual([
    { type: 'dsh-error', detail: { code: 'DSH_WORKER_START', message: expect.stringMatching(/^agent worker failed to start: http:\/\/127\.0\.0\.1:\d+\/chunks\/agent\.worker-[\w-]+\.js answered HTTP 404$/) } },
  ])
})

test('a worker whose host chunk does not load: the error carries the reason the engine gives', async ({ page }) => {
  const site = await hostSite(() => '/dsh-agent.js', STRICT)
  await page.route('**/chunks/agent-host-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }))
  await page.goto(`${site.origin}/index.html`)
  await expect.poll(() => dshErrors(page)).toEqual([
    { type: 'dsh-error', detail: { code: 'DSH_WORKER_START', message: expect.stringMatching(/^agent worker failed to start: .*agent-host-[\w-]+\.js/) } },
  ])
})

/** eval(…), new Function(…) / Function(…), and setTimeout/setInterval called with a string, found by parsing (not by grepping strings). */
function codeFromStrings(source: string): string[] {
  const found: string[] = []
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(visit)
    const n = node as { type?: string; callee?: { type: string; name?: string }; arguments?: { type: string; value?: unknown }[]; start?: number }
    const callee = n.callee?.type === 'Identifier' ? n.callee.name : undefined
    if ((n.type === 'CallExpression' || n.type === 'NewExpression') && (callee === 'eval' || callee === 'Function')) found.push(`${callee} at ${n.start}`)
    if (n.type === 'CallExpression' && (callee === 'setTimeout' || callee === 'setInterval') && n.arguments?.[0]?.type === 'Literal' && typeof n.arguments[0].value === 'string') found.push(`${callee}(string) at ${n.start}`)
    for (const [key, value] of Object.entries(n)) if (key !== 'parent') visit(value)
  }
  visit(parseAst(source))
  return found
}

test('bundle scan: no eval, no new Function, no string timers in dsh-agent.js, dsh-workspace.js, the service worker and any chunk', async () => {
  const files = ['dsh-agent.js', 'dsh-workspace.js', 'dsh-agent-sw.js', ...(await readdir(join(dist, 'chunks'))).map((f) => `chunks/${f}`)]
  expect(files.some((f) => f.startsWith('chunks/agent.worker-'))).toBe(true)
  const findings: string[] = []
  for (const file of files) findings.push(...codeFromStrings(await readFile(join(dist, file), 'utf8')).map((f) => `${file}: ${f}`))
  expect(findings).toEqual([])
})

/** The `from '…'` sources of a module's static imports and re-exports. */
function staticImports(source: string): string[] {
  const body = (parseAst(source) as unknown as { body: { type: string; source?: { value: string } | null }[] }).body
  return body.filter((n) => /^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(n.type) && n.source).map((n) => n.source!.value)
}

test('the worker entry chunk imports nothing statically and no chunk imports it (WebKit would run it twice)', async () => {
  const chunks = await readdir(join(dist, 'chunks'))
  const entry = chunks.find((f) => f.startsWith('agent.worker-'))!
  const imports = Object.fromEntries(await Promise.all(chunks.map(async (f) => [f, staticImports(await readFile(join(dist, 'chunks', f), 'utf8'))] as const)))
  expect(imports[entry]).toEqual([])
  expect(Object.entries(imports).filter(([, from]) => from.some((path) => path.includes('agent.worker-'))).map(([f]) => f)).toEqual([])
})
