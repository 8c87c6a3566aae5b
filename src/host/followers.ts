/**
 * The sessions this worker follows read-only (another instance writes them): the events read so far
 * from storage by seq range, new ones handed to the feed. Plane: worker. Contract: contiguous from
 * seq 0, each once; `stop` waits for the hand-over that started it to settle. @module host/followers
 */
import type { SessionEvent } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'
import type { HostFollowingPersistence } from './types.ts'

interface Following {
  events: SessionEvent[]
  stop(): void
  /** Settles when the writer this following replaced (if any) is fully closed. */
  settled: Promise<void>
}

export class SessionFollowers {
  readonly #following = new Map<string, Following>()

  constructor(private readonly onEvents: (sessionId: SessionId, events: readonly SessionEvent[]) => void) {}

  has(sessionId: string): boolean {
    return this.#following.has(sessionId)
  }

  /** The stored events read so far, or undefined when the session is not followed. */
  events(sessionId: string): readonly SessionEvent[] | undefined {
    return this.#following.get(sessionId)?.events
  }

  /** Follows `sessionId` from seq 0 (replacing an earlier following of it). */
  start(persistence: HostFollowingPersistence, sessionId: SessionId, settled: Promise<void> = Promise.resolve()): void {
    this.#following.get(sessionId)?.stop()
    const events: SessionEvent[] = []
    const stop = persistence.follow(sessionId, (batch) => {
      for (const event of batch) events.push(event)
      this.onEvents(sessionId, batch)
    }, 0)
    this.#following.set(sessionId, { events, stop, settled })
  }

  /** Stops following; resolves once the hand-over that started it has settled. */
  async stop(sessionId: string): Promise<void> {
    const following = this.#following.get(sessionId)
    if (!following) return
    following.stop()
    this.#following.delete(sessionId)
    await following.settled
  }

  clear(): void {
    for (const following of this.#following.values()) following.stop()
    this.#following.clear()
  }
}
