/**
 * Runs the cross-engine suite (test/engines/flows.spec.ts) in Chromium, Firefox ESR and WebKitGTK:
 * finds each engine (scripts/browsers.mjs; apt-get as root on Debian, never a browser download),
 * reports a missing one by name with the command that installs it — a failure under CI, a skip
 * otherwise — runs Vitest with test/engines/vitest.config.ts, and prints one line per engine with
 * its counts and time, then `engines: N passed, N failed, N skipped`. Exits non-zero on any failure.
 * The flows load the embed build from dist/: built here first (the embed only, a few seconds) unless
 * ENGINES_REUSE_DIST=1 says dist/ is fresh (scripts/test.mjs sets it after Playwright's build).
 * The Vitest JSON report goes to ENGINES_REPORT (default reports/engines.json).
 * @module test/engines/run
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findEngines } from '../../scripts/browsers.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const NAMES = ['chromium', 'firefox', 'webkit']
const report = process.env.ENGINES_REPORT ?? join(root, 'reports/engines.json')

function readReport() {
  try {
    return JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    return undefined
  }
}

/** Per engine (the top describe block): counts and the summed test time. */
function perEngine(results) {
  const engines = Object.fromEntries(NAMES.map((name) => [name, { passed: 0, failed: 0, skipped: 0, ms: 0 }]))
  for (const file of results?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const engine = engines[test.ancestorTitles?.[0]]
      if (!engine) continue
      const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped'
      engine[status] += 1
      engine.ms += test.duration ?? 0
    }
  }
  return engines
}

async function main() {
  // scripts/test.mjs has looked (and installed) already and passes what it found.
  const engines = process.env.DSH_ENGINES ? JSON.parse(process.env.DSH_ENGINES) : await findEngines(NAMES)
  for (const [name, message] of Object.entries(engines.missing)) {
    console.log(`engine ${name}: ${message}${process.env.CI ? ' — a failure under CI' : ' — skipped'}`)
  }
  if (process.env.ENGINES_REUSE_DIST !== '1') {
    const build = spawnSync('node', ['node_modules/vite/bin/vite.js', 'build', '-c', 'vite.embed.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) {
      console.log('engines: the embed build failed')
      console.log('engines: 0 passed, 1 failed, 0 skipped')
      return 1
    }
  }
  mkdirSync(dirname(report), { recursive: true })
  const vitest = spawnSync('vitest', ['run', '-c', 'test/engines/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DSH_ENGINES: JSON.stringify(engines), PATH: [join(root, 'node_modules/.bin'), process.env.PATH].join(delimiter) },
  })
  const results = readReport()
  const totals = { passed: 0, failed: 0, skipped: 0 }
  for (const [name, counts] of Object.entries(perEngine(results))) {
    console.log(`engine ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${(counts.ms / 1000).toFixed(1)} s)`)
    for (const key of Object.keys(totals)) totals[key] += counts[key]
  }
  const code = vitest.status ?? 1
  if (code !== 0 && totals.failed === 0) totals.failed = 1 // a run that failed without a failing test (a crash) still fails
  console.log(`engines: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  return code
}

process.exitCode = await main()
