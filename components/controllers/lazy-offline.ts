/**
 * The offline controller (offline-controller.ts) and the chip and banners it draws (dsh-agent/offline-status.ts),
 * kept out of what loads before the widget is interactive: loaded at once when they have something
 * to do (the network is offline, or the host names a service worker), else in the background after
 * the first answer (dsh-agent/after-first-answer.ts) — before the network can drop, since without a
 * service worker nothing could be fetched then (a drop before that loads it when possible). Until loaded the
 * element listens for `online`/`offline` and announces the state it connects in (`dsh-offline`:
 * online, no service worker) as the controller would. Plane: main.
 * Contract: once loaded, the controller owns the state and its events; a load that fails is reported
 * once through `onFailure` and leaves the widget without the chip and banners.
 * @module components/controllers/lazy-offline
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { emit } from '../events/index.ts'
import { afterFirstAnswer } from '../dsh-agent/after-first-answer.ts'
import type { OfflineController } from './offline-controller.ts'

type Draw = (offline: OfflineController, lang: string) => TemplateResult | typeof nothing

interface Loaded {
  readonly controller: OfflineController
  readonly status: Draw
  readonly banners: Draw
}

export class LazyOffline implements ReactiveController {
  #loaded: Loaded | undefined
  #loading: Promise<Loaded> | undefined
  /** The connect-time state was announced here (the controller then does not repeat it). */
  #announced = false

  /** @param wanted whether the host asks for a service worker (then the controller loads at connect). */
  constructor(private readonly host: ReactiveControllerHost & HTMLElement, private readonly wanted: () => boolean, private readonly onFailure: (error: Error) => void) {
    host.addController(this)
    afterFirstAnswer(host, this.#need)
  }

  hostConnected(): void {
    if (this.#loaded) return
    addEventListener('online', this.#need)
    addEventListener('offline', this.#need)
    if (!navigator.onLine || this.wanted()) return this.#need()
    if (this.#loading) return
    this.#announced = true
    emit(this.host, 'dsh-offline', { online: true, readiness: 'none', updateWaiting: false })
  }

  hostDisconnected(): void {
    this.#stopListening()
  }

  /** Registers the service worker at `url` once (OfflineController.register), loading the controller first. */
  register(url: string, scope?: string): void {
    void this.#load().then(({ controller }) => controller.register(url, scope), () => undefined)
  }

  /** The header's network chip, or nothing until the controller has loaded (there is nothing to show before). */
  status(lang: string): TemplateResult | typeof nothing {
    return this.#loaded ? this.#loaded.status(this.#loaded.controller, lang) : nothing
  }

  /** The offline banners below the header, or nothing until loaded. */
  banners(lang: string): TemplateResult | typeof nothing {
    return this.#loaded ? this.#loaded.banners(this.#loaded.controller, lang) : nothing
  }

  readonly #need = (): void => void this.#load().catch(() => undefined)

  #load(): Promise<Loaded> {
    this.#loading ??= Promise.all([import('./offline-controller.ts'), import('../dsh-agent/offline-status.ts')]).then(([{ OfflineController }, { renderNetworkStatus, renderOfflineBanners }]) => {
      this.#stopListening()
      this.#loaded = { controller: new OfflineController(this.host, { announced: this.#announced }), status: renderNetworkStatus, banners: renderOfflineBanners }
      this.host.requestUpdate()
      return this.#loaded
    }, (error: unknown) => {
      this.#stopListening()
      const failure = error instanceof Error ? error : new Error(String(error))
      this.onFailure(failure)
      throw failure
    })
    return this.#loading
  }

  #stopListening(): void {
    removeEventListener('online', this.#need)
    removeEventListener('offline', this.#need)
  }
}
