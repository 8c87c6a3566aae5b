/**
 * Test-only worker: boots SessionStore + IdbSessionBackend directly (no agent loop) and exposes a
 * few calls the browser specs and the persistence bench drive: open, scripted appends, flush,
 * take-over, follow, stored events.
 * @module demo/test-pages/session-idb/worker
 */
import * as Comlink from 'comlink'
import { Context } from '@deepseek-ai/cordis'
import SessionStore, { type Session } from '../../../src/session/index.ts'
import IdbSessionBackend, { type StorageErrorEvent } from '../../../src/session-idb/index.ts'
import type { CallId, MessageId, SessionId } from '../../../src/util/brand.ts'

const root = new Context()
const errors: StorageErrorEvent[] = []
root.on('storage/error', (event) => void errors.push(event))
const ready = (async () => {
  await root.plugin(IdbSessionBackend, { pollMs: 100 })
  await root.plugin(SessionStore)
})()
const followed = new Map<string, number>()

/** Yields to the event loop for one task without setTimeout's 4 ms nesting clamp. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

function session(id: string): Session {
  const live = root.sessions.get(id as SessionId)
  if (!live) throw new Error(`session ${id} is not open here`)
  return live
}

const api = {
  /** Opens (or creates) a session; returns its event count, or the error code. */
  async open(id: string): Promise<number | string> {
    await ready
    try {
      const has = await root.sessionPersistence.has(id as SessionId)
      const live = has ? await root.sessions.open(id as SessionId) : await root.sessions.create({ id: id as SessionId })
      return live.events.length
    } catch (error) {
      return (error as { code?: string }).code ?? String(error)
    }
  },
  /** One step of a turn: chunks, an assistant message asking for a tool, its tool/call; the turn stays open unless `close`. */
  step(id: string, turn: number, chunks: number, close: boolean): number {
    const live = session(id)
    if (live.openTurn === undefined) live.append('turn/start', { turn })
    const step = live.lastStep + 1
    live.append('step/start', { turn, step })
    for (let i = 0; i < chunks; i++) live.append('assistant/chunk', { turn, step, chunk: { type: 'text-delta', index: 0, text: `token ${i} ` } })
    const callId = `call-${turn}-${step}` as CallId
    const message = { id: `m-${turn}-${step}` as MessageId, role: 'assistant' as const, content: [{ type: 'tool-call' as const, id: callId, name: 'read', arguments: '{}' }], source: { kind: 'model' as const, provider: 'p', model: 'm' } }
    live.append('assistant/message', { turn, step, message }, { surfaceOp: 'append' })
    live.append('tool/call', { turn, step, callId, name: 'read', arguments: '{}' })
    if (close) {
      live.append('tool/result', { turn, step, message: { id: `r-${callId}` as MessageId, role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'ok' }] }], source: { kind: 'tool', callId } } }, { surfaceOp: 'append' })
      live.append('step/end', { turn, step })
      live.append('turn/end', { turn, reason: { kind: 'completed' } })
    }
    return live.events.length
  },
  /**
   * Appends `total` text chunks, `perTask` per task, then flushes. Returns worker ms: `totalMs`
   * until durable, `appendMs` spent inside `append` itself. `random` makes the text incompressible.
   */
  async stream(id: string, total: number, perTask: number, random = false): Promise<{ totalMs: number; appendMs: number }> {
    const live = session(id)
    const turn = live.lastTurn + 1
    const started = performance.now()
    let appendMs = 0
    live.append('turn/start', { turn })
    live.append('step/start', { turn, step: 1 })
    for (let sent = 0; sent < total; sent += perTask) {
      const taskStart = performance.now()
      for (let i = sent; i < Math.min(total, sent + perTask); i++) {
        const text = random ? Array.from({ length: 8 }, () => Math.random().toString(36)).join('') : `tok${i} `
        live.append('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 0, text } })
      }
      appendMs += performance.now() - taskStart
      await nextTask()
    }
    live.append('step/end', { turn, step: 1 })
    live.append('turn/end', { turn, reason: { kind: 'completed' } })
    await root.sessions.flush()
    return { totalMs: performance.now() - started, appendMs }
  },
  /** Appends `total` chunks, `perTask` per batch, awaiting each batch durable with `durability`; returns ms. */
  async streamAwaited(id: string, total: number, perTask: number, durability: 'relaxed' | 'strict'): Promise<number> {
    const live = session(id)
    const backend = root.sessionPersistence as IdbSessionBackend
    const turn = live.lastTurn + 1
    const started = performance.now()
    live.append('turn/start', { turn })
    live.append('step/start', { turn, step: 1 })
    for (let sent = 0; sent < total; sent += perTask) {
      for (let i = sent; i < Math.min(total, sent + perTask); i++) live.append('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 0, text: `tok${i} ` } })
      if (durability === 'strict') await backend.checkpoint(id as SessionId)
      else await root.sessions.flush()
    }
    live.append('step/end', { turn, step: 1 })
    live.append('turn/end', { turn, reason: { kind: 'completed' } })
    await root.sessions.flush()
    return performance.now() - started
  },
  /** Drains every open session; `durable` false says why through `errors()`. */
  async flush(): Promise<{ durable: boolean }> {
    return root.sessions.flush()
  },
  durableSeq(id: string): number {
    return (root.sessionPersistence as IdbSessionBackend).durableSeq(id as SessionId)
  },
  /** The live log as JSON (what the page saw acknowledged is a prefix of it). */
  events(id: string): string {
    return JSON.stringify(session(id).events)
  },
  async takeOver(id: string): Promise<number> {
    await ready
    await (root.sessionPersistence as IdbSessionBackend).takeOver(id as SessionId)
    return (await root.sessions.open(id as SessionId)).events.length
  },
  /** Starts following; `followedCount(id)` reports how many events arrived. */
  async follow(id: string): Promise<void> {
    await ready
    followed.set(id, 0)
    ;(root.sessionPersistence as IdbSessionBackend).follow(id as SessionId, (events) => followed.set(id, (followed.get(id) ?? 0) + events.length))
  },
  followedCount(id: string): number {
    return followed.get(id) ?? 0
  },
  /** Worker ms to open a stored session: `loadMs` in the backend (read + decode), `openMs` in total (+ repair, Session). */
  async timeOpen(id: string): Promise<{ loadMs: number; openMs: number }> {
    await ready
    const backend = root.sessionPersistence as IdbSessionBackend
    const load = backend.load.bind(backend)
    let loadMs = 0
    backend.load = async (sessionId) => {
      const started = performance.now()
      try {
        return await load(sessionId)
      } finally {
        loadMs = performance.now() - started
      }
    }
    const started = performance.now()
    try {
      await root.sessions.open(id as SessionId)
    } finally {
      backend.load = load
    }
    return { loadMs, openMs: performance.now() - started }
  },
  errors(): StorageErrorEvent[] {
    return errors
  },
}

export type SessionIdbTestApi = typeof api
Comlink.expose(api)
