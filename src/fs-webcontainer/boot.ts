/**
 * Where this realm's WebContainer comes from: the page's bridge when one is attached (a worker),
 * else the page's own one boot (a main-thread runtime). Plane: worker/page; DOM-free — the real
 * boot lives in src/protocol/webcontainer/page-boot.ts. Contract: unavailability is a named
 * error with the reason (`WebContainerUnavailableError`, `WebContainerBridgeError`).
 * @module fs-webcontainer/boot
 */
import { WebContainerBridgeError } from '../protocol/webcontainer/errors.ts'
import type { WebContainerLike } from '../protocol/webcontainer/messages.ts'
import { bootPageWebContainer, webContainerUnavailableReason } from '../protocol/webcontainer/page-boot.ts'
import { WebContainerProxy } from './page-proxy.ts'

export { WebContainerBridgeError, WebContainerUnavailableError } from '../protocol/webcontainer/errors.ts'
export { webContainerUnavailableReason } from '../protocol/webcontainer/page-boot.ts'
/** The part of the WebContainer API the providers use (the proxy and the test fake implement exactly this). */
export type { WebContainerLike } from '../protocol/webcontainer/messages.ts'

let pageBridge: WebContainerProxy | undefined

/**
 * Routes this realm's WebContainer through the page: `port` is the worker's end of a channel the
 * page serves with `serveWebContainer`. A later attach replaces (and detaches) an earlier one.
 * @returns detach: closes the proxy; calls still pending fail with `WEBCONTAINER_PAGE_GONE`.
 */
export function attachPageWebContainer(port: MessagePort): () => void {
  pageBridge?.close('replaced by a newer webcontainer.attach')
  const proxy = new WebContainerProxy(port)
  pageBridge = proxy
  return () => {
    if (pageBridge === proxy) pageBridge = undefined
    proxy.close('detached by the worker')
  }
}

const inWorker = (): boolean => typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function'

/** The realm's container: through the page bridge when attached, else booted here (once per page). */
export function bootWebContainer(): Promise<WebContainerLike> {
  if (pageBridge) return pageBridge.boot()
  if (inWorker() && webContainerUnavailableReason() === undefined) {
    return Promise.reject(new WebContainerBridgeError('WEBCONTAINER_NOT_ATTACHED', 'WebContainer boots on the page, and no page host is attached to this worker (the page serves one with serveWebContainer and sends webcontainer.attach).'))
  }
  return bootPageWebContainer()
}
