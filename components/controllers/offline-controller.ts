/**
 * Offline state for `<dsh-agent>`: the network (`navigator.onLine`, `online`/`offline` events) and,
 * when the host names a service worker, its registration (workbox-window, loaded only then), whether
 * its offline copy is complete, and a waiting new version (`reloadToUpdate` switches and reloads).
 * Plane: main. Contract: never throws — a service worker that fails to install or a cache the
 * browser evicted leaves the page on the network and becomes `readiness: unavailable` with the reason
 * (an evicted copy is then fetched again while online). Each change is announced as `dsh-offline`.
 * @module components/controllers/offline-controller
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { Workbox } from 'workbox-window'
import { emit } from '../events/index.ts'

/** `none`: no service worker asked for; `checking`: installing or being asked; `ready`: every precached file is in the cache. */
export type OfflineReadiness =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'ready'; version: string }
  | { state: 'unavailable'; reason: string }

interface OfflineStatus { version: string; total: number; cached: number }

/** How long installing (precaching the embed) may take before the widget says offline use is unavailable. */
const INSTALL_PATIENCE_MS = 60_000

export class OfflineController implements ReactiveController {
  online = navigator.onLine
  readiness: OfflineReadiness = { state: 'none' }
  /** A new version is installed and waits; the page keeps running the one it loaded until `reloadToUpdate`. */
  updateWaiting = false
  #workbox: Workbox | undefined
  #registered: string | undefined

  /** Connect-time state already announced (lazy-offline.ts): the first connection announces only a change. */
  #announced: boolean

  constructor(private readonly host: ReactiveControllerHost & HTMLElement, { announced = false }: { announced?: boolean } = {}) {
    this.#announced = announced
    host.addController(this)
  }

  hostConnected(): void {
    addEventListener('online', this.#onNetwork)
    addEventListener('offline', this.#onNetwork)
    if (this.#announced && navigator.onLine) this.online = true
    else this.#onNetwork()
    this.#announced = false
  }

  hostDisconnected(): void {
    removeEventListener('online', this.#onNetwork)
    removeEventListener('offline', this.#onNetwork)
  }

  /** Registers the service worker at `url` once (a later, different URL is ignored: one worker per scope). */
  register(url: string, scope?: string): void {
    if (this.#registered !== undefined || url === '') return
    this.#registered = url
    this.#set({ state: 'checking' })
    void this.#register(url, scope).catch((error: unknown) => this.#set({ state: 'unavailable', reason: `the service worker did not install: ${error instanceof Error ? error.message : String(error)}` }))
  }

  /** Lets the waiting version take over, then reloads the page into it. */
  reloadToUpdate(): void {
    const workbox = this.#workbox
    if (!workbox) return
    workbox.addEventListener('controlling', () => location.reload())
    workbox.messageSkipWaiting()
  }

  async #register(url: string, scope: string | undefined): Promise<void> {
    if (!('serviceWorker' in navigator)) throw new Error('this browser or page (not a secure context?) has no service workers')
    const { Workbox, messageSW } = await import('workbox-window')
    const workbox = new Workbox(url, scope === undefined ? undefined : { scope })
    this.#workbox = workbox
    workbox.addEventListener('waiting', () => {
      this.updateWaiting = true
      this.#changed()
    })
    const registration = await workbox.register({ immediate: true })
    if (!registration) throw new Error('registration was refused')
    // The version this page runs: its controller's (the first visit's page has none yet: the new active worker's).
    const ask = (repair: boolean) => workbox.active.then(() => messageSW(navigator.serviceWorker.controller ?? registration.active!, { type: 'DSH_OFFLINE_STATUS', repair, page: location.href }) as Promise<OfflineStatus>)
    const status = await installed(registration, ask(false))
    if (status.cached === status.total) return this.#set({ state: 'ready', version: status.version })
    this.#set({ state: 'unavailable', reason: `the offline copy is incomplete (${status.cached} of ${status.total} files; the browser may have evicted it)${this.online ? ' — restoring it' : ''}` })
    if (!this.online) return
    const repaired = await ask(true)
    if (repaired.cached === repaired.total) this.#set({ state: 'ready', version: repaired.version })
  }

  #onNetwork = (): void => {
    this.online = navigator.onLine
    this.#changed()
  }

  #set(readiness: OfflineReadiness): void {
    this.readiness = readiness
    this.#changed()
  }

  #changed(): void {
    this.host.requestUpdate()
    const { readiness } = this
    emit(this.host, 'dsh-offline', { online: this.online, readiness: readiness.state, ...(readiness.state === 'unavailable' ? { reason: readiness.reason } : {}), updateWaiting: this.updateWaiting })
  }
}

/**
 * `answer`, unless the first install fails first: a precache that cannot load turns the installing
 * worker redundant, and an install taking longer than INSTALL_PATIENCE_MS is given up on.
 */
function installed<T>(registration: ServiceWorkerRegistration, answer: Promise<T>): Promise<T> {
  const first = registration.active ? undefined : registration.installing ?? registration.waiting
  let timer: ReturnType<typeof setTimeout> | undefined
  const failed = new Promise<never>((_resolve, reject) => {
    first?.addEventListener('statechange', () => { if (first.state === 'redundant') reject(new Error('installing failed (a file of the offline copy did not load)')) })
    timer = setTimeout(() => reject(new Error(`not active after ${INSTALL_PATIENCE_MS / 1000} s`)), INSTALL_PATIENCE_MS)
  })
  return Promise.race([answer, failed]).finally(() => clearTimeout(timer))
}
