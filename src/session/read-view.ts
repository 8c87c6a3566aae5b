/**
 * A read-only view of one session: the live log, or a stored log read without opening it (no
 * repair, no end-seed, no writer). Plane: shared; no I/O. Contract: a stored view's `events` are
 * exactly the stored events (validated, deep-frozen); nothing can be appended through it.
 * @module session/read-view
 */
import type { Message } from '../llm/types.ts'
import type { SessionId } from '../util/brand.ts'
import { Session } from './session.ts'
import type { SessionEvent, SessionHeader } from './types.ts'

export interface SessionReadView {
  readonly id: SessionId
  readonly header: SessionHeader
  /** `true`: the live session's log (it may still grow); `false`: a stored copy. */
  readonly live: boolean
  readonly events: readonly SessionEvent[]
  /** The model history the log derives (dsh §2.4). */
  deriveMessages(): readonly Message[]
}

export function liveView(session: Session): SessionReadView {
  return Object.freeze({
    id: session.id, header: session.header, live: true,
    get events() { return session.events },
    deriveMessages: () => session.deriveMessages(),
  })
}

/** @throws SessionSeedError when a stored event is damaged */
export function storedView(header: SessionHeader, stored: readonly SessionEvent[], maxEventBytes: number): SessionReadView {
  const copy = new Session({ id: header.id, header, seed: stored, maxEventBytes })
  copy.close()
  const events = Object.freeze(copy.events.slice(0, stored.length))
  return Object.freeze({ id: header.id, header, live: false, events, deriveMessages: () => copy.deriveMessages() })
}
