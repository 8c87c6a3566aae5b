/**
 * Test-only page for the headless-runtime browser specs: starts the runtime test worker and exposes
 * it as `window.runtimeHarness`, and the HTTP provider test worker as `window.providersHarness`
 * (comlink proxies; the provider worker starts on first use).
 * @module demo/test-pages/runtime/main
 */
import * as Comlink from 'comlink'
import type { ProvidersTestApi } from './providers-worker.ts'
import type { RuntimeTestApi } from './worker.ts'

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
let providers: Comlink.Remote<ProvidersTestApi> | undefined
const providersApi = (): Comlink.Remote<ProvidersTestApi> => (providers ??= Comlink.wrap<ProvidersTestApi>(new Worker(new URL('./providers-worker.ts', import.meta.url), { type: 'module' })))
Object.assign(globalThis, {
  runtimeHarness: { api: Comlink.wrap<RuntimeTestApi>(worker) },
  providersHarness: { turn: (llm: Parameters<ProvidersTestApi['turn']>[0]) => providersApi().turn(llm) },
})
document.body.dataset.ready = 'true'
