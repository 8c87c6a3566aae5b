/**
 * The banner of a boot that has no session to show (`OpenRecovery.problem`): the open failed (its
 * reason is the notice above) or is slow, with "Try again" and "Start a new conversation".
 * Plane: main.
 * @module components/dsh-agent/open-failure-banner
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { OpenRecovery } from '../controllers/open-recovery.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'

export function renderOpenFailure(recovery: OpenRecovery, s: ShellStrings): TemplateResult | typeof nothing {
  if (!recovery.problem) return nothing
  return html`<span part="open-failed-banner" role="alert" data-problem=${recovery.problem}>${recovery.problem === 'failed' ? s.openFailed : s.startSlow}
    <button type="button" part="retry-button" @click=${() => recovery.retry()}>${s.retry}</button>
    <button type="button" part="start-new-button" @click=${() => recovery.startNew()}>${s.startNew}</button></span>`
}
