/**
 * Test-only page for the headless-runtime browser specs: starts the runtime test worker and exposes
 * it as `window.runtimeHarness` (comlink proxy).
 * @module demo/test-pages/runtime/main
 */
import * as Comlink from 'comlink'
import type { RuntimeTestApi } from './worker.ts'

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
Object.assign(globalThis, { runtimeHarness: { api: Comlink.wrap<RuntimeTestApi>(worker) } })
document.body.dataset.ready = 'true'
