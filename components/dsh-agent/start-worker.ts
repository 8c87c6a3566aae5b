/**
 * Starts the agent worker from the module URL the build gives the element: directly when that URL is
 * on this page's origin, else through a same-origin `blob:` bootstrap that imports it (an embed served
 * from a CDN). Plane: main. Contract: a CSP that forbids the bootstrap makes the Worker fire an
 * `error` whose `error` is a `HostStartError('DSH_WORKER_CSP')` naming the directive; a script that
 * does not load makes it fire a `HostStartError('DSH_WORKER_START')` naming the cause (worker-load-failure.ts).
 * @module components/dsh-agent/start-worker
 */
import { HostStartError } from '../../src/protocol/index.ts'
import { explainLoadFailure } from './worker-load-failure.ts'

export type WorkerConstructor = new (url: URL | string, options?: WorkerOptions) => Worker

/**
 * The text a module worker's `blob:` bootstrap runs: a dynamic import of the real worker module. Dynamic,
 * because CSP checks it against `script-src` (which already lists the module's origin) where a static
 * import would need that origin in `worker-src`. Messages that arrive while it loads are held and
 * replayed once it has registered its listeners; a failed load is re-reported as the worker's `error`.
 */
export function bootstrapSource(moduleUrl: URL): string {
  return [
    'const held = []',
    'const hold = (event) => held.push(event)',
    "addEventListener('message', hold)",
    `import(${JSON.stringify(moduleUrl.href)}).then(() => {`,
    "  removeEventListener('message', hold)",
    "  for (const event of held) dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }))",
    '}, reportError)',
    '',
  ].join('\n')
}

function startThroughBlob(moduleUrl: URL, options: WorkerOptions | undefined): Worker {
  const blobUrl = URL.createObjectURL(new Blob([bootstrapSource(moduleUrl)], { type: 'text/javascript' }))
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    if (event.blockedURI !== 'blob' && event.blockedURI !== blobUrl) return
    const message = `the page's Content-Security-Policy directive ${event.effectiveDirective} blocks the agent worker's blob: bootstrap `
      + `(dsh-agent.js is served from ${moduleUrl.origin}, not this page's origin): add blob: to worker-src, or serve dsh-agent.js from this origin`
    worker.dispatchEvent(new ErrorEvent('error', { message, error: new HostStartError('DSH_WORKER_CSP', message) }))
  }
  document.addEventListener('securitypolicyviolation', onViolation)
  const worker = new Worker(blobUrl, { ...options, type: 'module' })
  const settle = (): void => {
    document.removeEventListener('securitypolicyviolation', onViolation)
    URL.revokeObjectURL(blobUrl)
  }
  worker.addEventListener('message', settle, { once: true })
  worker.addEventListener('error', settle, { once: true })
  return worker
}

/**
 * Vite bundles a worker only from the literal `new Worker(new URL('…', import.meta.url), …)`; the
 * caller writes exactly that, with this module's constructor passed in under the name `Worker`.
 */
export function startAgentWorker(create: (Worker: WorkerConstructor) => Worker): Worker {
  const AgentWorker = function (url: URL | string, options?: WorkerOptions): Worker {
    const moduleUrl = new URL(url, location.href)
    if (moduleUrl.origin === location.origin || moduleUrl.protocol === 'blob:') return explainLoadFailure(new Worker(moduleUrl, options), moduleUrl)
    return startThroughBlob(moduleUrl, options)
  } as unknown as WorkerConstructor
  return create(AgentWorker)
}
