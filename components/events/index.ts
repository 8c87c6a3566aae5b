/**
 * The `dsh-*` DOM event vocabulary: one map of names to details and whether each is cancelable,
 * from which `GlobalEventHandlersEventMap` is derived, and the one emit helper (bubbles, composed).
 * Plane: main. Contract: only request-style events (a part asking `<dsh-agent>` to act) are
 * cancelable; notices of what already happened (`dsh-ready`, `dsh-turn-*`, `dsh-error`) are not.
 * @module components/events/index
 */
import type { DshReadyDetail } from './dsh-ready.ts'
import type { DshTurnStartDetail } from './dsh-turn-start.ts'
import type { DshTurnEndDetail } from './dsh-turn-end.ts'
import type { DshErrorDetail } from './dsh-error.ts'
import type { DshOfflineDetail } from './dsh-offline.ts'
import type { DshApprovalDecideDetail, DshHistoryRequestDetail, DshMcpChangeDetail, DshQuestionAnswerDetail, DshSessionActionDetail, DshSettingsChangeDetail, DshSubmitDetail } from './ui-events.ts'

export type * from './dsh-ready.ts'
export type * from './dsh-turn-start.ts'
export type * from './dsh-turn-end.ts'
export type * from './dsh-error.ts'
export type * from './dsh-offline.ts'
export type * from './ui-events.ts'

/** Every `dsh-*` event name and its `detail`: the single source of the DOM event types. */
export interface DshEventDetails {
  'dsh-ready': DshReadyDetail
  'dsh-turn-start': DshTurnStartDetail
  'dsh-turn-end': DshTurnEndDetail
  'dsh-error': DshErrorDetail
  'dsh-offline': DshOfflineDetail
  'dsh-submit': DshSubmitDetail
  'dsh-cancel': Record<string, never>
  'dsh-approval-decide': DshApprovalDecideDetail
  'dsh-question-answer': DshQuestionAnswerDetail
  'dsh-session-action': DshSessionActionDetail
  'dsh-settings-change': DshSettingsChangeDetail
  'dsh-history-request': DshHistoryRequestDetail
  'dsh-mcp-change': DshMcpChangeDetail
}

export type DshEventName = keyof DshEventDetails

/** The typed event object of each name (what `addEventListener` hands a listener). */
export type DshEventMap = { [K in DshEventName]: CustomEvent<DshEventDetails[K]> }

/**
 * Whether each event is a request (cancelable: a listener may `preventDefault()` the intent) or a
 * notice of a fact (not cancelable). A Record, so a new event cannot be added without deciding.
 */
export const DSH_EVENT_CANCELABLE: Readonly<Record<DshEventName, boolean>> = {
  'dsh-ready': false,
  'dsh-turn-start': false,
  'dsh-turn-end': false,
  'dsh-error': false,
  'dsh-offline': false,
  'dsh-submit': true,
  'dsh-cancel': true,
  'dsh-approval-decide': true,
  'dsh-question-answer': true,
  'dsh-session-action': true,
  'dsh-settings-change': true,
  'dsh-history-request': true,
  'dsh-mcp-change': true,
}

declare global {
  // Derived from DshEventMap: adding an event to DshEventDetails types its listeners everywhere.
  interface GlobalEventHandlersEventMap extends DshEventMap {}
}

/**
 * Dispatches a typed `dsh-*` event from `target` (bubbles, composed; cancelable only for requests).
 * @returns false when a listener vetoed a request event (`preventDefault()`), else true.
 */
export function emit<K extends DshEventName>(target: EventTarget, name: K, detail: DshEventDetails[K]): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: DSH_EVENT_CANCELABLE[name] }))
}
