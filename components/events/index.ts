/**
 * The `dsh-*` DOM event vocabulary, its typed map and the one emit helper (bubbles, composed).
 * Plane: main.
 * @module components/events/index
 */
import type { DshReadyDetail } from './dsh-ready.ts'
import type { DshTurnStartDetail } from './dsh-turn-start.ts'
import type { DshTurnEndDetail } from './dsh-turn-end.ts'
import type { DshErrorDetail } from './dsh-error.ts'
import type { DshApprovalDecideDetail, DshSessionActionDetail, DshSettingsChangeDetail, DshSubmitDetail } from './ui-events.ts'

export type * from './dsh-ready.ts'
export type * from './dsh-turn-start.ts'
export type * from './dsh-turn-end.ts'
export type * from './dsh-error.ts'
export type * from './ui-events.ts'

export interface DshEventDetails {
  'dsh-ready': DshReadyDetail
  'dsh-turn-start': DshTurnStartDetail
  'dsh-turn-end': DshTurnEndDetail
  'dsh-error': DshErrorDetail
  'dsh-submit': DshSubmitDetail
  'dsh-cancel': Record<string, never>
  'dsh-approval-decide': DshApprovalDecideDetail
  'dsh-session-action': DshSessionActionDetail
  'dsh-settings-change': DshSettingsChangeDetail
}

declare global {
  interface GlobalEventHandlersEventMap {
    'dsh-ready': CustomEvent<DshReadyDetail>
    'dsh-turn-start': CustomEvent<DshTurnStartDetail>
    'dsh-turn-end': CustomEvent<DshTurnEndDetail>
    'dsh-error': CustomEvent<DshErrorDetail>
    'dsh-submit': CustomEvent<DshSubmitDetail>
    'dsh-cancel': CustomEvent<Record<string, never>>
    'dsh-approval-decide': CustomEvent<DshApprovalDecideDetail>
    'dsh-session-action': CustomEvent<DshSessionActionDetail>
    'dsh-settings-change': CustomEvent<DshSettingsChangeDetail>
  }
}

/** Dispatches a typed `dsh-*` event from `target` (bubbles, composed). */
export function emit<K extends keyof DshEventDetails>(target: EventTarget, name: K, detail: DshEventDetails[K]): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }))
}
