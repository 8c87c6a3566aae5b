/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or the files named on the command line) one after
 * another in Node through Vite's module runner, so benchmarks are TypeScript with no extra tool.
 * Each file records figures through bench/harness.ts; a throw marks that file failed and the rest
 * still run. Ends with one report; a full run writes bench/results.json (partial: reports/bench.json).
 * @module scripts/bench
 */
import { readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const benchDir = join(root, 'bench')
const registryKey = Symbol.for('dsh-agent.bench.registry')

function benchFiles(args) {
  if (args.length > 0) return args.map((file) => resolve(file))
  if (!existsSync(benchDir)) return []
  return readdirSync(benchDir).filter((file) => file.endsWith('.bench.ts')).sort().map((file) => join(benchDir, file))
}

function registry() {
  globalThis[registryKey] ??= { current: 'bench', figures: [], skipped: [], notes: [] }
  return globalThis[registryKey]
}

const number = (value) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2))
const spreadText = (spread) => ('p95' in spread ? `p95 ${number(spread.p95)}` : spread.min === spread.max ? 'single value' : `${number(spread.min)}–${number(spread.max)}`)
const targetText = (target) => (target ? `${target.on === 'p95' ? 'p95 ' : ''}${target.op === '<=' ? '≤' : '≥'} ${target.value} ${target.unit} (${target.source})` : '')

function printReport(result) {
  console.log(`\n## Report (${result.machine.cpus} vCPU ${result.machine.cpuModel}, Node ${result.machine.node}, load ${result.machine.loadAverageAtStart[0]} at start, ${result.durationS} s)`)
  for (const bench of new Set(result.figures.map((f) => f.bench))) {
    console.log(`\n${bench}`)
    console.table(result.figures.filter((f) => f.bench === bench).map((f) => ({
      figure: f.name,
      median: `${number(f.median)} ${f.unit}`,
      spread: spreadText(f.spread),
      n: f.samples,
      target: targetText(f.target),
      meets: f.meets ?? '',
    })))
  }
  const over = result.figures.filter((f) => f.meets === 'over')
  console.log(`\n${result.figures.length} figures; ${result.figures.filter((f) => f.meets === 'ok').length} meet their target, ${over.length} over${over.length ? `: ${over.map((f) => f.name).join('; ')}` : ''}`)
  for (const s of result.skipped) console.log(`SKIPPED ${s.bench}: ${s.name}: ${s.reason}`)
  for (const f of result.failed) console.log(`FAILED ${f.bench}: ${f.error.split('\n')[0]}`)
}

const started = performance.now()
const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)))
const args = process.argv.slice(2)
const files = benchFiles(args)
if (files.length === 0) console.log('bench: no bench/*.bench.ts files')
const failed = []
for (const file of files) {
  const bench = file.slice(root.length)
  registry().current = bench
  console.log(`\n# ${bench}`)
  try {
    await runnerImport(file, { configFile: false, root, logLevel: 'error' })
  } catch (error) {
    failed.push({ bench, error: String(error?.stack ?? error) })
    console.error(`bench: ${bench} failed: ${error?.stack ?? error}`)
  }
}

const { figures, skipped, notes } = registry()
const result = {
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, platform: `${process.platform}-${process.arch}`, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))) },
  generatedAt: new Date().toISOString(),
  durationS: Math.round((performance.now() - started) / 1000),
  files: files.map((file) => file.slice(root.length)),
  figures,
  skipped,
  notes,
  failed,
}
printReport(result)
const out = args.length === 0 ? join(benchDir, 'results.json') : join(root, 'reports/bench.json')
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
console.log(`\nbench: wrote ${out.slice(root.length)}`)
process.exitCode = failed.length > 0 ? 1 : 0
