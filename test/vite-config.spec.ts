// The dev server (`npm start`) sends the isolation headers on every response, revalidations (304) included:
// WebKit refused the cached module worker of the isolated demo page on every navigation after the first without them.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevServer, type DevServer } from './harness/dev-server.ts'

let dev: DevServer
beforeAll(async () => { dev = await startDevServer() })
afterAll(async () => { await dev.close() })

test('a revalidated worker module (304) still carries COOP and COEP', async () => {
  const url = `${dev.origin}/@fs${process.cwd()}/workers/agent.worker.ts?worker_file&type=module`
  const first = await fetch(url)
  expect(first.status).toBe(200)
  await first.text()
  const etag = first.headers.get('etag')
  expect(etag).toBeTruthy()
  const again = await fetch(url, { headers: { 'If-None-Match': etag! } })
  expect(again.status).toBe(304)
  expect({ coop: again.headers.get('cross-origin-opener-policy'), coep: again.headers.get('cross-origin-embedder-policy') })
    .toEqual({ coop: 'same-origin', coep: 'require-corp' })
})
