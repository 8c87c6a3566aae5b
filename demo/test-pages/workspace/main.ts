/**
 * Test-only page for the workspace browser specs: starts the workspace test worker and exposes
 * it as `window.workspace` (comlink proxy), opened on the `?workspace=` id. Plane: main; test-only.
 * @module demo/test-pages/workspace/main
 */
import * as Comlink from 'comlink'
import type { WorkspaceTestApi } from './worker.ts'

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
const workspace = Comlink.wrap<WorkspaceTestApi>(worker)
Object.assign(globalThis, { workspace })
await workspace.open(new URLSearchParams(location.search).get('workspace') ?? 'browser-test')
document.body.dataset.ready = 'true'
