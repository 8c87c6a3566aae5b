/**
 * A stored session for the page benches, as JSONL: `turns` turns of a user message, `chunks`
 * streamed deltas and the assistant message, each message carrying a marker `«<prefix>u<n>»` /
 * `«<prefix>a<n>»` the bench page times in the DOM. Plane: Node (bench only).
 * @module bench/stored-session
 */
import { exportJsonl } from '../src/session/jsonl.ts'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { SessionId } from '../src/util/brand.ts'
import { CHUNK_TEXT, type Append } from './workload.ts'

/** A stored session with `turns` turns: user message, `chunks` deltas, assistant message; markers per message. */
export function storedSession(prefix: string, turns: number, chunks: number): string {
  const id = `stored-${prefix}` as SessionId
  const header = { type: 'session' as const, version: SESSION_FORMAT_VERSION, id, createdAt: 0, delegationDepth: 0 }
  const session = new Session({ id, header, publish: () => {} })
  const append = session.append.bind(session) as unknown as Append
  for (let turn = 1; turn <= turns; turn++) {
    append('turn/start', { turn })
    append('step/start', { turn, step: 1 })
    append('user/message', { id: `u${turn}`, role: 'user', content: [{ type: 'text', text: `«${prefix}u${turn}» ${CHUNK_TEXT}` }], source: { kind: 'user' } }, { surfaceOp: 'append' })
    for (let i = 0; i < chunks; i++) append('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 0, text: `${CHUNK_TEXT} ` } })
    const text = `«${prefix}a${turn}» ${CHUNK_TEXT.repeat(3)}`
    append('assistant/message', { turn, step: 1, message: { id: `a${turn}`, role: 'assistant', content: [{ type: 'text', text }], source: { kind: 'model', provider: 'scripted', model: 'scripted' } } }, { surfaceOp: 'append' })
    append('step/end', { turn, step: 1 })
    append('turn/end', { turn, reason: { kind: 'completed' } })
  }
  return exportJsonl(session.header as never, session.events)
}

