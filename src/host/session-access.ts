/**
 * Who writes a session from this worker: open as writer, or follow read-only when another instance
 * writes it (SESSION_LOCKED); take over (fenced) keeping the page's feed; follow again when taken over.
 * Plane: worker. Contract: a followed session shows only stored events. @module host/session-access
 */
import type { Agent } from '../agent-loop/types.ts'
import type { SessionOpened } from '../protocol/messages.ts'
import type { SessionId } from '../util/brand.ts'
import { HostError, type AgentHost } from './host.ts'
import type { HostFollowingPersistence, HostRuntime } from './types.ts'

/** The runtime services that close a writer's agent and live session (the stored log stays). */
interface WriterServices {
  agents: { dispose(id: SessionId): Promise<void> }
  sessions: { close(id: SessionId): boolean }
}

/** `ctx.sessionPersistence` when it can follow and take over (session-idb), else undefined. */
function followingPersistence(runtime: HostRuntime): HostFollowingPersistence | undefined {
  const ctx = runtime.ctx as unknown as { get(name: string, strict: false): Partial<HostFollowingPersistence> | undefined }
  const persistence = ctx.get('sessionPersistence', false)
  const able = typeof persistence?.follow === 'function' && typeof persistence.takeOver === 'function' && typeof persistence.inspect === 'function'
  return able ? persistence as HostFollowingPersistence : undefined
}

function opened(agent: Agent): SessionOpened {
  return { sessionId: agent.id, status: agent.status, readOnly: false }
}

/** Opens `sessionId` (or a new session) as writer; a session another instance writes is followed read-only. */
export async function openSession(host: AgentHost, sessionId: SessionId | undefined): Promise<SessionOpened> {
  const runtime = await host.runtime()
  let agent: Agent
  try {
    agent = await runtime.open(sessionId)
  } catch (error) {
    const persistence = followingPersistence(runtime)
    if (sessionId === undefined || !persistence || (error as { code?: unknown }).code !== 'SESSION_LOCKED') throw error
    if (!host.followers.has(sessionId)) host.followers.start(persistence, sessionId)
    try {
      await host.followers.ready(sessionId)
    } catch (readError) {
      await host.followers.stop(sessionId)
      throw readError
    }
    return { sessionId, status: 'idle', readOnly: true }
  }
  host.agents.set(agent.id, agent)
  await host.followers.stop(agent.id)
  return opened(agent)
}

/**
 * Takes `sessionId` from whichever instance writes it and opens it here as writer (the stored log,
 * repaired if the old writer died mid-turn). The page's feed resumes where it was; on failure
 * the session goes back to being followed and the error is rethrown.
 */
export async function takeOverSession(host: AgentHost, sessionId: SessionId): Promise<SessionOpened> {
  const runtime = await host.runtime()
  const live = host.agents.get(sessionId)
  if (live) return opened(live)
  const persistence = followingPersistence(runtime)
  if (!persistence) throw new HostError('SESSION_TAKEOVER_UNAVAILABLE', 'sessions are kept in memory here; no other tab can write them, so there is nothing to take over')
  await host.followers.stop(sessionId)
  const position = host.feeds.unsubscribe(sessionId)
  try {
    await persistence.takeOver(sessionId)
    const agent = await runtime.open(sessionId)
    host.agents.set(agent.id, agent)
    if (position !== undefined) host.feeds.subscribe(sessionId, agent.session.events, position)
    return opened(agent)
  } catch (error) {
    host.followers.start(persistence, sessionId)
    await host.followers.ready(sessionId).catch(() => undefined) // the take-over's own error is the one to report
    if (position !== undefined) host.feeds.subscribe(sessionId, host.followers.events(sessionId) ?? [], position)
    throw error
  }
}

/**
 * Another instance took `sessionId` over (SESSION_TAKEN_OVER): stop its agent, close the live
 * session (its unsaved tail is gone with it), follow the stored log, and tell the page to resubscribe.
 * @returns false when this worker did not write `sessionId` (nothing to hand over)
 */
export function followAfterTakeOver(host: AgentHost, runtime: HostRuntime, sessionId: SessionId): boolean {
  const persistence = followingPersistence(runtime)
  if (!persistence || !host.agents.has(sessionId)) return false
  host.feeds.unsubscribe(sessionId)
  host.agents.delete(sessionId)
  const services = runtime.ctx as unknown as WriterServices
  const close = (): void => void services.sessions.close(sessionId)
  const settled = services.agents.dispose(sessionId).then(close, close) // a failed stop still closes the session
  host.followers.start(persistence, sessionId, settled)
  host.sink.post({ kind: 'session.access', sessionId, readOnly: true, code: 'SESSION_TAKEN_OVER' })
  return true
}
