/**
 * The header row of `<dsh-agent>`, one row at every width: the site's `logo` slot and the title
 * (`header-title`), the network chip, find, the operator tools (Compact, Trim, Sessions, Settings —
 * hidden with `controls="reader"`, folded into a menu where the widget is narrow) and, in launcher
 * mode, the close button. The banners are the row below (banners.ts). Plane: main.
 * @module components/dsh-agent/header
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { Strings } from '../i18n/strings.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'
import type { HeaderMenu } from './header-menu.ts'

export interface HeaderInput {
  /** `header-title`, or the product name. */
  title: string
  s: Strings
  sh: ShellStrings
  /** The network chip (lazy: nothing until loaded). */
  offline: unknown
  /** The operator tools are shown (`controls="full"`). */
  full: boolean
  launcher: boolean
  running: boolean
  canDrive: boolean
  panel: 'none' | 'sessions' | 'settings'
  openFind(): void
  compact(): void
  trim(): void
  toggle(panel: 'sessions' | 'settings'): void
  close(): void
  /** The overflow menu the tools fold into where the widget is narrow. */
  menu: HeaderMenu
}

export function renderHeader(h: HeaderInput): TemplateResult {
  const { s } = h
  const idle = h.running || !h.canDrive
  return html`<div part="header" class="header" @keydown=${(e: KeyboardEvent) => h.menu.onKeydown(e)}>
      <slot name="logo"></slot><span part="title">${h.title || 'dsh-agent'}</span>
      ${h.offline}
      <button type="button" part="find-button" class="icon" aria-label=${s.findLabel} title=${`${s.findLabel} (Ctrl+F)`} aria-keyshortcuts="Control+F Meta+F"
        @click=${h.openFind}><span class="magnifier" aria-hidden="true"></span></button>
      ${h.full ? html`<button type="button" part="more-button" class="icon more" aria-label=${h.sh.more} title=${h.sh.more} aria-expanded=${h.menu.open} aria-controls="tools"
        @click=${() => h.menu.toggle()}><span class="dots" aria-hidden="true"></span></button>
      <div class="tools" id="tools" ?data-open=${h.menu.open} @click=${() => h.menu.close()}>
        <button type="button" part="compact-button" title=${s.compactHint} ?disabled=${idle} @click=${h.compact}>${s.compact}</button>
        <button type="button" part="trim-button" title=${s.trimHint} ?disabled=${idle} @click=${h.trim}>${s.trim}</button>
        <button type="button" part="sessions-toggle" aria-expanded=${h.panel === 'sessions'} @click=${() => h.toggle('sessions')}>${s.sessions}</button>
        <button type="button" part="settings-toggle" aria-expanded=${h.panel === 'settings'} @click=${() => h.toggle('settings')}>${s.settings}</button>
      </div>` : nothing}
      ${h.launcher ? html`<button type="button" part="close-button" class="icon" aria-label=${h.sh.close} title=${h.sh.close} @click=${h.close}>✕</button>` : nothing}
    </div>`
}
