/**
 * One sample of the peer comparison, in a fresh process: `node --expose-gc peer-child.mjs <side>
 * <figure> <fixture.jsonl> <peerDir>` prints one JSON line `{value}` (µs, ms or MiB). `side` is `ours`
 * (our Session / createRuntime) or `peer` (dsh's Session, SessionStore and JSONL persistence, loaded
 * from `peerDir`'s node_modules). Both sides run the same workload (bench/workload.ts) on the same
 * Node. Bundled by bench/peer.bench.ts; never imported by it. Plane: Node (bench only).
 * @module bench/peer-child
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRuntime } from '../src/kernel/runtime.ts'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { SessionId } from '../src/util/brand.ts'
import { appendTurns, userMessage, type Append } from './workload.ts'

export type Side = 'ours' | 'peer'
export type Figure = 'append' | 'derive-incremental' | 'slice-floor' | 'derive-full' | 'load' | 'memory'

const EVENTS = 10_000
const gc = (globalThis as { gc?: () => void }).gc ?? (() => { throw new Error('run with --expose-gc') })
const MiB = 2 ** 20

interface Log { append: Append; derive(): unknown }
interface PeerModules {
  Session: { create(id: string): Log & { deriveMessages(): unknown }; fromRestore(id: string, events: unknown[], header: unknown): { deriveMessages(): unknown } }
  SessionStore: unknown
  Jsonl: unknown
  Context: new () => { plugin(plugin: unknown, config?: unknown): Promise<{ dispose(): Promise<void> }> } & Record<string, unknown>
}

async function peerModules(peerDir: string): Promise<PeerModules> {
  const require = createRequire(join(peerDir, 'package.json'))
  const load = (name: string) => import(pathToFileURL(require.resolve(name)).href)
  const [session, jsonl, cordis] = await Promise.all([load('@deepseek-ai/dsh-session'), load('@deepseek-ai/dsh-session-persistence-jsonl'), load('@deepseek-ai/cordis')])
  return { Session: session.Session, SessionStore: session.default, Jsonl: jsonl.default, Context: cordis.Context }
}

function freshLog(side: Side, peer: PeerModules | undefined): Log {
  if (side === 'peer') {
    const session = peer!.Session.create(`peer-${Math.random()}`)
    return { append: session.append.bind(session), derive: () => session.deriveMessages() }
  }
  const id = `ours-${Math.random()}` as SessionId
  const session = new Session({ id, header: { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: 0, delegationDepth: 0 }, publish: () => {} })
  return { append: session.append.bind(session) as unknown as Append, derive: () => session.deriveMessages() }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** µs per event building a fresh 10k-event log (one warm-up build first). */
function append(side: Side, peer?: PeerModules): number {
  appendTurns(freshLog(side, peer).append, EVENTS)
  const { append } = freshLog(side, peer)
  const start = performance.now()
  appendTurns(append, EVENTS)
  return ((performance.now() - start) * 1000) / EVENTS
}

/**
 * Median µs of deriveMessages() right after one appended message, at 10k events (500 calls after 50).
 * `floor`: the same loop timing only a bare `slice()` of an array as long as the derived history (the
 * fresh caller-owned array dsh's contract asks of every call), the least any derivation can cost.
 */
function deriveIncremental(side: Side, peer?: PeerModules, floor = false): number {
  const log = freshLog(side, peer)
  const turns = appendTurns(log.append, EVENTS)
  log.append('turn/start', { turn: turns + 1 })
  log.append('step/start', { turn: turns + 1, step: 1 })
  let history = log.derive() as unknown[]
  const times: number[] = []
  for (let i = 0; i < 550; i++) {
    log.append('user/message', userMessage(100_000 + i), { surfaceOp: 'append' })
    if (floor) history.push(history[0])
    const start = performance.now()
    const derived = floor ? history.slice() : log.derive()
    if (i >= 50) times.push((performance.now() - start) * 1000)
    if (floor) history = derived as unknown[]
  }
  return median(times)
}

/** Median µs of the first deriveMessages() after a surface replace (a summary over the last message), at 10k events. */
function deriveFull(side: Side, peer?: PeerModules): number {
  const log = freshLog(side, peer)
  const turns = appendTurns(log.append, EVENTS)
  log.append('turn/start', { turn: turns + 1 })
  log.append('step/start', { turn: turns + 1, step: 1 })
  const times: number[] = []
  for (let i = 0; i < 60; i++) {
    const { seq } = log.append('user/message', userMessage(200_000 + i), { surfaceOp: 'append' })
    log.derive()
    const replace = { surfaceOp: { op: 'replace', start: seq, end: seq }, sourceEventSeqs: [seq] } as unknown as Parameters<Append>[2]
    log.append('user/message', userMessage(300_000 + i), replace)
    const start = performance.now()
    log.derive()
    if (i >= 10) times.push((performance.now() - start) * 1000)
  }
  return median(times)
}

interface Loader {
  /** Reads the file and builds the open session (timed); returns what keeps it alive. */
  run(): Promise<unknown>
  dispose(): Promise<void>
}

/**
 * Ours: a memory-storage runtime (booted untimed) with the JSONL module our import loads on first use
 * already loaded, as warm-parts loads it after a first answer and as the peer's persistence module is
 * loaded before its timing; run = read the file, import (validate, store), open, derive.
 */
async function oursLoader(file: string): Promise<Loader> {
  const runtime = await createRuntime({ storage: 'memory' })
  await import('../src/session/jsonl.ts')
  return {
    async run() {
      const id = await runtime.sessions.import(readFileSync(file, 'utf8'))
      const agent = await runtime.open(id)
      agent.session.deriveMessages()
      return agent
    },
    dispose: () => runtime.dispose(),
  }
}

/** Peer: dsh's SessionStore + JSONL persistence with the file where it keeps that session (untimed); run = load, Session.fromRestore, derive. */
async function peerLoader(file: string, peer: PeerModules): Promise<Loader> {
  const root = mkdtempSync(join(tmpdir(), 'dsh-peer-'))
  const ctx = new peer.Context()
  await ctx.plugin(peer.SessionStore)
  const fiber = await ctx.plugin(peer.Jsonl, { root, compression: 'none' })
  const persistence = ctx.sessionPersistence as { locate(meta: unknown): { path: string }; load(id: string): Promise<{ meta: unknown; events: unknown[] }> }
  const id = (() => {
    const text = readFileSync(file, 'utf8')
    const { type: _type, ...meta } = JSON.parse(text.slice(0, text.indexOf('\n'))) as { type: string; id: string }
    const path = persistence.locate(meta).path
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    return meta.id
  })()
  return {
    async run() {
      const loaded = await persistence.load(id)
      const session = peer.Session.fromRestore(id, loaded.events, loaded.meta)
      session.deriveMessages()
      return session
    },
    dispose: async () => {
      await fiber.dispose()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

async function main(): Promise<number> {
  const [side, figure, file, peerDir] = process.argv.slice(2) as [Side, Figure, string, string]
  const peer = side === 'peer' ? await peerModules(peerDir) : undefined
  switch (figure) {
    case 'append': return append(side, peer)
    case 'derive-incremental': return deriveIncremental(side, peer)
    case 'slice-floor': return deriveIncremental(side, peer, true)
    case 'derive-full': return deriveFull(side, peer)
    case 'load':
    case 'memory': {
      const loader = side === 'peer' ? await peerLoader(file, peer!) : await oursLoader(file)
      gc()
      const heapBefore = process.memoryUsage().heapUsed
      const start = performance.now()
      const held = await loader.run()
      const ms = performance.now() - start
      gc()
      const heldMiB = (process.memoryUsage().heapUsed - heapBefore) / MiB
      if (held === undefined) throw new Error('the loaded session was not kept')
      await loader.dispose()
      return figure === 'load' ? ms : heldMiB
    }
  }
}

console.log(JSON.stringify({ value: await main() }))
