/**
 * Session log cost: append of a typical ~200-byte event (validate, copy, freeze, publish) and
 * `deriveMessages()` after one new message on a 10,000-event session vs re-deriving from seq 0.
 * Plane: Node (npm run bench); reports medians, asserts nothing.
 * @module bench/session
 */
import { Context } from '@deepseek-ai/cordis'
import type { UserMessage } from '../src/llm/types.ts'
import SessionStore, { Session } from '../src/session/index.ts'
import MemorySessionBackend from '../src/session-memory/index.ts'
import type { CallId, MessageId, SessionId } from '../src/util/brand.ts'
import { measure, record, report, type Timing } from './harness.ts'
import { rederive } from './workload.ts'

const header = (id: string) => ({ type: 'session' as const, version: 0, id: id as SessionId, createdAt: 0, delegationDepth: 0 })
const chunk = { type: 'text-delta' as const, index: 0, text: 'The quick brown fox jumps over the lazy dog; the quick brown fox jumps over the lazy dog again and again.' }
const CHUNK_BYTES = JSON.stringify({ type: 'assistant/chunk', seq: 1234, time: Date.now(), data: { turn: 1, step: 1, chunk } }).length
const userMessage = (n: number): UserMessage => ({ id: `u${n}` as MessageId, role: 'user', content: [{ type: 'text', text: `message ${n}` }], source: { kind: 'user' } })

function openStep(session: Session): void {
  session.append('turn/start', { turn: session.lastTurn + 1 })
  session.append('step/start', { turn: session.lastTurn, step: 1 })
}

/** A realistic 10,000-event log: turns of user message, 20 chunks, assistant message with a call, call, result. */
function bigSession(target: number): Session {
  const session = new Session({ id: 'big' as SessionId, header: header('big'), publish: () => {} })
  while (session.events.length < target - 30) {
    openStep(session)
    const turn = session.lastTurn
    session.append('user/message', userMessage(turn), { surfaceOp: 'append' })
    for (let i = 0; i < 20; i++) session.append('assistant/chunk', { turn, step: 1, chunk })
    const callId = `c${turn}` as CallId
    const message = { id: `a${turn}` as MessageId, role: 'assistant' as const, content: [{ type: 'text' as const, text: chunk.text }, { type: 'tool-call' as const, id: callId, name: 'read', arguments: '{"file_path":"a.txt"}' }], source: { kind: 'model' as const, provider: 'p', model: 'm' } }
    session.append('assistant/message', { turn, step: 1, message }, { surfaceOp: 'append' })
    const call = session.append('tool/call', { turn, step: 1, callId, name: 'read', arguments: '{"file_path":"a.txt"}' })
    session.append('tool/result', { turn, step: 1, message: { id: `r${turn}` as MessageId, role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'ok' }] }], source: { kind: 'tool', callId } } }, { surfaceOp: 'append', sourceEventSeqs: [call.seq] })
    session.append('step/end', { turn, step: 1 })
    session.append('turn/end', { turn, reason: { kind: 'completed' } })
  }
  while (session.events.length < target) session.append('permission/preset', { preset: 'x' })
  return session
}

/** Times only `timed`, running `setup` untimed before each sample. */
function measureAfter(name: string, setup: () => void, timed: () => unknown, samples: number): Timing {
  const times: number[] = []
  for (let i = 0; i < samples + 50; i++) {
    setup()
    const start = performance.now()
    timed()
    if (i >= 50) times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  const meanUs = times.reduce((sum, t) => sum + t, 0) / times.length
  return { name, samples, medianUs: times[Math.floor(samples / 2)]!, p95Us: times[Math.floor(samples * 0.95)]!, meanUs }
}

const bare = new Session({ id: 'bare' as SessionId, header: header('bare'), publish: () => {} })
openStep(bare)

const root = new Context()
await root.plugin(MemorySessionBackend)
await root.plugin(SessionStore)
const live = await root.sessions.create()
openStep(live)

const big = bigSession(10_000)
let n = 0
const appendOne = () => void big.append('user/message', userMessage(++n), { surfaceOp: 'append' })
const messages = big.deriveMessages().length

const timings = [
  await measure(`append assistant/chunk (${CHUNK_BYTES} B), bare Session`, () => bare.append('assistant/chunk', { turn: 1, step: 1, chunk }), { samples: 20_000, warmup: 2000 }),
  await measure(`append assistant/chunk (${CHUNK_BYTES} B), ctx.sessions + session-memory`, () => live.append('assistant/chunk', { turn: 1, step: 1, chunk }), { samples: 20_000, warmup: 2000 }),
  measureAfter('deriveMessages() after 1 new message, 10k-event session', appendOne, () => big.deriveMessages(), 1000),
  measureAfter('re-derive from seq 0, 10k-event session (baseline)', appendOne, () => rederive(big.events), 300),
]
report(timings, { [timings[0]!.name]: 20, [timings[1]!.name]: 20, [timings[2]!.name]: 50 }, { source: 'issue 2' })
record({ name: 'incremental derive vs re-derive from seq 0, 10k events (ratio of medians)', unit: '×', method: 'median re-derive ÷ median deriveMessages(), same samples as above', median: timings[3]!.medianUs / timings[2]!.medianUs, spread: { min: timings[3]!.medianUs / timings[2]!.p95Us, max: timings[3]!.p95Us / timings[2]!.medianUs }, samples: timings[3]!.samples, target: { op: '>=', value: 10, unit: '×', source: 'issue 2' } })
console.log(`session: ${big.events.length} events, ${messages}+ messages; incremental is ${(timings[3]!.medianUs / timings[2]!.medianUs).toFixed(1)}x cheaper than re-deriving (medians)`)
console.log('method: performance.now() per call after warm-up; append timings include the harness await; derive timings exclude the untimed append before each sample')
