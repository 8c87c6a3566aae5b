/**
 * A chunk-heavy agent log written through any `append(type, data, intent?)`: per turn a user
 * message, 20 text chunks, an assistant message with one tool call, the call, its result and the
 * closers. Plane: Node (bench only); shared by the peer and loop benches so both do the same work.
 * @module bench/workload
 */
import { messageOf } from '../src/session/derive-messages.ts'
import type { Message } from '../src/llm/types.ts'
import type { SessionEvent } from '../src/session/types.ts'

/** The `append` shape both our `Session` and dsh's `Session` expose. */
export type Append = (type: string, data: unknown, intent?: { surfaceOp: 'append'; sourceEventSeqs?: number[] }) => { seq: number }

export const CHUNK_TEXT = 'The quick brown fox jumps over the lazy dog; the quick brown fox jumps over the lazy dog again and again.'
export const CHUNKS_PER_TURN = 20
/** Events one `appendTurn` writes. */
export const EVENTS_PER_TURN = CHUNKS_PER_TURN + 8

export function userMessage(n: number): unknown {
  return { id: `u${n}`, role: 'user', content: [{ type: 'text', text: `message ${n}` }], source: { kind: 'user' } }
}

/**
 * How the model's texts repeat: `repeated` writes the one CHUNK_TEXT everywhere (a load may keep it
 * once); `distinct` numbers each text, as a real model's deltas differ, so no two are equal.
 */
export type Texts = 'repeated' | 'distinct'

const textOf = (texts: Texts, turn: number, i: number) => (texts === 'repeated' ? CHUNK_TEXT : `${CHUNK_TEXT} (${turn}.${i})`)

/** One completed turn (one step with one tool call) numbered `turn`. */
export function appendTurn(append: Append, turn: number, texts: Texts = 'repeated'): void {
  append('turn/start', { turn })
  append('step/start', { turn, step: 1 })
  append('user/message', userMessage(turn), { surfaceOp: 'append' })
  for (let i = 0; i < CHUNKS_PER_TURN; i++) append('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 0, text: textOf(texts, turn, i) } })
  const callId = `c${turn}`
  const content = [{ type: 'text', text: textOf(texts, turn, CHUNKS_PER_TURN) }, { type: 'tool-call', id: callId, name: 'read', arguments: '{"file_path":"a.txt"}' }]
  append('assistant/message', { turn, step: 1, message: { id: `a${turn}`, role: 'assistant', content, source: { kind: 'model', provider: 'p', model: 'm' } } }, { surfaceOp: 'append' })
  const call = append('tool/call', { turn, step: 1, callId, name: 'read', arguments: '{"file_path":"a.txt"}' })
  const result = { id: `r${turn}`, role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'ok' }] }], source: { kind: 'tool', callId } }
  append('tool/result', { turn, step: 1, message: result }, { surfaceOp: 'append', sourceEventSeqs: [call.seq] })
  append('step/end', { turn, step: 1 })
  append('turn/end', { turn, reason: { kind: 'completed' } })
}

/** Appends whole turns until at least `events` events exist; returns the last turn number. */
export function appendTurns(append: Append, events: number, texts: Texts = 'repeated'): number {
  let turn = 0
  while ((turn * EVENTS_PER_TURN) < events) appendTurn(append, ++turn, texts)
  return turn
}

/** The non-incremental baseline: fold the surface from seq 0 and project every node. */
export function rederive(events: readonly SessionEvent[]): Message[] {
  const nodes: number[] = []
  for (const event of events) {
    if (!('surfaceOp' in event) || event.surfaceOp === undefined) continue
    if (event.surfaceOp === 'append') nodes.push(event.seq)
    else nodes.splice(nodes.indexOf(event.surfaceOp.start), nodes.indexOf(event.surfaceOp.end) - nodes.indexOf(event.surfaceOp.start) + 1, event.seq)
  }
  const out: Message[] = []
  for (const seq of nodes) {
    const message = messageOf(events[seq]!)
    if (message) out.push(message)
  }
  return out
}
