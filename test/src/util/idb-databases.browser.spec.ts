// The catalogue against a real browser (Chromium, real IndexedDB): after a full session — a
// skill loaded by URL, a file written, a result spilled, a key remembered, a search — the origin
// holds exactly the catalogue's six databases, each with rows; after "Delete all my data" (real
// clicks) none of the reader's databases holds a row and the skill-body cache, kept, still does.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'
import { ALL_IDB_DATABASES, IDB_DATABASES, READER_DATA_DATABASES } from '../../../src/util/idb-databases.ts'

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args })
const agentCall = (page: Page, command: unknown) => page.locator('dsh-agent').evaluate((el, c) => (el as unknown as { agent: { call(c: unknown): Promise<unknown> } }).agent.call(c), command)

/** Every database of the origin with all its rows as JSON text (read as it is, no upgrade). */
function contents(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {}
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => { const r = indexedDB.open(name!); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error) })
      const rows: unknown[] = []
      for (const store of db.objectStoreNames) rows.push(...await new Promise<unknown[]>((resolve) => { const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => resolve(r.result) }))
      db.close()
      out[name!] = JSON.stringify(rows)
    }
    return out
  })
}

test('a full session fills exactly the catalogue\'s databases; delete-all empties every one holding the reader\'s data and keeps the skill cache', async ({ page }) => {
  test.setTimeout(120_000)
  const script = [
    { text: 'On it.', toolCalls: [
      call('skill', { name: 'explain-a-recipe' }),
      call('write', { file_path: 'notes.md', content: 'a note of the reader\n' }),
      call('bash', { command: 'seq 1 11000', description: 'Count to eleven thousand' }),
    ] },
    { text: 'Done.' },
  ]
  await bootAgent(page, { script, storage: 'indexeddb', permissions: 'workspace-write', attributes: { skills: '/docs/skills/index.json' } })
  await send(page, 'load the skill, save a note and count')
  await waitForTurnEnds(page, 1)
  await agentCall(page, { kind: 'provider.key', apiKey: 'sk-test-remember-me', remember: true })
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  await page.locator('dsh-agent dsh-session-list [part~="search-input"]').fill('note')
  await expect(page.locator('dsh-agent dsh-session-list [part~="search-hit"]')).toHaveCount(1)

  const sessionId = await page.locator('dsh-agent').evaluate((el) => (el as unknown as { agent: { sessionId: string } }).agent.sessionId)
  /** What of this session each database holds, found in its rows. */
  const traces: Record<string, string[]> = {
    [IDB_DATABASES.sessions.name]: [sessionId, 'load the skill, save a note and count'],
    [IDB_DATABASES.workspaces.name]: ['a note of the reader'],
    [IDB_DATABASES.spill.name]: [sessionId, '10999'],
    [IDB_DATABASES.search.name]: [sessionId],
    [IDB_DATABASES.secrets.name]: ['sk-test-remember-me'],
    [IDB_DATABASES.skillBodies.name]: ['# Explain a recipe'], // the body (its URL is the key)
  }
  /** Each database of the origin with the traces of this session found in its rows (an uncatalogued one says so). */
  const found = async (): Promise<Record<string, string[]>> => {
    const dump = await contents(page)
    return Object.fromEntries(Object.entries(dump).map(([name, rows]) => [name, traces[name]?.filter((trace) => rows.includes(trace)) ?? ['not catalogued']]))
  }
  expect(Object.keys(traces).sort()).toEqual(ALL_IDB_DATABASES.map((entry) => entry.name).sort())
  // exactly the catalogue's databases, each holding its part of the session (the search index is saved a moment after it changes)
  await expect.poll(found).toEqual(traces)

  await page.locator('dsh-agent [part~="settings-toggle"]').click()
  await page.locator('dsh-agent [part~="delete-all-button"]').click()
  await page.locator('dsh-agent [part~="confirm-delete-all-button"]').click()

  // the fresh runtime may open its databases again, empty: what counts is that nothing of the session is left
  const kept = IDB_DATABASES.skillBodies.name
  expect(READER_DATA_DATABASES).toEqual(Object.keys(traces).filter((name) => name !== kept))
  await expect.poll(async () => Object.entries(await found()).filter(([name, left]) => name !== kept && left.length > 0), { message: 'databases still holding the session' }).toEqual([])
  expect((await found())[kept], 'the kept skill-body cache').toEqual(traces[kept])
})
