/**
 * WebContainer gating and the one boot per page: `@webcontainer/api` is imported lazily and
 * booted at most once per realm (module-level promise), only when the page is cross-origin
 * isolated. Plane: worker/page. Contract: unavailability is a named error with the reason.
 * @module fs-webcontainer/boot
 */
import type { WebContainer } from '@webcontainer/api'

/** The part of the WebContainer API the providers use (a test fake implements exactly this). */
export type WebContainerLike = Pick<WebContainer, 'fs' | 'spawn' | 'mount'>

export class WebContainerUnavailableError extends Error {
  readonly code = 'WEBCONTAINER_UNAVAILABLE'
  constructor(reason: string) {
    super(reason)
    this.name = 'WebContainerUnavailableError'
  }
}

/** Why WebContainer cannot run here, or `undefined` when it may boot. */
export function webContainerUnavailableReason(): string | undefined {
  if (globalThis.crossOriginIsolated !== true) {
    return 'WebContainer needs a cross-origin isolated page (COOP: same-origin and COEP: require-corp headers); this page is not, so the embedded workspace is used.'
  }
  return undefined
}

let booting: Promise<WebContainerLike> | undefined

/** Boots the page's WebContainer once; later callers (a second widget) share the same instance. */
export function bootWebContainer(): Promise<WebContainerLike> {
  const reason = webContainerUnavailableReason()
  if (reason) return Promise.reject(new WebContainerUnavailableError(reason))
  booting ??= import('@webcontainer/api').then(({ WebContainer }) => WebContainer.boot({ workdirName: 'workspace' }))
  return booting
}
