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

export const KNOWN_SESSION_EVENT_TYPES: readonly string[] = Object.keys(CORE)
