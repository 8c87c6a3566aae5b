/**
 * Tool progress in the log: each `tools/progress` of a call an agent runs is appended to its session
 * as a log-only `tool/progress {callId, progress, total?, message?}` (written `ignorable`), so the
 * tool card shows how far the call is, live and on replay. Plane: worker.
 * Contract: at most one event per call every 250 ms and 200 per call (a chatty server cannot flood the
 * log); a report that reaches its `total` always goes through.
 * @module plugins/tool-progress
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../../tools/events.ts'
import type { ToolProgress } from '../../tools/types.ts'

export const name = 'tool-progress'
export const inject = ['tools', 'sessions']
export const EVENT_TYPES = ['tool/progress'] as const

const MIN_SPACING_MS = 250
const MAX_PER_CALL = 200

declare module '../../session/types.ts' {
  interface SessionEventMap {
    /** How far a running tool call is (reported by its body, e.g. an MCP server's `notifications/progress`). */
    'tool/progress': { callId: string } & ToolProgress
  }
}

export function apply(ctx: Context): void {
  ctx.effect(() => ctx.sessions.declareEventTypes(EVENT_TYPES))
  const written = new Map<symbol, { at: number; count: number }>()
  ctx.on('tools/result', (exec) => void written.delete(exec.token))
  ctx.on('tools/progress', (exec, progress) => {
    const session = exec.agent?.session
    if (!session || session.isClosed) return
    const last = written.get(exec.token)
    const now = Date.now()
    const completes = progress.total !== undefined && progress.progress >= progress.total
    if (last && (last.count >= MAX_PER_CALL || (!completes && now - last.at < MIN_SPACING_MS))) return
    written.set(exec.token, { at: now, count: (last?.count ?? 0) + 1 })
    session.append('tool/progress', { callId: exec.callId, ...progress }, { ignorable: true })
  })
}
