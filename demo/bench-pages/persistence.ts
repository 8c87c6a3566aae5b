/**
 * Test-only page for bench/persistence.bench.ts: starts the persistence bench worker and exposes
 * it as `window.bench` (`api` comlink proxy, `restart()` = terminate + new worker, as after a reload).
 * Plane: main; bench only.
 * @module demo/bench-pages/persistence
 */
import * as Comlink from 'comlink'
import type { PersistenceBenchApi } from './persistence.worker.ts'

const start = () => new Worker(new URL('./persistence.worker.ts', import.meta.url), { type: 'module' })
let worker = start()

const bench = {
  api: Comlink.wrap<PersistenceBenchApi>(worker),
  restart(): void {
    worker.terminate()
    worker = start()
    bench.api = Comlink.wrap<PersistenceBenchApi>(worker)
  },
}

Object.assign(globalThis, { bench })
document.body.dataset.ready = 'true'
