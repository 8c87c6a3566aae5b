/**
 * The per-append hooks the store gives each session: pre-commit verifiers and `session/event`
 * publication, held by the store's core (kernel/cordis/service): they run on every append of every
 * session. Plane: worker/Node.
 * @module session/publication
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Session } from './session.ts'
import type { SessionEvent } from './types.ts'

/** Builds a per-session pre-commit check (see `invariant.ts`). */
export type SessionVerifier = (session: Session) => (event: SessionEvent) => void

type Bus = Context['events']

/**
 * What `bus.dispatch('emit', ['session/event'])` returns — the listeners in order, as registered
 * now — without its per-call work (a filter pass and a bound copy of each proxied listener:
 * ~6 µs for three). Same semantics: no `this`/context filter (the dispatch has no `this`), a
 * snapshot (listeners added during publication wait for the next event), and `internal/dispatch`
 * is still reported when anyone observes it. Reads the bus's hook list (`_hooks`, typed public).
 */
function sessionEventListeners(bus: Bus): readonly ((session: Session, event: SessionEvent) => void)[] {
  if (bus._hooks['internal/dispatch']?.length) bus.emit('internal/dispatch', 'emit', 'session/event', [], null)
  const hooks = bus._hooks['session/event']
  if (!hooks?.length) return []
  return hooks.map((hook) => hook.callback)
}

export class SessionPublication {
  readonly verifiers = new Set<SessionVerifier>()
  private readonly checks = new WeakMap<Session, Map<SessionVerifier, (event: SessionEvent) => void>>()

  /**
   * @param bus - the event bus instance (unwrapped: a dispatch through the proxy costs ~3 µs more)
   * @param warn - reports a contained listener failure
   */
  constructor(private readonly bus: Bus, private readonly warn: (message: string, ...args: unknown[]) => void) {}

  /** Runs every verifier's check for `session` (built on first use); a throw refuses the append. */
  verify(session: Session, event: SessionEvent): void {
    if (this.verifiers.size === 0) return
    let perSession = this.checks.get(session)
    if (!perSession) this.checks.set(session, perSession = new Map())
    for (const verifier of this.verifiers) {
      let check = perSession.get(verifier)
      if (!check) perSession.set(verifier, check = verifier(session))
      check(event)
    }
  }

  /** `session/event` to each listener in turn; one failing listener does not starve the rest. */
  publish(session: Session, event: SessionEvent): void {
    for (const listener of sessionEventListeners(this.bus)) {
      try {
        listener(session, event)
      } catch (error) {
        this.warn('a session/event listener failed at seq %d (%s): %s', event.seq, event.type, error)
      }
    }
  }
}
