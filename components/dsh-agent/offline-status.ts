/**
 * The widget's network state, drawn from `OfflineController`: the header's online/offline chip (with
 * the state of the offline copy when a service worker is in use) and the banners below the header:
 * what still works while offline, why offline use is unavailable, and the "Reload to update" notice
 * of a waiting new version. Plane: main.
 * Contract: nothing is drawn while online with no service worker asked for.
 * @module components/dsh-agent/offline-status
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { OfflineController } from '../controllers/offline-controller.ts'
import { offlineStrings } from '../i18n/offline-strings.ts'

/** The header's chip. */
export function renderNetworkStatus(offline: OfflineController, lang: string): TemplateResult | typeof nothing {
  const s = offlineStrings(lang)
  const readiness = offline.readiness
  if (offline.online && readiness.state === 'none' && !offline.updateWaiting) return nothing
  const copy = !offline.online ? undefined : readiness.state === 'ready' ? s.offlineReady : readiness.state === 'checking' ? s.offlineChecking : undefined
  return html`<span part="network-status" role="status" data-online=${offline.online ? 'true' : 'false'} data-readiness=${readiness.state}
      data-version=${readiness.state === 'ready' ? readiness.version : ''}>
      <span class="dot" aria-hidden="true"></span><span class="network-text">${offline.online ? s.online : s.offline}${copy ? html` · ${copy}` : nothing}</span></span>`
}

/** The banners below the header (nothing while online with nothing to say). */
export function renderOfflineBanners(offline: OfflineController, lang: string): TemplateResult {
  const s = offlineStrings(lang)
  const readiness = offline.readiness
  // No text between the parts: with none shown the banners row stays `:empty`.
  return html`${offline.online ? nothing : html`<span part="offline-banner" role="status">${s.offlineWorks}</span>`}${
    readiness.state === 'unavailable' ? html`<span part="offline-unavailable" role="status">${s.offlineUnavailable}: ${readiness.reason}</span>` : nothing}${
    offline.updateWaiting ? html`<span part="update-notice" role="status">${s.updateReady}
      <button type="button" part="reload-button" @click=${() => offline.reloadToUpdate()}>${s.reloadToUpdate}</button></span>` : nothing}`
}
