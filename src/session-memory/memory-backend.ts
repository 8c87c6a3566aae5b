/**
 * In-memory `SessionPersistence` (`ctx.sessionPersistence`): the Node default and the test
 * backend. Plane: shared; no I/O. Live events are recorded synchronously from `session/event`,
 * so every append is durable (for this process) as soon as it is published.
 * @module session-memory/memory-backend
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { FlushOutcome, SessionListing, SessionPersistence, StoredSession } from '../session/persistence.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent, type SessionHeader } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'

interface Entry {
  readonly header: SessionHeader
  readonly events: SessionEvent[]
}

export class MemorySessionBackend extends Service implements SessionPersistence {
  private readonly entries = new Map<SessionId, Entry>()

  constructor(ctx: Context) {
    super(ctx, 'sessionPersistence')
    ctx.on('session/event', (session, event) => this.record(session.id, [event]))
  }

  async create(header: SessionHeader): Promise<void> {
    if (header.version !== SESSION_FORMAT_VERSION) {
      throw new Error(`session-memory: format version ${header.version} is not supported (this build writes ${SESSION_FORMAT_VERSION})`)
    }
    if (this.entries.has(header.id)) throw new Error(`session-memory: session ${header.id} already exists`)
    this.entries.set(header.id, { header, events: [] })
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

  /** Contiguity-checked push of a batch; refuses the whole batch on a gap. */
  private record(id: SessionId, events: readonly SessionEvent[]): void {
    const entry = this.entries.get(id)
    if (!entry) throw new Error(`session-memory: session ${id} was never created; ${events.length} event(s) refused`)
    events.forEach((event, i) => {
      if (event.seq !== entry.events.length + i) {
        throw new Error(`session-memory: session ${id} expects seq ${entry.events.length + i}, got ${event.seq}; batch refused`)
      }
    })
    for (const event of events) entry.events.push(event) // not push(...events): a 100k-event import would spread 100k arguments
  }
}
