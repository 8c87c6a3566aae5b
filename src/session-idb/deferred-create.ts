/**
 * Sessions created while the quota was full: their header and every event appended since are held
 * here, and creating the stored session is tried again on a backing-off timer; once it is stored,
 * the caller claims it and writes the held events (saving resumes by itself). Plane: worker.
 * @module session-idb/deferred-create
 */
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import type { Clock } from './watchdog.ts'
import { RETRY_FIRST_MS, RETRY_MAX_MS } from './writer.ts'

interface Held {
  header: SessionHeader
  events: SessionEvent[]
  timer: unknown
  delayMs: number
}

export interface DeferredCreateOptions {
  clock: Clock
  /** Stores the session row; rejects while there is still no room. */
  create(header: SessionHeader): Promise<void>
  /** The row is stored: claim the session and write `events` (every event appended so far). */
  stored(header: SessionHeader, events: readonly SessionEvent[]): Promise<void>
}

export class DeferredCreates {
  private readonly held = new Map<string, Held>()

  constructor(private readonly options: DeferredCreateOptions) {}

  has(id: string): boolean {
    return this.held.has(id)
  }

  /** Holds `header`'s session in memory and starts retrying its creation. */
  defer(header: SessionHeader): void {
    const entry: Held = { header, events: [], timer: undefined, delayMs: RETRY_FIRST_MS }
    this.held.set(header.id, entry)
    this.schedule(entry)
  }

  /** Keeps events of a held session (in seq order); false when `id` is not held. */
  hold(id: string, events: readonly SessionEvent[]): boolean {
    const entry = this.held.get(id)
    if (!entry) return false
    for (const event of events) if (event.seq === (entry.events.at(-1)?.seq ?? -1) + 1) entry.events.push(event)
    return true
  }

  /** Stops retrying `id` (closed or deleted): what it held stays in memory only. */
  drop(id: string): void {
    const entry = this.held.get(id)
    if (!entry) return
    this.options.clock.clearTimeout(entry.timer)
    this.held.delete(id)
  }

  dropAll(): void {
    for (const id of this.held.keys()) this.drop(id) // deleting the entry being visited is safe in a Map iteration
  }

  private schedule(entry: Held): void {
    entry.timer = this.options.clock.setTimeout(() => void this.retry(entry), entry.delayMs)
    entry.delayMs = Math.min(entry.delayMs * 2, RETRY_MAX_MS)
  }

  private async retry(entry: Held): Promise<void> {
    if (this.held.get(entry.header.id) !== entry) return
    try {
      await this.options.create(entry.header)
    } catch {
      if (this.held.get(entry.header.id) === entry) this.schedule(entry)
      return
    }
    if (this.held.get(entry.header.id) !== entry) return
    this.held.delete(entry.header.id)
    await this.options.stored(entry.header, entry.events)
  }
}
