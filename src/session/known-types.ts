/**
 * Runtime list of the event types a reader understands (dsh `KNOWN_SESSION_EVENT_TYPES`):
 * an unknown type without `ignorable: true` makes import and load refuse the log.
 * Plane: shared; constant. Plugins adding types declare them with `ctx.sessions.declareEventTypes`.
 * @module session/known-types
 */
import type { SessionEventType } from './types.ts'

const CORE = {
  'turn/start': true, 'turn/end': true, 'step/start': true, 'step/end': true, 'user/message': true,
  'assistant/chunk': true, 'assistant/message': true, 'tool/call': true, 'tool/result': true,
  'todo/write': true, 'request/header': true, 'request/context': true, 'session/end-seed': true,
  'agent/inbox/spliced': true, 'approval/asked': true, 'approval/decided': true, 'approval/policy': true,
  'sandbox/mode': true, 'permission/preset': true, 'llm/retry': true, 'llm/retry-started': true,
  'compaction/start': true, 'compaction/summary': true, 'compaction/end': true, 'compaction/prune': true,
} as const satisfies Partial<Record<SessionEventType, true>>

/**
 * Types dsh's standard plugins log (its `KNOWN_SESSION_EVENT_TYPES`, 0.1.0-rc.8) that this runtime
 * does not act on: a dsh file holding them imports and resumes, and they are kept and exported
 * verbatim (log-only here: no projection, no invariant of theirs is checked).
 */
export const DSH_LOG_ONLY_EVENT_TYPES: readonly string[] = [
  'agent-preset/selected', 'command/done', 'command/run', 'feedback/record', 'goal/change', 'hook/invoked',
  'hook/result', 'plan/mode', 'schedule/change', 'session/title', 'session/title-llm-request', 'subagent/descriptor',
  'team/member', 'team/message/delivered', 'team/message/queued', 'team/task', 'tool-workflow/agent-end',
  'tool-workflow/agent-start', 'tool-workflow/run-end', 'tool-workflow/run-start', 'tool/code-dispatch',
  'tool/code-dispatch-start', 'web/deepseek-search-llm-request',
]

export const KNOWN_SESSION_EVENT_TYPES: readonly string[] = [...Object.keys(CORE), ...DSH_LOG_ONLY_EVENT_TYPES]

const CANONICAL_TYPES: ReadonlyMap<string, string> = new Map(KNOWN_SESSION_EVENT_TYPES.map(type => [type, type]))

/**
 * This module's own string for a known event type (else `type` itself): a decoded event's `type`
 * is its own copy of the name, so 100k loaded events would hold 100k copies (~3 MiB) and every
 * type comparison would compare characters instead of references.
 */
export function canonicalEventType(type: string): string {
  switch (type) { // the types of nearly every event, compared before any hashing
    case 'assistant/chunk': return 'assistant/chunk'
    case 'assistant/message': return 'assistant/message'
    case 'tool/call': return 'tool/call'
    case 'tool/result': return 'tool/result'
    case 'user/message': return 'user/message'
    case 'step/start': return 'step/start'
    case 'step/end': return 'step/end'
    case 'turn/start': return 'turn/start'
    case 'turn/end': return 'turn/end'
    default: return CANONICAL_TYPES.get(type) ?? type
  }
}
