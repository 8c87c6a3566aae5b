/**
 * Who writes a session from this worker: open as writer, or follow read-only when another instance
 * writes it (SESSION_LOCKED) and become the writer by itself once that writer is gone; take over
 * (fenced) keeping the page's feed; follow again when taken over. Plane: worker. Contract: a followed
 * session shows only stored events. @module host/session-access
 */
import type { Agent } from '../agent-loop/types.ts'
import type { SessionOpened } from '../protocol/messages.ts'
import type { SessionId } from '../util/brand.ts'
import type { SessionPersistence } from '../session/persistence.ts'
import { HostError } from './errors.ts'
import { workspaceCwd } from './session-scope.ts'
import type { HostFollowingPersistence, HostRuntime, SessionHost } from './types.ts'
import type {} from '../agent-loop/service.ts'
import type {} from '../session/index.ts'

/** `ctx.sessionPersistence` when it can follow and take over (session-idb), else undefined. */
function followingPersistence(runtime: HostRuntime): HostFollowingPersistence | undefined {
  const persistence: (SessionPersistence & Partial<HostFollowingPersistence>) | undefined = runtime.ctx.get('sessionPersistence', false)
  const able = (['follow', 'takeOver', 'inspect', 'awaitWriterGone', 'release'] as const).every((name) => typeof persistence?.[name] === 'function')
  return able ? persistence as SessionPersistence & HostFollowingPersistence : undefined
}

function opened(agent: Agent): SessionOpened {
  return { sessionId: agent.id, status: agent.status, readOnly: false }
}

/** Opens `sessionId` (or a new session of the page's workspace) as writer; a session another instance writes is followed read-only. */
export async function openSession(host: SessionHost, sessionId: SessionId | undefined): Promise<SessionOpened> {
  const runtime = await host.runtime()
  const driven = sessionId === undefined ? undefined : host.agents.get(sessionId)
  if (driven) return opened(driven) // this host drives it already (a resume would be refused mid-turn)
  let agent: Agent
  try {
    agent = sessionId === undefined
      ? (await runtime.ctx.agents.create({ meta: { cwd: workspaceCwd(host.scope) } })).agent // a new session belongs to the page's workspace
      : await runtime.open(sessionId)
  } catch (error) {
    const persistence = followingPersistence(runtime)
    if (sessionId === undefined || !persistence || (error as { code?: unknown }).code !== 'SESSION_LOCKED') throw error
    if (!host.followers.has(sessionId)) followSession(host, persistence, sessionId)
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
 * Opens `sessionId` here as writer once `claim` made this instance its writer (the stored log,
 * repaired if the old writer died mid-turn). The page's feed resumes where it was; on failure the
 * session goes back to being followed (without waiting for the writer) and the error is rethrown.
 */
async function becomeWriter(host: SessionHost, persistence: HostFollowingPersistence, sessionId: SessionId, claim: () => Promise<void>): Promise<SessionOpened> {
  const runtime = await host.runtime()
  await host.followers.stop(sessionId)
  const position = host.feeds.unsubscribe(sessionId)
  try {
    await claim()
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

/** Takes `sessionId` from whichever instance writes it (fenced) and opens it here as writer. */
export async function takeOverSession(host: SessionHost, sessionId: SessionId): Promise<SessionOpened> {
  const runtime = await host.runtime()
  const live = host.agents.get(sessionId)
  if (live) return opened(live)
  const persistence = followingPersistence(runtime)
  if (!persistence) throw new HostError('SESSION_TAKEOVER_UNAVAILABLE', 'sessions are kept in memory here; no other tab can write them, so there is nothing to take over')
  return becomeWriter(host, persistence, sessionId, () => persistence.takeOver(sessionId))
}

/** Tells the page what went wrong in the background (no command to reply to). */
function reportError(host: SessionHost, sessionId: SessionId, error: unknown, fallback: string): void {
  const e = error as { code?: unknown; message?: unknown }
  host.sink.post({ kind: 'host.error', sessionId, code: typeof e.code === 'string' ? e.code : fallback, message: String(e.message ?? error) })
}

/** The writer is gone and this instance claimed `sessionId`: open it as writer unless the page stopped following meanwhile. */
async function succeed(host: SessionHost, persistence: HostFollowingPersistence, sessionId: SessionId, signal: AbortSignal): Promise<void> {
  if (signal.aborted) {
    if (!host.agents.has(sessionId)) persistence.release(sessionId) // the page closed it: the claim goes to the next tab
    return
  }
  try {
    await becomeWriter(host, persistence, sessionId, async () => undefined)
    host.sink.post({ kind: 'session.access', sessionId, readOnly: false })
  } catch (error) {
    persistence.release(sessionId) // this tab cannot open it: let the next one try
    reportError(host, sessionId, error, 'SESSION_TAKEOVER_FAILED')
  }
}

/**
 * Follows `sessionId` read-only and, once `settled` and the writer is gone, takes it over by itself
 * (through the lifecycle queue). Waiting stops when the following stops: the page closed the
 * session, took it over by hand, or the runtime restarted.
 */
function followSession(host: SessionHost, persistence: HostFollowingPersistence, sessionId: SessionId, settled?: Promise<void>): void {
  const signal = host.followers.start(persistence, sessionId, settled)
  void (settled ?? Promise.resolve())
    .then(() => persistence.awaitWriterGone(sessionId, signal))
    .then(() => host.inOrder(() => succeed(host, persistence, sessionId, signal)), (error: unknown) => {
      if (!signal.aborted) reportError(host, sessionId, error, 'SESSION_FOLLOW_FAILED')
    })
}

/**
 * Another instance took `sessionId` over (SESSION_TAKEN_OVER): stop its agent, close the live
 * session (its unsaved tail is gone with it), follow the stored log, and tell the page to resubscribe.
 * @returns false when this worker did not write `sessionId` (nothing to hand over)
 */
export function followAfterTakeOver(host: SessionHost, runtime: HostRuntime, sessionId: SessionId): boolean {
  const persistence = followingPersistence(runtime)
  if (!persistence || !host.agents.has(sessionId)) return false
  host.feeds.unsubscribe(sessionId)
  host.agents.delete(sessionId)
  const close = (): void => void runtime.ctx.sessions.close(sessionId)
  const settled = runtime.ctx.agents.dispose(sessionId).then(close, close) // a failed stop still closes the session
  followSession(host, persistence, sessionId, settled)
  host.sink.post({ kind: 'session.access', sessionId, readOnly: true, code: 'SESSION_TAKEN_OVER' })
  return true
}
