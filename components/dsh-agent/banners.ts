/**
 * The banners row below `<dsh-agent>`'s header: the offline banners, storage, opening a stored
 * session, a failed open (with retry), read-only (with take over) and the workspace's. A row of
 * their own, so the header stays one row however many show. Plane: main.
 * @module components/dsh-agent/banners
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { StorageState } from '../../src/protocol/index.ts'
import type { Strings } from '../i18n/strings.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'
import type { OpenRecovery } from '../controllers/open-recovery.ts'
import { renderOpenFailure } from './open-failure-banner.ts'
import { renderStorageBanner } from './storage-banner.ts'

export interface BannersInput {
  s: Strings
  sh: ShellStrings
  /** The offline banners (lazy: nothing until loaded). */
  offline: unknown
  storage: StorageState | undefined
  opening: boolean
  /** The boot's open (its failed or slow state, with a retry). */
  recovery: OpenRecovery
  readOnly: boolean
  workspaceNotice: string
  takeOver(): void
}

/** The row; empty (and then not shown: `.banners:empty`) when no banner applies. */
export function renderBanners(b: BannersInput): TemplateResult {
  const { s } = b
  return html`<div part="banners" class="banners">${b.offline}${renderStorageBanner(b.storage, s, b.sh)}${
    b.opening ? html`<span part="opening-banner" role="status">${s.opening}</span>` : nothing}${renderOpenFailure(b.recovery, b.sh)}${
    b.readOnly ? html`<span part="read-only-banner" role="status">${s.readOnly}
      <button type="button" part="take-over-button" @click=${b.takeOver}>${s.takeOver}</button></span>` : nothing}${
    b.workspaceNotice ? html`<span part="workspace-banner" role="status">${s.webContainerUnavailable}: ${b.workspaceNotice}</span>` : nothing}</div>`
}
