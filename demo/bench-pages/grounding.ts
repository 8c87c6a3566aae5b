/**
 * Bench-only page for bench/grounding.bench.ts: starts the grounding bench worker and exposes it as
 * `window.grounding` (comlink). Plane: main; bench only.
 * @module demo/bench-pages/grounding
 */
import * as Comlink from 'comlink'
import type { GroundingBenchApi } from './grounding.worker.ts'

const worker = new Worker(new URL('./grounding.worker.ts', import.meta.url), { type: 'module' })
Object.assign(window, { grounding: Comlink.wrap<GroundingBenchApi>(worker) })
document.body.setAttribute('data-ready', '')
