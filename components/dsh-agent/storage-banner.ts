/**
 * The widget's storage banner: whether sessions are being saved, and — in the reader's language —
 * why not and what to do (the remedy for the storage state's code), the engine's own message kept
 * as the banner's title. Plane: main.
 * @module components/dsh-agent/storage-banner
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { StorageState } from '../../src/protocol/index.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'
import type { Strings } from '../i18n/strings.ts'
import { unsavedFiles } from '../dsh-session-list/unsaved-files.ts'

/** The remedy for `state.code` in the reader's language, else the engine's message (untranslated codes). */
function cause(state: StorageState, shell: ShellStrings): string | undefined {
  const translated = state.code === undefined ? undefined : (shell.todo as Record<string, string>)[state.code]
  return translated ?? state.message
}

/** Nothing while storage is healthy. */
export function renderStorageBanner(state: StorageState | undefined, s: Strings, shell: ShellStrings): TemplateResult | typeof nothing {
  if (!state || state.health === 'ok') return nothing
  const why = cause(state, shell)
  return html`<span part="storage-banner" role="alert" title=${state.message ?? nothing} data-code=${state.code ?? nothing}>${state.health === 'memory-only' ? s.storageMemory : s.storageError}${why ? html`: ${why}` : nothing}${unsavedFiles(state, s)}</span>`
}
