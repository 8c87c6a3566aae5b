/**
 * Wires one runtime's live events to the host: the session feed, agent status, the approval
 * answerer and storage health. Plane: worker. Contract: every listener is registered on the
 * runtime's root context, so disposing the runtime removes all of them.
 * @module host/runtime-events
 */
import type { StorageState } from '../protocol/messages.ts'
import type { SessionId } from '../util/brand.ts'
import type { HostRuntime, RuntimeEventsHost } from './types.ts'
import { followAfterTakeOver } from './session-access.ts'
import type {} from '../agent-loop/events.ts'
import type {} from '../approval/events.ts'
import type {} from '../session/index.ts'
import type {} from '../session-idb/events.ts'

/** session-idb's reports: `storage/state {sessionId, saving, durableSeq}`, `storage/error {code, message, sessionId?}`. */
interface StorageReport { code?: unknown; message?: unknown; saving?: unknown; sessionId?: unknown }

/** Maps the persistence layer's report onto the protocol's storage state. */
export function toStorageState(report: StorageReport, failed: boolean): StorageState {
  const state: StorageState = { health: failed ? 'error' : report.saving === false ? 'memory-only' : 'ok' }
  if (typeof report.code === 'string') state.code = report.code
  if (typeof report.message === 'string') state.message = report.message
  return state
}

export function watchRuntime(host: RuntimeEventsHost, runtime: HostRuntime): void {
  const on = runtime.ctx.on.bind(runtime.ctx)
  on('session/event', host.feeds.onEvent)
  on('agent/status', ({ agent, status }) => {
    if (host.agents.has(agent.id)) host.sink.post({ kind: 'agent.status', sessionId: agent.id as SessionId, status })
  })
  on('approval/request', host.approvals.answer)
  // A session this worker only follows is saved by its writer: its "not saving" here is no storage problem.
  const followed = (report: StorageReport) => typeof report.sessionId === 'string' && host.followers.has(report.sessionId)
  on('storage/state', (report: StorageReport) => {
    if (!followed(report)) host.sink.post({ kind: 'storage.state', state: toStorageState(report, false) })
  })
  on('storage/error', (report: StorageReport) => {
    const takenOver = report.code === 'SESSION_TAKEN_OVER' && followAfterTakeOver(host, runtime, report.sessionId as SessionId)
    if (!takenOver && !followed(report)) host.sink.post({ kind: 'storage.state', state: toStorageState(report, true) })
  })
}
