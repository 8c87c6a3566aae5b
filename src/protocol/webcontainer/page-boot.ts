/**
 * The one real WebContainer boot of a page: `@webcontainer/api` is imported lazily and booted at
 * most once per page (module-level promise, shared by every `<dsh-agent>`), only when the page is
 * cross-origin isolated, and given `BOOT_DEADLINE_MS` (StackBlitz out of reach must not hang the
 * workspace). Plane: main (the API needs the document); a worker reaches it through
 * the bridge. Contract: unavailability is `WebContainerUnavailableError` carrying the reason.
 * @module protocol/webcontainer/page-boot
 */
import { WebContainerUnavailableError } from './errors.ts'
import type { WebContainerLike } from './messages.ts'

/** The container workdir the workspace root maps onto. */
const WORKDIR_NAME = 'workspace'
/**
 * How long the page's WebContainer may take to boot. It loads from StackBlitz; out of reach (offline,
 * a blocking network or CSP) `WebContainer.boot()` may never settle, and every workspace call would wait with it.
 */
export const BOOT_DEADLINE_MS = 45_000

/** `boot`, or — when it fails or has not settled within `ms` — a `WebContainerUnavailableError` saying why. */
export function bootWithin<T>(boot: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WebContainerUnavailableError(`WebContainer did not boot within ${ms / 1000} s: it loads from StackBlitz (stackblitz.com), which this page could not reach (offline, or blocked by the network or a content-security policy). The embedded workspace works offline.`)), ms)
  })
  const failed = (error: Error) => {
    throw error instanceof WebContainerUnavailableError ? error : new WebContainerUnavailableError(`WebContainer did not boot: ${error.message}`)
  }
  return Promise.race([boot, deadline]).catch(failed).finally(() => clearTimeout(timer))
}

/** Why WebContainer cannot run here, or `undefined` when it may boot. */
export function webContainerUnavailableReason(): string | undefined {
  if (globalThis.crossOriginIsolated !== true) {
    return 'WebContainer needs a cross-origin isolated page (COOP: same-origin and COEP: require-corp headers); this page is not, so the embedded workspace is used.'
  }
  return undefined
}

let booting: Promise<WebContainerLike> | undefined

type ServerListener = (port: number, url: string) => void
const serverListeners = new Set<ServerListener>()
/** Servers announced so far (a listener added later still learns them). */
const servers = new Map<number, string>()

function announceServers(container: WebContainerLike): WebContainerLike {
  container.on?.('server-ready', (port, url) => {
    servers.set(port, url)
    for (const listener of serverListeners) listener(port, url)
  })
  return container
}

/** Calls `listener(port, url)` for every server the page's WebContainer opened or opens (`<dsh-workspace>`'s preview). */
export function onServerReady(listener: ServerListener): () => void {
  serverListeners.add(listener)
  for (const [port, url] of servers) listener(port, url)
  return () => serverListeners.delete(listener)
}

/** Boots the page's WebContainer once; later callers (a second widget) share the same instance. */
export function bootPageWebContainer(): Promise<WebContainerLike> {
  const reason = webContainerUnavailableReason()
  if (reason) return Promise.reject(new WebContainerUnavailableError(reason))
  booting ??= import('@webcontainer/api').then(
    ({ WebContainer }): Promise<WebContainerLike> => bootWithin(WebContainer.boot({ workdirName: WORKDIR_NAME }), BOOT_DEADLINE_MS).then(announceServers),
    (error: Error) => { throw new WebContainerUnavailableError(`@webcontainer/api could not be loaded: ${error.message}`) },
  )
  return booting
}
