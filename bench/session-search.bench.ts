/**
 * Search across stored sessions (issue 18.2): 200 sessions / 200k events (per turn a user message,
 * 20 streamed chunks, an assistant message with a tool call, its result: 25 events, 3 indexed),
 * text drawn from a 5,000-word vocabulary. Figures: building the index from nothing, search
 * latency after it is built (rare word, common word, two words, a prefix; each search also checks
 * every session for new events), writing and loading the persisted copy. Plane: Node (npm run
 * bench); the index is the same code the worker runs; reading 200k events from IndexedDB in the
 * worker comes on top of the build (bench/idb-chromium.bench.ts measures session reads).
 * @module bench/session-search
 */
import { memoryIndexStore } from '../src/session-query/index-store.ts'
import { SessionIndex, type SessionSource } from '../src/session-query/search-index.ts'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { SessionReadView } from '../src/session/read-view.ts'
import type { SessionListing } from '../src/session/persistence.ts'
import type { SessionId } from '../src/util/brand.ts'
import { note, record, recordSamples } from './harness.ts'
import type { Append } from './workload.ts'

/** A fixed CPU loop timed with the figures, to read them against the machine's load (≈ 25 ms on an idle core). */
function calibrate(): number {
  const started = performance.now()
  let sum = 0
  for (let i = 0; i < 2e7; i++) sum += Math.sqrt(i)
  return sum > 0 ? performance.now() - started : 0
}
const calibration = [calibrate()]

const SESSIONS = 200
const TURNS = 40 // × 25 events = 1,000 events a session
const CHUNKS = 20
const VOCABULARY = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`)

let seed = 42
const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
/** Zipf-like: low word numbers are common, high ones rare. */
const words = (n: number): string => Array.from({ length: n }, () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]!).join(' ')

function storedView(n: number): SessionReadView {
  const id = `bench-${n}` as SessionId
  const header = { type: 'session' as const, version: SESSION_FORMAT_VERSION, id, createdAt: n, delegationDepth: 0 }
  const session = new Session({ id, header, publish: () => {} })
  const append = session.append.bind(session) as unknown as Append
  for (let turn = 1; turn <= TURNS; turn++) {
    append('turn/start', { turn })
    append('step/start', { turn, step: 1 })
    append('user/message', { id: `u${turn}`, role: 'user', content: [{ type: 'text', text: `${n === 7 && turn === 3 ? 'zebracorn ' : ''}${words(25)}` }], source: { kind: 'user' } }, { surfaceOp: 'append' })
    for (let i = 0; i < CHUNKS; i++) append('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 0, text: 'chunk ' } })
    const callId = `c${turn}`
    append('assistant/message', { turn, step: 1, message: { id: `a${turn}`, role: 'assistant', content: [{ type: 'text', text: words(60) }, { type: 'tool-call', id: callId, name: 'read', arguments: '{}' }], source: { kind: 'model', provider: 'scripted', model: 'm' } } }, { surfaceOp: 'append' })
    append('tool/call', { turn, step: 1, callId, name: 'read', arguments: '{}' })
    append('tool/result', { turn, step: 1, message: { id: `r${turn}`, role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: words(80) }] }], source: { kind: 'tool', callId } } }, { surfaceOp: 'append' })
    append('step/end', { turn, step: 1 })
    append('turn/end', { turn, reason: { kind: 'completed' } })
  }
  return { id, header: session.header, live: false, events: session.events, deriveMessages: () => session.deriveMessages() }
}

const views = new Map<string, SessionReadView>()
for (let n = 0; n < SESSIONS; n++) { const view = storedView(n); views.set(view.id, view) }
const listings: SessionListing[] = [...views.values()].map((v) => ({ header: v.header, eventCount: v.events.length }))
const events = listings.reduce((sum, l) => sum + l.eventCount, 0)
const source: SessionSource = { list: async () => listings, read: async (id) => views.get(id), liveLength: () => undefined }

const builds: number[] = []
let built: SessionIndex | undefined
const store = memoryIndexStore()
for (let run = 0; run < 3; run++) {
  const index = new SessionIndex({ store: memoryIndexStore(), source })
  const started = performance.now()
  await index.warm()
  builds.push(performance.now() - started)
  built = index
}
recordSamples({ name: `build the index from nothing (${SESSIONS} sessions, ${events.toLocaleString('en')} events)`, unit: 'ms', method: 'SessionIndex.warm() on a fresh index, sessions read from memory', target: { op: '<=', value: 2000, unit: 'ms', source: 'issue 18' } }, builds)

const queries: [string, string][] = [['a rare word (one session)', 'zebracorn'], ['a common word', VOCABULARY[1]!], ['two words (AND)', `${VOCABULARY[3]} ${VOCABULARY[40]}`], ['a prefix', VOCABULARY[200]!.slice(0, 3)]]
for (const [label, query] of queries) {
  const times: number[] = []
  let hits = 0
  for (let i = 0; i < 40; i++) {
    const started = performance.now()
    hits = (await built!.search(query)).hits.length
    times.push(performance.now() - started)
  }
  recordSamples({ name: `search after the index is built: ${label} (${hits} hits)`, unit: 'ms', method: 'SessionIndex.search(query), default limit 20; includes checking every listed session for new events', target: { op: '<=', value: 50, unit: 'ms', source: 'issue 18' } }, times)
}

const persisted = new SessionIndex({ store, source })
await persisted.warm()
const saveStarted = performance.now()
await persisted.flush()
const saveMs = performance.now() - saveStarted
const size = (await store.load())!.json.length
record({ name: `write the persisted index (JSON ${(size / 2 ** 20).toFixed(1)} MiB)`, unit: 'ms', method: 'SessionIndex.flush(): JSON.stringify into the store (IndexedDB put not included)', median: saveMs, spread: { min: saveMs, max: saveMs }, samples: 1 })
const loads: number[] = []
for (let run = 0; run < 3; run++) {
  const index = new SessionIndex({ store, source })
  const started = performance.now()
  await index.warm()
  loads.push(performance.now() - started)
}
recordSamples({ name: 'load the persisted index (nothing new to index)', unit: 'ms', method: 'SessionIndex.warm() on a stored copy: MiniSearch.loadJSON + bookkeeping check', target: { op: '<=', value: 2000, unit: 'ms', source: 'issue 18' } }, loads)
calibration.push(calibrate())
recordSamples({ name: 'calibration: 2e7 Math.sqrt in a loop (read the figures above against it)', unit: 'ms', method: 'same process, before and after the figures' }, calibration)
note('session-search: Node, sessions read from memory; in the page the build runs in the worker (no main-thread task), reading sessions from IndexedDB adds to it.')
