/**
 * A runtime restart (new settings, a key, an MCP token, page tools) keeps the sessions of a
 * `storage: 'memory'` runtime: before the old runtime goes, its agents stop (an open turn ends
 * `aborted`) and every session is exported as dsh JSONL; the new runtime imports them, so
 * `session.open(id)` resumes the same conversation. Plane: worker. Contract: a session that cannot
 * be carried is named in a `host.error` (`SESSION_NOT_CARRIED`); the restart goes on.
 * @module host/memory-carry
 */
import type { HostRuntime } from './types.ts'
import type {} from '../agent-loop/service.ts'

/** Reports one session that could not be carried. */
export type CarryReport = (sessionId: string, error: unknown) => void

/** Stops every agent of `runtime`, then exports each of its sessions (JSONL), oldest first. */
export async function exportMemorySessions(runtime: HostRuntime, report: CarryReport): Promise<string[]> {
  const agents = runtime.ctx.agents
  await Promise.all(agents.list().map((agent) => agents.dispose(agent.id)))
  const listed = await runtime.sessions.list()
  const carried: string[] = []
  for (const { header } of [...listed].reverse()) {
    try {
      carried.push(await runtime.sessions.export(header.id))
    } catch (error) {
      report(header.id, error)
    }
  }
  return carried
}

/** Stores the carried sessions in `runtime` (not opened: the page's `session.open` resumes one). */
export async function importCarried(runtime: HostRuntime, carried: readonly string[], report: CarryReport): Promise<void> {
  for (const jsonl of carried) {
    try {
      await runtime.sessions.import(jsonl)
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SESSION_ALREADY_EXISTS') continue // the new storage holds it already
      report(sessionIdOf(jsonl), error)
    }
  }
}

function sessionIdOf(jsonl: string): string {
  try {
    return String((JSON.parse(jsonl.slice(0, jsonl.indexOf('\n'))) as { id?: unknown }).id)
  } catch {
    return 'unknown'
  }
}
