/**
 * Builders for agent-loop tests: a bare in-memory `Session` with a fake clock, and the
 * event-type sequence of a log (what the loop specs assert on).
 * @module test/harness/loop-session
 */
import { Session } from '../../src/session/session.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent } from '../../src/session/types.ts'
import { newId, type SessionId } from '../../src/util/brand.ts'

/** A fresh session whose clock ticks 1 ms per read. */
export function createTestSession(options: { seed?: SessionEvent[]; seedLength?: number } = {}): Session {
  const id = newId<SessionId>()
  let time = 1_700_000_000_000
  const header = { type: 'session' as const, version: SESSION_FORMAT_VERSION, id, createdAt: time, delegationDepth: 0, ...(options.seedLength === undefined ? {} : { seedLength: options.seedLength }) }
  return new Session({ id, header, seed: options.seed ?? [], now: () => time++ })
}

/** The `type` of every event after `fromSeq` (default: after the end-seed). */
export function eventTypes(events: readonly SessionEvent[], fromSeq?: number): string[] {
  const start = fromSeq ?? events.findLastIndex((event) => event.type === 'session/end-seed') + 1
  return events.slice(start).map((event) => event.type)
}
