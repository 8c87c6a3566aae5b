/**
 * Gives a failed worker start its cause. A module worker whose script does not load fires a bare
 * `error` Event in every engine (no message: WebKit refusing a revalidated script without COEP, a 404,
 * a wrong MIME type). This looks at the script's own response for the reason and fires the error again
 * as an `ErrorEvent` whose `error` is a `HostStartError('DSH_WORKER_START')` saying it. An error the
 * engine explained (an `ErrorEvent` with a message, e.g. the entry's failed import) passes unchanged.
 * Plane: main.
 * @module components/dsh-agent/worker-load-failure
 */
import { HostStartError } from '../../src/protocol/index.ts'

/** Why `url` did not load as a worker script, as far as its response tells. */
export async function workerLoadFailure(url: URL): Promise<string> {
  let response: Response
  try {
    response = await fetch(url, { cache: 'no-store' })
  } catch (error) {
    return `${url.href} could not be fetched (${(error as Error).message}): check the URL and the page's Content-Security-Policy (worker-src, script-src)`
  }
  await response.body?.cancel()
  if (!response.ok) return `${url.href} answered HTTP ${response.status}`
  const type = response.headers.get('content-type') ?? ''
  if (!/javascript|ecmascript/i.test(type)) return `${url.href} is served as ${type || 'no Content-Type'}, not JavaScript`
  if (globalThis.crossOriginIsolated && !/require-corp|credentialless/.test(response.headers.get('cross-origin-embedder-policy') ?? '')) {
    return `${url.href} is served without Cross-Origin-Embedder-Policy while this page is cross-origin isolated (the server must send it on every response, 304s included)`
  }
  return `${url.href} loads, but the browser gave no reason (a module it imports may have failed: see the browser console; check worker-src / script-src in the page's Content-Security-Policy)`
}

/** Replaces `worker`'s first unexplained `error` with one that names its cause (see the module comment). */
export function explainLoadFailure(worker: Worker, url: URL): Worker {
  worker.addEventListener('error', (event) => {
    if (event instanceof ErrorEvent && (event.message || event.error)) return
    event.stopImmediatePropagation()
    void workerLoadFailure(url).then((reason) => {
      const message = `agent worker failed to start: ${reason}`
      worker.dispatchEvent(new ErrorEvent('error', { message, error: new HostStartError('DSH_WORKER_START', message) }))
    })
  }, { once: true })
  return worker
}
