/**
 * Test-only worker for bench/persistence.bench.ts: SessionStore over IdbSessionBackend (real
 * IndexedDB, no loop), timing appends, commits and resume with the worker clock.
 * Plane: worker; bench only. Contract: every call returns milliseconds or counts, never events.
 * @module demo/bench-pages/persistence.worker
 */
import * as Comlink from 'comlink'
import { Context } from '@deepseek-ai/cordis'
import SessionStore, { type Session } from '../../src/session/index.ts'
import IdbSessionBackend from '../../src/session-idb/index.ts'
import type { SessionId } from '../../src/util/brand.ts'
import { appendTurn, appendTurns, type Append } from '../../bench/workload.ts'

const root = new Context()
const ready = (async () => {
  await root.plugin(IdbSessionBackend, {})
  await root.plugin(SessionStore)
})()

const backend = () => root.sessionPersistence as IdbSessionBackend
const appender = (session: Session): Append => session.append.bind(session) as unknown as Append
const channel = new MessageChannel()
/** Yields one task without setTimeout's 4 ms clamp, so the producer, not the timer, sets the pace. */
const nextTask = () => new Promise<void>((resolve) => {
  channel.port1.onmessage = () => resolve()
  channel.port2.postMessage(null)
})

async function create(id: string): Promise<Session> {
  await ready
  return root.sessions.create({ id: id as SessionId })
}

const api = {
  /** Writes a fresh session of at least `events` events (whole turns, 2,000 per task); returns its length once durable. */
  async seed(id: string, events: number): Promise<number> {
    const session = await create(id)
    const append = appender(session)
    for (let turn = 0; session.events.length < events; ) {
      const stop = session.events.length + 2000
      while (session.events.length < stop && session.events.length < events) appendTurn(append, ++turn)
      await nextTask()
    }
    await root.sessions.flush()
    return session.events.length
  },
  /** Chunk-heavy stream: `turns` turns, one turn per task (write-behind), flushed at the end; returns [events, ms]. */
  async stream(id: string, turns: number): Promise<[number, number]> {
    const session = await create(id)
    const append = appender(session)
    const before = session.events.length
    const started = performance.now()
    for (let turn = 1; turn <= turns; turn++) {
      appendTurn(append, turn)
      await nextTask()
    }
    await root.sessions.flush()
    return [session.events.length - before, performance.now() - started]
  },
  /** One turn per commit, each awaited: `relaxed` (flush) or `strict` (checkpoint); returns ms per commit. */
  async commits(id: string, count: number, durability: 'relaxed' | 'strict'): Promise<number[]> {
    const session = await create(id)
    const append = appender(session)
    appendTurns(append, 1)
    await root.sessions.flush()
    const times: number[] = []
    for (let turn = 2; turn < count + 2; turn++) {
      appendTurn(append, turn)
      const started = performance.now()
      if (durability === 'strict') await backend().checkpoint(id as SessionId)
      else await root.sessions.flush()
      times.push(performance.now() - started)
    }
    return times
  },
  /** Resume: open a stored session (read rows, decode, repair, build the Session); returns [events, ms]. */
  async open(id: string): Promise<[number, number]> {
    await ready
    const started = performance.now()
    const session = await root.sessions.open(id as SessionId)
    return [session.events.length, performance.now() - started]
  },
}

export type PersistenceBenchApi = typeof api
Comlink.expose(api)
