/**
 * In-memory `SessionPersistence` (`ctx.sessionPersistence`): the Node default and the test
 * backend. Plane: shared; no I/O. Live events are recorded synchronously from `session/event`,
 * so every append is durable (for this process) as soon as it is published. While a session is
 * live, its stored events are its own log (the same frozen events, one array instead of two).
 * @module session-memory/memory-backend
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { FlushOutcome, SessionListing, SessionPersistence, StoredSession } from '../session/persistence.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent, type SessionHeader } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'

interface Entry {
  readonly header: SessionHeader
  /** The stored events: this backend's own array, or the log of the live session it follows. */
  events: readonly SessionEvent[]
  /** Whether `events` is a live session's log (never written here; it grows as that session commits). */
  follows: boolean
}

export class MemorySessionBackend extends Service implements SessionPersistence {
  private readonly entries = new Map<SessionId, Entry>()

  constructor(ctx: Context) {
    super(ctx, 'sessionPersistence')
    ctx.on('session/event', (session, event) => this.record(session.id, [event]))
    ctx.on('session/created', session => this.follow(session.id, session.events))
  }

  async create(header: SessionHeader): Promise<void> {
    if (header.version !== SESSION_FORMAT_VERSION) {
      throw new Error(`session-memory: format version ${header.version} is not supported (this build writes ${SESSION_FORMAT_VERSION})`)
    }
    if (this.entries.has(header.id)) throw new Error(`session-memory: session ${header.id} already exists`)
    this.entries.set(header.id, { header, events: [], follows: false })
  }

  async append(id: SessionId, events: readonly SessionEvent[]): Promise<void> {
    this.record(id, events)
  }

  async has(id: SessionId): Promise<boolean> {
    return this.entries.has(id)
  }

  async load(id: SessionId): Promise<StoredSession | undefined> {
    const entry = this.entries.get(id)
    return entry && { header: entry.header, events: entry.events.slice() }
  }

  async list(): Promise<SessionListing[]> {
    return [...this.entries.values()]
      .map(({ header, events }) => ({ header, eventCount: events.length }))
      .sort((a, b) => b.header.createdAt - a.header.createdAt)
  }

  async delete(id: SessionId): Promise<boolean> {
    return this.entries.delete(id)
  }

  async flush(): Promise<FlushOutcome> {
    return { durable: true }
  }

  /** A session went live holding exactly the stored events: its log becomes the stored list. */
  private follow(id: SessionId, log: readonly SessionEvent[]): void {
    const entry = this.entries.get(id)
    if (!entry || !sameEvents(entry.events, log, 0)) return
    entry.events = log
    entry.follows = true
  }

  /** Contiguity-checked push of a batch; refuses the whole batch on a gap. */
  private record(id: SessionId, events: readonly SessionEvent[]): void {
    const entry = this.entries.get(id)
    if (!entry) throw new Error(`session-memory: session ${id} was never created; ${events.length} event(s) refused`)
    if (entry.follows) {
      if (sameEvents(events, entry.events, entry.events.length - events.length)) return // the tail the followed session just committed: stored
      entry.events = entry.events.slice() // another writer (a reopened session's closers): own array again
      entry.follows = false
    }
    const next = entry.events.length
    for (let i = 0; i < events.length; i++) { // plain loops here and in sameEvents: an import's 100k events pass once, before any callback would be optimised
      if (events[i]!.seq !== next + i) throw new Error(`session-memory: session ${id} expects seq ${next + i}, got ${events[i]!.seq}; batch refused`)
    }
    if (entry.events.length === 0) {
      entry.events = events.slice() // one bulk copy (an import's 100k events): pushes would each pay the write barrier
      return
    }
    const stored = entry.events as SessionEvent[]
    for (const event of events) stored.push(event)
  }
}

/** Whether `events` are the very objects `log` holds from `from` on, to its end. */
function sameEvents(events: readonly SessionEvent[], log: readonly SessionEvent[], from: number): boolean {
  if (from < 0 || from + events.length !== log.length) return false
  for (let i = 0; i < events.length; i++) if (events[i] !== log[from + i]) return false
  return true
}
