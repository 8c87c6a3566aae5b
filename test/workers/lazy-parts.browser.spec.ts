// What the agent worker does not need for a first answer stays out of it: the shell backend (with
// just-bash), the search index, compaction (and the host's maintenance commands), the person's
// workspace commands and the web_fetch tool are not fetched before the first answer's text shows;
// after the first turn ends the lazy parts (compaction, the result pruner's pass, crash repair, the instructions renderer, maintenance commands, export, …) are fetched
// at once (warm-parts: a page going offline later without a service worker still has them), the
// shell, the search index and web_fetch only when used; all work as before (counted by the worker's
// own requests; the demo build, real worker); the language commands' chunks are fetched by none of
// this; every lazy part is in the offline copy the service worker precaches (not the runtimes/ files).
import { expect, test, type BrowserContext } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'

const LAZY = {
  shell: /\/justbash-backend-[^/]*\.js$/, search: /\/search-index-[^/]*\.js$/,
  compaction: /\/compact-[^/]*\.js$/, maintenance: /\/maintenance-commands-[^/]*\.js$/, webFetch: /\/fetch-tool-[^/]*\.js$/,
  prune: /\/prune-[^/]*\.js$/, repair: /\/repair-[^/]*\.js$/, instructions: /\/render-[^/]*\.js$/,
  // the language commands (python3, node, sqlite3): not even a shell command fetches them
  runCode: /\/(run-command|run-code\.worker)-[^/]*\.js$/,
}
type Part = keyof typeof LAZY

/** Which lazy parts the page or its worker have fetched so far. */
function fetchedParts(context: BrowserContext): () => Part[] {
  const urls: string[] = []
  context.on('request', (request) => urls.push(new URL(request.url()).pathname))
  return () => (Object.keys(LAZY) as Part[]).filter((part) => urls.some((url) => LAZY[part].test(url)))
}

const long = (label: string) => `${label} ${'lorem ipsum dolor sit amet '.repeat(30)}`

test('a first answer fetches none of them, then the lazy parts warm; a command fetches the shell, the sessions search the index; Compact works', async ({ page, context }) => {
  const fetched = fetchedParts(context)
  await bootAgent(page, {
    storage: 'memory', permissions: 'danger-full-access',
    script: [{ text: long('first-answer'), delayMs: 40 }, { text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command: 'echo lazy-shell-ok', description: 'Print' } }] }, { text: long('second-answer') }, { text: 'Summary: two questions.' }],
  })
  await send(page, long('first-question'))
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('first-answer') // streaming, slowly: the turn has not ended
  expect(fetched()).toEqual([])
  await waitForTurnEnds(page, 1)
  await expect.poll(fetched).toEqual(['compaction', 'maintenance', 'prune', 'repair', 'instructions'])

  await send(page, 'run it')
  await waitForTurnEnds(page, 2)
  await expect(page.locator('dsh-agent [part~="tool-card"]')).toContainText('echo lazy-shell-ok')
  expect(await transcriptText(page)).toContain('Running it.')
  await page.locator('dsh-agent [part~="tool-card"] [part~="tool-summary"]').click()
  await expect(page.locator('dsh-agent [part~="terminal"]')).toContainText('lazy-shell-ok')
  expect(fetched()).toEqual(['shell', 'compaction', 'maintenance', 'prune', 'repair', 'instructions'])

  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  await page.locator('dsh-agent [part~="search-input"]').fill('lorem')
  await expect(page.locator('dsh-agent [part~="search-hit"]').first()).toBeVisible()
  expect(fetched()).toEqual(['shell', 'search', 'compaction', 'maintenance', 'prune', 'repair', 'instructions'])
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()

  await page.locator('dsh-agent [part~="compact-button"]').click()
  await expect(page.locator('dsh-agent dsh-transcript [part~="notice"][data-code="COMPACTED"]')).toHaveText('Earlier conversation was summarized')
  expect(fetched()).toEqual(['shell', 'search', 'compaction', 'maintenance', 'prune', 'repair', 'instructions'])
})

test('web_fetch is fetched only when web-fetch allows something, and then fetches', async ({ page, context }) => {
  const fetched = fetchedParts(context)
  await bootAgent(page, { storage: 'memory', script: [{ text: 'No tools here.' }] })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  expect(fetched()).not.toContain('webFetch')

  const other = await context.newPage()
  await bootAgent(other, {
    storage: 'memory', permissions: 'danger-full-access', attributes: { 'web-fetch': 'self' },
    script: [{ text: 'Fetching.', toolCalls: [{ name: 'web_fetch', arguments: { url: '/test-pages/agent.html' } }] }, { text: 'Fetched.' }],
  })
  expect(fetched()).toContain('webFetch')
  await send(other, 'fetch the page')
  await waitForTurnEnds(other, 1)
  await other.locator('dsh-agent [part~="tool-card"] [part~="tool-summary"]').click()
  await expect(other.locator('dsh-agent [part~="tool-card"]')).toContainText('dsh-agent test page')
})

test('every lazy part of the worker and the widget is in the demo service worker\'s offline copy', async ({ request }) => {
  const worker = await (await request.get('/dsh-agent-sw.js')).text()
  const precached = [...worker.matchAll(/url:`([^`]+)`/g)].map((match) => `/${match[1]}`)
  const parts = { ...LAZY, find: /\/session-find-[^/]*\.js$/, offlineStatus: /\/offline-status-[^/]*\.js$/, offlineController: /\/offline-controller-[^/]*\.js$/ }
  for (const [part, pattern] of Object.entries(parts)) expect(precached.some((url) => pattern.test(url)), part).toBe(true)
  // the language runtimes' files (tens of MB) are cached on first use instead
  expect(precached.filter((url) => url.startsWith('/runtimes/'))).toEqual([])
})
