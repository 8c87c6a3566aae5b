/**
 * Test-only page for the session-idb browser specs and bench: starts the test worker and exposes
 * it as `window.sessionIdb` (comlink proxy) with `restart()` (terminate + new worker) and `terminate()`.
 * @module demo/test-pages/session-idb/main
 */
import * as Comlink from 'comlink'
import type { SessionIdbTestApi } from './worker.ts'

let worker = start()

function start(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
}

const harness = {
  api: Comlink.wrap<SessionIdbTestApi>(worker),
  terminate(): void {
    worker.terminate()
  },
  restart(): void {
    worker.terminate()
    worker = start()
    harness.api = Comlink.wrap<SessionIdbTestApi>(worker)
  },
}

Object.assign(globalThis, { sessionIdb: harness })
document.body.dataset.ready = 'true'
