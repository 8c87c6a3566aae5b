/**
 * Per-session event feeds to the page: replays a session's log from a seq, then forwards each
 * committed event, each with its tool card. Plane: worker.
 * Contract: the page sees every event from `fromSeq` exactly once, in seq order, with no gap
 * between the replayed prefix and the live tail (both happen in the same task).
 * @module host/session-feed
 */
import type { SessionEvent } from '../session/types.ts'
import type { HostNotice } from '../protocol/messages.ts'
import type { SessionId } from '../util/brand.ts'
import { CardPainter } from './cards.ts'
import type { ToolLookup } from './types.ts'

interface Feed {
  painter: CardPainter
  nextSeq: number
}

export class SessionFeeds {
  readonly #feeds = new Map<string, Feed>()

  constructor(private readonly post: (notice: HostNotice) => void, private readonly lookup: ToolLookup) {}

  /**
   * Starts (or restarts) the feed of `sessionId` at `fromSeq` over the current log.
   * @param prelude earlier events the first delivery carries ahead of `fromSeq` (the tail's task list).
   */
  subscribe(sessionId: SessionId, events: readonly SessionEvent[], fromSeq: number, prelude: readonly SessionEvent[] = []): void {
    const feed: Feed = { painter: new CardPainter(this.lookup), nextSeq: fromSeq }
    this.#feeds.set(sessionId, feed)
    this.#forward(sessionId, feed, events, prelude)
  }

  /** Stops the feed; returns the seq the page expects next (to resume it over another copy of the log). */
  unsubscribe(sessionId: string): number | undefined {
    const position = this.#feeds.get(sessionId)?.nextSeq
    this.#feeds.delete(sessionId)
    return position
  }

  clear(): void {
    this.#feeds.clear()
  }

  /** The `session/event` listener. */
  onEvent = (session: { id: string }, event: SessionEvent): void => {
    const feed = this.#feeds.get(session.id)
    if (feed) this.#forward(session.id as SessionId, feed, [event])
  }

  /** Forwards events that arrive outside `session/event`: a followed session's newly stored ones. */
  forwardStored(sessionId: SessionId, events: readonly SessionEvent[]): void {
    const feed = this.#feeds.get(sessionId)
    if (feed) this.#forward(sessionId, feed, events)
  }

  #forward(sessionId: SessionId, feed: Feed, events: readonly SessionEvent[], prelude: readonly SessionEvent[] = []): void {
    const wire = prelude.map((event) => feed.painter.paint(event))
    for (const event of events) {
      if (event.seq < feed.nextSeq) {
        feed.painter.remember(event)
        continue
      }
      wire.push(feed.painter.paint(event))
      feed.nextSeq = event.seq + 1
    }
    if (wire.length > 0) this.post({ kind: 'session.events', sessionId, events: wire })
  }
}
