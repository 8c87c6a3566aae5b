/**
 * Page lifecycle for `<dsh-agent>`: asks the worker to flush the session log when the page is hidden
 * or left (`visibilitychange` → hidden, `pagehide` — then also to say goodbye: MCP sessions end), and
 * asks once per page for persistent storage.
 * Plane: main. Contract: best effort — never throws, never delays the page going away.
 * @module components/controllers/page-lifecycle
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

export class PageLifecycleController implements ReactiveController {
  /** @param flush `leaving`: the page is going away (pagehide), not only hidden. */
  constructor(host: ReactiveControllerHost, private readonly flush: (leaving: boolean) => void) {
    host.addController(this)
  }

  hostConnected(): void {
    addEventListener('pagehide', this.#leave)
    document.addEventListener('visibilitychange', this.#onVisibility)
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.#leave)
    document.removeEventListener('visibilitychange', this.#onVisibility)
  }

  #leave = (): void => this.flush(true)

  #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.flush(false)
  }
}

/** `persisted`: the browser keeps this origin's storage; `best-effort`: it may evict it; `unavailable`: it has no `persist()` (WebKit). */
export type Persistence = 'persisted' | 'best-effort' | 'unavailable'

let persisted: Promise<Persistence> | undefined

/**
 * Asks the browser, once per page, not to evict this origin's storage under pressure. Best
 * effort: a denial or a failure is `best-effort`; a browser without the API is `unavailable`.
 */
export function requestPersistentStorage(): Promise<Persistence> {
  persisted ??= Promise.resolve()
    .then(async (): Promise<Persistence> => {
      if (typeof navigator.storage?.persist !== 'function') return 'unavailable'
      return (await navigator.storage.persist()) ? 'persisted' : 'best-effort'
    })
    .catch((): Persistence => 'best-effort')
  return persisted
}
