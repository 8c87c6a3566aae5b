// Embed security end to end: hostile model/tool text executes nothing; the API key stays out of DOM, IndexedDB, exports and console; host theming applies.
import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { XSS_PAYLOADS } from '../fixtures/xss-payloads.ts'
import { auditShadowDom } from '../harness/dom-audit.ts'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'

const KEY = 'sk-test-SECRETKEY-0123456789abcdef'

test('XSS in model text, reasoning, tool output and file names executes nothing', async ({ page }) => {
  await page.addInitScript(() => { Object.assign(window, { __xssHits: 0, __xss: () => { (window as unknown as { __xssHits: number }).__xssHits++ } }) })
  const text = XSS_PAYLOADS.join('\n\n')
  await bootAgent(page, {
    permissions: 'danger-full-access', storage: 'memory',
    script: [
      { reasoning: text, text, toolCalls: [
        { name: 'write', arguments: { file_path: '<img src=x onerror=window.__xss(1)>.md', content: text } },
        { name: 'bash', arguments: { command: 'echo "<img src=x onerror=window.__xss(1)><script>window.__xss(1)</script>"', description: 'echo html' } },
      ] },
      { text: 'done' },
    ],
  })
  await send(page, XSS_PAYLOADS[1]!)
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent details[part~="reasoning"]').first().evaluate((d) => { (d as HTMLDetailsElement).open = true })
  await page.waitForTimeout(300)
  const audit = await page.evaluate(auditShadowDom, 'dsh-agent')
  expect(await page.evaluate(() => (window as unknown as { __xssHits: number }).__xssHits)).toBe(0)
  expect(audit.onAttributes).toEqual([])
  expect(audit.badHrefs).toEqual([])
  expect(audit.forbidden.filter((tag) => tag !== 'FORM' && tag !== 'INPUT')).toEqual([])
  expect(audit.linksWithoutRel).toBe(0)
})

async function dumpIndexedDb(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(async () => {
    const out: unknown[] = []
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => { const r = indexedDB.open(info.name!); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error) })
      for (const name of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => resolve(r.result) })
        out.push({ db: info.name, store: name, rows })
      }
      db.close()
    }
    return JSON.stringify(out)
  })
}

test('the API key never reaches the DOM, IndexedDB, an export or the console unless remembered', async ({ page }) => {
  const consoleLines: string[] = []
  page.on('console', (m) => consoleLines.push(m.text()))
  page.on('pageerror', (e) => consoleLines.push(e.message))
  await page.route('http://provider.test/**', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }) }))
  await bootAgent(page, { provider: 'openai-compatible', baseUrl: 'http://provider.test/v1', storage: 'indexeddb' })
  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  await page.locator('dsh-agent [part~="key-input"]').fill(KEY)
  await page.locator('dsh-agent [part~="save-button"]').click()
  await expect(page.locator('dsh-agent [part~="key-state"]')).toHaveText('Key kept in memory for this tab only')
  await send(page, 'hello')
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('dsh-agent [part~="export-button"]').first().click()])
  const exported = await readFile((await download.path())!, 'utf8')
  const dom = await page.evaluate(() => {
    const parts: string[] = []
    const visit = (root: Document | ShadowRoot) => root.querySelectorAll('*').forEach((el) => {
      parts.push(...el.getAttributeNames().map((a) => el.getAttribute(a) ?? ''))
      if (el.shadowRoot) { parts.push(el.shadowRoot.textContent ?? ''); visit(el.shadowRoot) }
    })
    visit(document)
    return parts.join('\n') + document.body.textContent
  })
  const stored = await dumpIndexedDb(page)
  for (const [where, text] of [['dom', dom], ['indexeddb', stored], ['export', exported], ['console', consoleLines.join('\n')]] as const) {
    expect(text.includes(KEY.slice(8, 16)), `key fragment found in ${where}`).toBe(false)
  }
  expect(exported.split('\n').length).toBeGreaterThan(1)
})

test('dark theme and ::part / --dsh-* styling from the host page apply', async ({ page }) => {
  await bootAgent(page, { theme: 'dark', className: 'styled', storage: 'memory', script: [{ text: 'hi' }] })
  await send(page, 'styled')
  await waitForTurnEnds(page, 1)
  const agentBg = await page.locator('dsh-agent').evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(agentBg).toBe('rgb(13, 17, 23)')
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveCSS('border-top-color', 'rgb(0, 128, 0)')
  await expect(page.locator('dsh-agent [part~="send-button"]')).toHaveCSS('background-color', 'rgb(255, 0, 128)')
  await expect(page.locator('dsh-agent [part~="send-button"]')).toHaveCSS('text-transform', 'uppercase')
})
