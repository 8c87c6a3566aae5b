/**
 * Page lifecycle for `<dsh-agent>`: asks the worker to flush the session log when the page is hidden
 * or left (`visibilitychange` → hidden, `pagehide`), and asks once per page for persistent storage.
 * Plane: main. Contract: best effort — never throws, never delays the page going away.
 * @module components/controllers/page-lifecycle
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

export class PageLifecycleController implements ReactiveController {
  constructor(host: ReactiveControllerHost, private readonly flush: () => void) {
    host.addController(this)
  }

  hostConnected(): void {
    addEventListener('pagehide', this.#flush)
    document.addEventListener('visibilitychange', this.#onVisibility)
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.#flush)
    document.removeEventListener('visibilitychange', this.#onVisibility)
  }

  #flush = (): void => this.flush()

  #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.flush()
  }
}

let persisted: Promise<boolean> | undefined

/**
 * Asks the browser, once per page, not to evict this origin's storage under pressure. Best
 * effort: resolves false when denied or unsupported (the sessions then stay "best-effort" storage).
 */
export function requestPersistentStorage(): Promise<boolean> {
  persisted ??= Promise.resolve()
    .then(() => navigator.storage?.persist?.() ?? false)
    .catch(() => false)
  return persisted
}
