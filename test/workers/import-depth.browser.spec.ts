// The agent worker fetches what its first answer needs in few levels, not one level of imports after
// another: its entry asks for the host chunk and every chunk the host imports at once, and each lazy
// runtime module the host imports comes with its own imports at once (demo build, real worker; each
// file's level is its importer's plus one, the importer named by the request's Referer).
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'

test('before the first answer, no worker file is more than three imports away from the worker (entry; host and its chunks; runtime modules and theirs)', async ({ page, context }) => {
  const level = new Map<string, number>()
  const requestedBy = new Map<string, string>()
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.resourceType() === 'worker' || /\/agent\.worker-[^/]*\.js$/.test(path)) return void level.set(path, 1)
    const referer = request.headers()['referer']
    const from = referer ? new URL(referer).pathname : ''
    const importerLevel = level.get(from)
    if (importerLevel !== undefined && !level.has(path)) {
      level.set(path, importerLevel + 1)
      requestedBy.set(path, from)
    }
  })
  await bootAgent(page, { storage: 'indexeddb', script: [{ text: 'first answer' }] })
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)

  const entry = [...level].find(([, at]) => at === 1)?.[0]
  expect(entry, 'the worker entry was fetched').toBeDefined()
  const host = [...level.keys()].find((path) => /\/agent-host-[^/]*\.js$/.test(path))
  expect(host && requestedBy.get(host)).toBe(entry)
  const fromEntry = [...requestedBy].filter(([, from]) => from === entry).map(([path]) => path)
  expect(fromEntry.length, 'the entry asks for the host and its chunks together').toBeGreaterThan(1)
  const deep = [...level].filter(([, at]) => at > 3).map(([path, at]) => `${path} (level ${at}, imported by ${requestedBy.get(path)})`)
  expect(deep).toEqual([])
  expect([...level.keys()].some((path) => /\/session-idb-[^/]*\.js$/.test(path)), 'the IndexedDB store was among them').toBe(true)
})
