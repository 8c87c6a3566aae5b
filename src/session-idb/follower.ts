/**
 * Follows a session another instance writes: reads new events by seq range from IndexedDB when
 * nudged over BroadcastChannel, and on a slow poll (so a lost nudge only delays, never diverges).
 * Plane: worker; reads `BroadcastChannel` lazily. Contract: `onEvents` receives contiguous events
 * in seq order, each exactly once; storage is the only source (a nudge carries no events).
 * @module session-idb/follower
 */
import type { SessionEvent } from '../session/types.ts'
import type { DshDatabase } from './database.ts'
import { readEventsFrom } from './read-session.ts'
import { lockName } from './writer-election.ts'
import type { Clock } from './watchdog.ts'
import { watchdog } from './watchdog.ts'

export interface FollowerOptions {
  db(): DshDatabase | undefined
  sessionId: string
  /** The next seq the follower expects (= number of events it already has). */
  nextSeq: number
  onEvents(events: SessionEvent[]): void
  onError(error: unknown): void
  clock: Clock
  pollMs: number
  timeoutMs: number
}

/** Opens the session's nudge channel, or undefined where BroadcastChannel does not exist. */
export function nudgeChannel(sessionId: string): BroadcastChannel | undefined {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel
  return Channel ? new Channel(lockName(sessionId)) : undefined
}

export class SessionFollower {
  nextSeq: number
  private channel: BroadcastChannel | undefined
  private timer: unknown
  private reading: Promise<void> | undefined
  private again = false
  private stopped = false

  constructor(private readonly options: FollowerOptions) {
    this.nextSeq = options.nextSeq
  }

  start(): void {
    this.channel = nudgeChannel(this.options.sessionId)
    if (this.channel) this.channel.onmessage = () => void this.catchUp()
    this.poll()
    void this.catchUp()
  }

  stop(): void {
    this.stopped = true
    this.channel?.close()
    this.options.clock.clearTimeout(this.timer)
  }

  /** Reads everything stored past `nextSeq`; concurrent calls coalesce into one more read. */
  catchUp(): Promise<void> {
    if (this.reading) {
      this.again = true
      return this.reading
    }
    this.reading = this.readOnce().finally(() => {
      this.reading = undefined
      if (this.again && !this.stopped) {
        this.again = false
        void this.catchUp()
      }
    })
    return this.reading
  }

  private async readOnce(): Promise<void> {
    const db = this.options.db()
    if (!db || this.stopped) return
    try {
      const read = readEventsFrom(db, this.options.sessionId, this.nextSeq)
      const events = await watchdog(read, this.options.timeoutMs, this.options.clock, 'reading new events', this.options.sessionId)
      if (this.stopped || events.length === 0) return
      this.nextSeq = (events.at(-1) as SessionEvent).seq + 1
      this.options.onEvents(events)
    } catch (error) {
      this.options.onError(error)
    }
  }

  private poll(): void {
    this.timer = this.options.clock.setTimeout(() => {
      if (this.stopped) return
      void this.catchUp()
      this.poll()
    }, this.options.pollMs)
  }
}
