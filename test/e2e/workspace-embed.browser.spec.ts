// The built <dsh-workspace> (dist/dsh-workspace.js) beside the built <dsh-agent> on a plain static host
// under the README's strict CSP: the editor and the terminal work with zero CSP violations (xterm's
// theme sheets are adopted, never inline), and a page with only <dsh-agent> loads nothing of the
// workspace: dsh-agent.js and the chunks it imports statically hold no workspace, CodeMirror or xterm code.
import { expect, test } from '@playwright/test'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import { guardLocalOnly } from '../harness/local-only.ts'
import { appendAndSave, focusTerminal } from '../harness/workspace-page.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:"
const RECORD = `window.cspViolations = []
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI + ' ' + (e.sample || '') + ' ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber))
document.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))`
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>workspace embed</title>
<script type="module" src="/record.js"></script><script type="module" src="/dsh-agent.js"></script><script type="module" src="/dsh-workspace.js"></script></head>
<body><dsh-workspace for="agent"><dsh-agent id="agent" slot="agent" provider="scripted" storage="memory" workspace='{"app.js":"console.log(1)\\n"}'></dsh-agent></dsh-workspace></body></html>`

let site: StaticServer
test.beforeAll(async () => { site = await startStaticServer({ root: dist, pages: { '/record.js': RECORD, '/index.html': PAGE }, headers: { 'Content-Security-Policy': STRICT } }) })
test.afterAll(async () => { await site.close() })

test('under a strict CSP the editor and the terminal work, with zero CSP violations', async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  await page.goto(`${site.origin}/index.html`)
  await page.waitForSelector('body[data-ready]')
  const workspace = page.locator('dsh-workspace')
  await appendAndSave(page, workspace, 'app.js', '// edited under CSP', 'console.log(1)')
  await focusTerminal(workspace)
  await page.keyboard.type('cat app.js')
  await page.keyboard.press('Enter')
  await expect.poll(() => workspace.locator('dsh-terminal-pane').evaluate((el) => (el as unknown as { screenText: string }).screenText)).toContain('console.log(1)\n// edited under CSP')
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  // xterm's cell and theme rules reached the terminal as adopted sheets (no <style> element anywhere)
  expect(await workspace.locator('dsh-terminal-pane').evaluate((el) => [...el.shadowRoot!.querySelectorAll('style')].map((s) => s.outerHTML.slice(0, 200)))).toEqual([])
  expect(await workspace.locator('dsh-terminal-pane').evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length)).toBeGreaterThan(2)
  expect(outside).toEqual([])
})

/** The `from '…'` sources of a module's static imports and re-exports. */
function staticImports(source: string): string[] {
  const body = (parseAst(source) as unknown as { body: { type: string; source?: { value: string } | null }[] }).body
  return body.filter((n) => /^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(n.type) && n.source).map((n) => n.source!.value)
}

test('dsh-agent.js and everything it imports statically hold nothing of the workspace (it loads only where used)', async () => {
  const closure = new Set<string>()
  const visit = async (file: string): Promise<void> => {
    if (closure.has(file)) return
    closure.add(file)
    for (const from of staticImports(await readFile(join(dist, file), 'utf8'))) await visit(join(file, '..', from).replace(/^\.\//, ''))
  }
  await visit('dsh-agent.js')
  expect([...closure].filter((file) => file.includes('ws-'))).toEqual([])
  for (const file of closure) {
    const source = await readFile(join(dist, file), 'utf8')
    for (const marker of ['dsh-workspace', 'dsh-file-tree', 'cm-dsh-changed', 'xterm-helper-textarea', 'zipSync']) expect(source.includes(marker), `${file} holds ${marker}`).toBe(false)
  }
  const workspaceChunks = (await readdir(join(dist, 'chunks'))).filter((file) => file.startsWith('ws-'))
  expect(workspaceChunks.some((file) => file.includes('codemirror'))).toBe(true)
  expect(workspaceChunks.some((file) => file.includes('xterm'))).toBe(true)
})
