/**
 * The workspace's language commands in real Chromium (issue 36): first `python3 -c 'print(1)'`
 * and `node -e` in a fresh profile (cold: runtime worker, wasm download and compile, start) and
 * then warm (the runtime worker kept), a query over a ~10 MB SQLite database in the workspace, how
 * long a runaway loop runs past its deadline before it is stopped, and the bytes each language adds
 * (gzip, the runtime worker's chunks and the runtime files). Plane: Node driving Chromium; worker clock.
 * @module bench/run-code-chromium
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { Remote } from 'comlink'
import type { WorkspaceTestApi } from '../demo/test-pages/workspace/worker.ts'
import { BUILD_DIR, benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { note, record, recordSamples, skip } from './harness.ts'

const PAGE = 'test-pages/workspace/index.html'
const PROFILES = 2
const WARM_RUNS = 10
const STOP_DEADLINE_MS = 1000

declare const workspace: Remote<WorkspaceTestApi>

interface Run { pythonCold: number; pythonWarm: number[]; nodeCold: number; nodeWarm: number[]; dbBytes: number; query: number[]; pythonStop: number; nodeStop: number }

async function bash(page: Page, command: string, timeoutMs?: number): Promise<number> {
  const result = await page.evaluate(([c, t]) => workspace.bash(c, t), [command, timeoutMs] as const)
  if (timeoutMs === undefined && result.exitCode !== 0) throw new Error(`${command}: exit ${result.exitCode}: ${result.stderr}`)
  return result.ms
}

async function times(page: Page, command: string, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push(await bash(page, command))
  return out
}

const ROWS = 100_000
const CREATE = `sqlite3 big.db 'create table t(id integer primary key, v text); with recursive c(x) as (select 1 union all select x + 1 from c limit ${ROWS}) insert into t select x, hex(randomblob(48)) from c'`

async function profileRun(page: Page, id: number): Promise<Run> {
  await openPage(page, `/${PAGE}?workspace=run-code-${id}-${Date.now()}`)
  await bash(page, 'true') // the shell itself (just-bash) is measured by workspace-chromium
  const pythonCold = await bash(page, "python3 -c 'print(1)'")
  const pythonWarm = await times(page, "python3 -c 'print(1)'", WARM_RUNS)
  const nodeCold = await bash(page, "node -e 'console.log(1)'")
  const nodeWarm = await times(page, "node -e 'console.log(1)'", WARM_RUNS)
  await bash(page, CREATE)
  const dbBytes = Number((await page.evaluate(() => workspace.bash('wc -c < big.db'))).stdout.trim())
  const query = await times(page, "sqlite3 big.db \"select count(*), sum(length(v)) from t where v like '%ABC%'\"", 5)
  const pythonStop = (await bash(page, "python3 -c 'while True: pass'", STOP_DEADLINE_MS)) - STOP_DEADLINE_MS
  const nodeStop = (await bash(page, "node -e 'for (;;) {}'", STOP_DEADLINE_MS)) - STOP_DEADLINE_MS
  return { pythonCold, pythonWarm, nodeCold, nodeWarm, dbBytes, query, pythonStop, nodeStop }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const KB = 1024
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/** Gzip bytes of each language: its chunk in the build (found by the module name Vite gives it) and its runtime files. */
function languageBytes(): { language: string; chunk: number; runtime: number; runtimeRaw: number }[] {
  const assets = join(BUILD_DIR, 'assets')
  const chunk = (prefix: string) => readdirSync(assets).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js')).reduce((sum, f) => sum + gzip(join(assets, f)), 0)
  const runtime = (dir: string) => {
    const folder = join(BUILD_DIR, 'runtimes', dir)
    const files = readdirSync(folder)
    return { gz: files.reduce((sum, f) => sum + gzip(join(folder, f)), 0), raw: files.reduce((sum, f) => sum + readFileSync(join(folder, f)).length, 0) }
  }
  const dir = (prefix: string) => readdirSync(join(BUILD_DIR, 'runtimes')).find((d) => d.startsWith(prefix))!
  const shared = chunk('run-code.worker') + chunk('runner')
  return [
    { language: 'python (Pyodide)', chunk: chunk('python') + shared, ...((r) => ({ runtime: r.gz, runtimeRaw: r.raw }))(runtime(dir('pyodide'))) },
    { language: 'javascript (QuickJS + sucrase)', chunk: chunk('javascript') + shared, ...((r) => ({ runtime: r.gz, runtimeRaw: r.raw }))(runtime(dir('quickjs'))) },
    { language: 'sqlite (sql.js)', chunk: chunk('sqlite') + shared, ...((r) => ({ runtime: r.gz, runtimeRaw: r.raw }))(runtime(dir('sqljs'))) },
  ]
}

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('run-code (Chromium worker)', missing)
  await benchBuild('run-code', [PAGE])
  const runs = await withPreview(async () => {
    const all: Run[] = []
    for (let i = 0; i < PROFILES; i++) all.push(await withProfile((_context, page) => profileRun(page, i)))
    return all
  })
  const fresh = `${PROFILES} fresh Chromium profiles (production build, vite preview on 127.0.0.1, cross-origin isolated), worker performance.now() around ctx.shell.run`
  const target = (value: number, unit: string) => ({ op: '<=' as const, value, unit, source: 'issue 36' })
  recordSamples({ name: "python3 -c 'print(1)', first run (cold: runtime worker + Pyodide wasm fetch/compile + stdlib)", unit: 'ms', method: `the first python3 in a fresh profile; ${fresh}`, target: target(3000, 'ms') }, runs.map((r) => r.pythonCold), 'min-max')
  recordSamples({ name: "python3 -c 'print(1)', warm", unit: 'ms', method: `median of ${WARM_RUNS} runs after the first, per profile; spread across ${fresh}`, target: target(100, 'ms') }, runs.map((r) => median(r.pythonWarm)), 'min-max')
  recordSamples({ name: "node -e 'console.log(1)', first run (cold: QuickJS wasm + sucrase chunk)", unit: 'ms', method: `the first node in a profile that already ran python3; ${fresh}`, target: target(300, 'ms') }, runs.map((r) => r.nodeCold), 'min-max')
  recordSamples({ name: "node -e 'console.log(1)', warm", unit: 'ms', method: `median of ${WARM_RUNS} runs after the first, per profile; spread across ${fresh}`, target: target(20, 'ms') }, runs.map((r) => median(r.nodeWarm)), 'min-max')
  recordSamples({ name: `sqlite3 query over a ${(runs[0]!.dbBytes / 2 ** 20).toFixed(1)} MiB database (${ROWS} rows, LIKE scan)`, unit: 'ms', method: `median of 5 runs (the database already in the warm runtime worker), per profile; spread across ${fresh}` }, runs.map((r) => median(r.query)), 'min-max')
  recordSamples({ name: 'runaway python3 loop: stopped this long after its deadline (KeyboardInterrupt via the interrupt buffer)', unit: 'ms', method: `bash timeout ${STOP_DEADLINE_MS} ms on "while True: pass", run time minus the deadline; ${fresh}`, target: target(2000, 'ms') }, runs.map((r) => r.pythonStop), 'min-max')
  recordSamples({ name: 'runaway node loop: stopped this long after its deadline (worker terminated)', unit: 'ms', method: `bash timeout ${STOP_DEADLINE_MS} ms on "for (;;) {}", run time minus the deadline; ${fresh}`, target: target(2000, 'ms') }, runs.map((r) => r.nodeStop), 'min-max')
  for (const bytes of languageBytes()) {
    const method = 'vite build (production) of the bench page; Node zlib gzip level 9 of each file, summed; chunk = the runtime worker entry, its runner and the language module; runtime = runtimes/<dir>/ files (fetched on first use, cached by the service worker)'
    record({ name: `${bytes.language}: runtime-worker chunks, gzip`, unit: 'KB', method, median: bytes.chunk / KB, spread: { min: bytes.chunk / KB, max: bytes.chunk / KB }, samples: 1 })
    record({ name: `${bytes.language}: runtime files, gzip (${(bytes.runtimeRaw / 2 ** 20).toFixed(2)} MiB raw)`, unit: 'KB', method, median: bytes.runtime / KB, spread: { min: bytes.runtime / KB, max: bytes.runtime / KB }, samples: 1 })
  }
  note('run-code-chromium: none of these bytes is in the worker core or the page\'s first load; the core holds only the plugin that names the commands (src/run-code/index.ts).')
}

await main()
