/**
 * The widget's own view of `dsh-error`: each error the element reports also becomes a
 * dismissible notice naming, in the reader's language, what failed (from the action that was
 * under way) and what to do (from the error code), with the engine's message as detail.
 * Plane: main. Contract: the `dsh-error` event is unchanged; a notice never shows the API key
 * (messages come already scrubbed from the worker).
 * @module components/dsh-agent/error-notices
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { CommandKind } from '../../src/protocol/index.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'

/** What was under way when the error happened: a host command, one of the element's own steps, or a turn (the transcript's failed turn). */
export type FailedAction = CommandKind | 'start' | 'attribute' | 'workspace' | 'host' | 'turn'

export interface ErrorNotice { readonly id: number; readonly code: string; readonly message: string; readonly action: FailedAction }

/** The `failed` phrase for an action (several commands share one). */
function failedKey(action: FailedAction): keyof ShellStrings['failed'] {
  switch (action) {
    case 'start': case 'attribute': case 'workspace': case 'host': case 'turn': return action
    case 'host.configure': case 'provider.key': case 'webcontainer.attach': case 'data.delete-all': return 'settings'
    case 'agent.prompt': case 'agent.steer': case 'agent.inject': case 'agent.cancel': return 'prompt'
    case 'agent.compact': return 'compact'
    case 'agent.trim': return 'trim'
    case 'session.import': return 'import'
    case 'session.export': return 'export'
    case 'session.fork': return 'fork'
    case 'session.delete': return 'delete'
    case 'session.open': case 'session.takeOver': case 'session.subscribe': case 'session.list': return 'open'
    case 'approval.answer': return 'approval'
    case 'storage.flush': return 'storage'
    default: return 'other'
  }
}

/** `{what failed, what to do}` in the reader's language. */
export function describeError(notice: Pick<ErrorNotice, 'code' | 'action'>, s: ShellStrings): { what: string; todo: string } {
  const todo = (s.todo as Record<string, string>)[notice.code] ?? s.todo.default
  return { what: s.failed[failedKey(notice.action)], todo }
}

/** The notices area: one alert per notice, newest last, each with a Dismiss button. */
export function renderNotices(notices: readonly ErrorNotice[], s: ShellStrings, dismiss: (id: number) => void): TemplateResult | typeof nothing {
  if (notices.length === 0) return nothing
  return html`<div part="notices" class="notices">${notices.map((n) => {
    const { what, todo } = describeError(n, s)
    return html`<div part="error-notice" role="alert" data-code=${n.code}>
      <div class="notice-text"><strong>${what}${s.stop}</strong>${todo}
        <details><summary>${s.details}</summary><code>${n.code}</code>: ${n.message}</details></div>
      <button type="button" part="dismiss-button" class="icon" aria-label=${s.dismiss} title=${s.dismiss} @click=${() => dismiss(n.id)}>✕</button>
    </div>`
  })}</div>`
}
