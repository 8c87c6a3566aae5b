/**
 * Test-only page for the HTTP provider browser spec: starts the provider test worker and exposes
 * it as `window.providersHarness` (comlink proxy).
 * @module demo/test-pages/providers/main
 */
import * as Comlink from 'comlink'
import type { ProvidersTestApi } from './worker.ts'

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
Object.assign(globalThis, { providersHarness: { api: Comlink.wrap<ProvidersTestApi>(worker) } })
document.body.dataset.ready = 'true'
