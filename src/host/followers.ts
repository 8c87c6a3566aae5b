/**
 * The sessions this worker follows read-only (another instance writes them): the stored log read
 * once, then each newly stored event by seq range, handed to the feed. Plane: worker. Contract:
 * contiguous from seq 0, each once; `stop` waits for the hand-over that started it. @module host/followers
 */
import type { SessionEvent, SessionHeader } from '../session/types.ts'
import type { SessionId } from '../util/brand.ts'
import type { HostFollowingPersistence } from './types.ts'

interface Following {
  header?: SessionHeader
  events: SessionEvent[]
  /** Settles once the stored log was read and following began; rejects when that read failed. */
  ready: Promise<void>
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

  /** The followed session's header and the stored log read so far; undefined when not followed or not read yet. */
  stored(sessionId: string): { header: SessionHeader; events: readonly SessionEvent[] } | undefined {
    const following = this.#following.get(sessionId)
    return following?.header ? { header: following.header, events: following.events } : undefined
  }

  /** Resolves once a followed session's stored log is loaded (at once when not followed). */
  async ready(sessionId: string): Promise<void> {
    await this.#following.get(sessionId)?.ready
  }

  /**
   * Follows `sessionId`: reads the stored log once, then every event stored after it (replacing an
   * earlier following). @returns a signal that aborts when this following stops
   */
  start(persistence: HostFollowingPersistence, sessionId: SessionId, settled: Promise<void> = Promise.resolve()): AbortSignal {
    this.#following.get(sessionId)?.stop()
    const stopped = new AbortController()
    let stopReading: (() => void) | undefined
    const events: SessionEvent[] = []
    const following: Following = { events, ready: Promise.resolve(), stop: () => { stopped.abort(); stopReading?.() }, settled }
    following.ready = persistence.inspect(sessionId).then((stored) => {
      if (stopped.signal.aborted) return
      if (stored) following.header = stored.header
      for (const event of stored?.events ?? []) events.push(event)
      stopReading = persistence.follow(sessionId, (batch) => {
        for (const event of batch) events.push(event)
        this.onEvents(sessionId, batch)
      }, events.length)
    })
    following.ready.catch(() => undefined) // observed by `ready()` callers; no unhandled rejection meanwhile
    this.#following.set(sessionId, following)
    return stopped.signal
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
