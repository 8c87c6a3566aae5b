/**
 * Executes one validated host command against the runtime. Plane: worker.
 * Contract: returns the command's typed result or throws a named error (`HostError` or the
 * runtime's own); the host turns throws into `{ok:false}` replies.
 * @module host/commands
 */
import { inScope } from './session-scope.ts'
import type { CommandKind, CommandResultMap, HostCommand, SessionSummary } from '../protocol/messages.ts'
import type { SessionListing } from '../session/persistence.ts'
import { lazyPart } from '../kernel/lazy-plugin.ts'
import type { SessionId } from '../util/brand.ts'
import { HostError } from './errors.ts'
import type { CommandHost, HostRuntime } from './types.ts'
import { historyPage, pageStart, peekTail, todosBefore, type TailReader } from './session-history.ts'
import type { SessionEvent } from '../session/types.ts'
import { openSession, takeOverSession } from './session-access.ts'
import type {} from '../session/index.ts'

type Result = CommandResultMap[CommandKind]

/** Commands the first turn never sends load on first use: the person's workspace side, maintenance (compact, trim, delete all), export. */
const workspaceCommands = lazyPart('host: workspace commands', () => import('./workspace-commands.ts'))
const maintenanceCommands = lazyPart('host: maintenance commands', () => import('./maintenance-commands.ts'))
const sessionExport = lazyPart('host: session export', () => import('./session-export.ts'))

function toSummary(listing: SessionListing): SessionSummary {
  const { header } = listing
  const summary: SessionSummary = { id: header.id, createdAt: header.createdAt, eventCount: listing.eventCount }
  if (listing.updatedAt !== undefined) summary.updatedAt = listing.updatedAt
  if (listing.title !== undefined) summary.title = listing.title
  if (header.parentSession !== undefined) summary.parentSession = header.parentSession
  if (header.cwd !== undefined) summary.cwd = header.cwd
  return summary
}

/** The stored sessions this page works with (host/session-scope). */
async function scopedListings(host: CommandHost, runtime: HostRuntime): Promise<SessionListing[]> {
  return (await runtime.sessions.list()).filter((listing) => inScope(listing.header.cwd, host.scope))
}

async function sessionCommand(host: CommandHost, command: HostCommand): Promise<Result> {
  const runtime = await host.runtime()
  switch (command.kind) {
    case 'session.list': return (await scopedListings(host, runtime)).map(toSummary)
    case 'session.open': return openSession(host, command.sessionId)
    case 'session.takeOver': return takeOverSession(host, command.sessionId)
    case 'session.fork': return { sessionId: await runtime.sessions.fork(command.sessionId, command.boundarySeq) }
    case 'session.delete':
      host.agents.get(command.sessionId)?.cancel({ kind: 'user' })
      host.agents.delete(command.sessionId)
      host.feeds.unsubscribe(command.sessionId)
      await host.followers.stop(command.sessionId)
      await runtime.sessions.delete(command.sessionId)
      return null
    case 'session.export': return (await sessionExport()).exportSession(host, runtime, command.sessionId)
    case 'session.import': return { sessionId: await runtime.sessions.import(command.jsonl) }
    case 'session.search': {
      if (!command.query.trim()) {
        void runtime.ctx.get('sessionQuery', false)?.warm().catch(() => undefined) // the panel opened: build the index in the background
        return { hits: [], capped: false }
      }
      const [{ hits, capped }, listings] = await Promise.all([
        runtime.sessions.search(command.query, command.limit === undefined ? {} : { limit: command.limit }), scopedListings(host, runtime),
      ])
      const shown = new Set(listings.map((listing) => listing.header.id))
      return { hits: hits.filter((hit) => shown.has(hit.sessionId)), capped }
    }
    default: throw new HostError('DSH_PROTOCOL_INVALID', `not a session command: ${command.kind}`)
  }
}

/** Everything appended so far becomes durable (`session/flush`); the page asks on pagehide (`leaving`) and when hidden. */
async function flush(host: CommandHost, leaving: boolean): Promise<null> {
  const runtime = await host.runtime()
  if (leaving) runtime.ctx.emit('runtime/page-leaving')
  await runtime.ctx.sessions.flush()
  return null
}

/** The log the page sees of `sessionId`: a followed session's stored events, else the open agent's. */
async function sessionEvents(host: CommandHost, sessionId: SessionId): Promise<readonly SessionEvent[]> {
  await host.followers.ready(sessionId)
  return host.followers.events(sessionId) ?? host.agent(sessionId).session.events
}

export async function runCommand(host: CommandHost, command: HostCommand): Promise<Result> {
  switch (command.kind) {
    case 'host.configure': return { keyState: await host.configure(command.settings), mcpTokens: host.mcpTokens }
    case 'mcp.token': return host.setMcpToken(command.url, command.token, command.remember)
    case 'pagetools.attach': return host.attachPageTools(command.port)
    case 'provider.key': return host.setKey(command.apiKey, command.remember)
    case 'session.subscribe': {
      const events = await sessionEvents(host, command.sessionId)
      const fromSeq = command.tail ? Math.max(command.fromSeq, pageStart(events, events.length)) : command.fromSeq
      const todos = fromSeq > command.fromSeq ? todosBefore(events, fromSeq) : undefined
      host.feeds.subscribe(command.sessionId, events, fromSeq, todos ? [todos] : [])
      return { liveSeq: events.length, fromSeq }
    }
    case 'session.history': return historyPage(await sessionEvents(host, command.sessionId), command.beforeSeq, host.toolLookup)
    case 'session.peek': {
      const runtime = await host.runtime()
      const log = host.agents.get(command.sessionId)?.session.events ?? host.followers.events(command.sessionId)
      return peekTail(log, runtime.ctx.get('sessionPersistence', false) as Partial<TailReader> | undefined, command.sessionId, host.toolLookup)
    }
    case 'session.unsubscribe':
      host.feeds.unsubscribe(command.sessionId)
      await host.followers.stop(command.sessionId) // a followed session nobody watches is not read any more
      return null
    case 'agent.prompt': host.agent(command.sessionId).followup(command.text); return null
    case 'agent.steer': host.agent(command.sessionId).steer(command.text); return null
    case 'agent.inject': host.agent(command.sessionId).inject(command.text); return null
    case 'agent.cancel': host.agent(command.sessionId).cancel({ kind: 'user' }, { keepInbox: command.keepInbox }); return null
    case 'agent.compact': return (await maintenanceCommands()).compactNow(host, command.sessionId)
    case 'agent.trim': return (await maintenanceCommands()).trimNow(host, command.sessionId)
    case 'approval.answer': return { accepted: host.approvals.decide(command.id, command.outcome, command.remember === true) }
    case 'approval.rules': return host.approvalRules().rules(host.agent(command.sessionId))
    case 'approval.revoke': return { revoked: host.approvalRules().revoke(host.agent(command.sessionId), command.ruleId) }
    case 'question.answer': return { accepted: host.userQuestions.answer(command.id, command.answer) }
    case 'storage.flush': return flush(host, command.leaving === true)
    case 'data.delete-all': return (await maintenanceCommands()).deleteAll(host)
    case 'webcontainer.attach': return host.attachWebContainer(command.port)
    default: return command.kind.startsWith('workspace.') ? (await workspaceCommands()).workspaceCommand(host, command) : sessionCommand(host, command)
  }
}
