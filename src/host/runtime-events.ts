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
import { forwardWorkspaceEvents } from './workspace-events.ts'
import type {} from '../agent-loop/events.ts'
import type {} from '../approval/events.ts'
import type {} from '../session/index.ts'
import type {} from '../session-idb/events.ts'
import type {} from '../fs/file-system.ts'
import type { WorkspaceSaveState } from '../fs/types.ts'

/** session-idb's reports: `storage/state {sessionId, saving, durableSeq}`, `storage/error {code, message, sessionId?}`. */
interface StorageReport { code?: unknown; message?: unknown; saving?: unknown; sessionId?: unknown }

/** The cause of the last failure, per session (`''`: the backend as a whole), kept until saving resumes. */
type Causes = Map<string, { code: string; message: string }>

/**
 * `state` with the workspace's save state: unsaved files make a healthy state an `error` with the
 * workspace's cause (a session's own problem keeps its cause first). Paths are shown relative.
 */
export function withWorkspace(state: StorageState, workspace: WorkspaceSaveState | undefined, display: (path: string) => string): StorageState {
  if (!workspace) return state
  if (workspace.saved) return { ...state, workspace: { saved: true } }
  const unsaved = workspace.unsaved.map(display)
  const merged: StorageState = { ...state, workspace: { saved: false, unsaved } }
  return state.health === 'ok' ? { ...merged, health: 'error', code: workspace.code, message: workspace.message } : merged
}

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
  forwardWorkspaceEvents(host.sink, runtime)
  // A session this worker only follows is saved by its writer: its "not saving" here is no storage problem.
  const followed = (report: StorageReport) => typeof report.sessionId === 'string' && host.followers.has(report.sessionId)
  const causes: Causes = new Map()
  const keyOf = (report: StorageReport) => (typeof report.sessionId === 'string' ? report.sessionId : '')
  // The sessions' last state and the workspace's: each report posts both, so neither hides the other.
  let sessions: StorageState = { health: 'ok' }
  let workspace: WorkspaceSaveState | undefined
  const post = () => host.sink.post({ kind: 'storage.state', state: withWorkspace(sessions, workspace, (path) => runtime.ctx.fs.resolve(path).displayPath) })
  on('storage/state', (report: StorageReport) => {
    if (followed(report)) return
    if (report.saving !== false) causes.delete(keyOf(report))
    // "Not saving" keeps the cause (and its remedy) that stopped saving: never a bare memory-only.
    sessions = toStorageState({ ...report, ...causes.get(keyOf(report)) }, false)
    post()
  })
  on('storage/error', (report: StorageReport) => {
    const takenOver = report.code === 'SESSION_TAKEN_OVER' && followAfterTakeOver(host, runtime, report.sessionId as SessionId)
    if (takenOver || followed(report)) return
    sessions = toStorageState(report, true)
    post()
    reportCause(host, causes, keyOf(report), report)
  })
  on('fs/save-state', (state) => {
    workspace = state
    post()
    if (state.saved) causes.delete(WORKSPACE)
    else reportCause(host, causes, WORKSPACE, { code: 'WORKSPACE_NOT_SAVED', message: `${state.code}: ${state.message}` })
  })
}

/** The key of the workspace's cause beside the sessions' (never a session id). */
const WORKSPACE = 'workspace:'

/** A new cause becomes a `host.error` (the element's `dsh-error`) once; repeats of it stay silent. */
function reportCause(host: RuntimeEventsHost, causes: Causes, key: string, report: StorageReport): void {
  if (typeof report.code !== 'string') return
  const message = typeof report.message === 'string' ? report.message : report.code
  if (causes.get(key)?.code === report.code) return
  causes.set(key, { code: report.code, message })
  host.sink.post({ kind: 'host.error', code: report.code, message, ...(key && key !== WORKSPACE ? { sessionId: key as SessionId } : {}) })
}
