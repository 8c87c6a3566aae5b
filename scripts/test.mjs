/**
 * `npm test`: finds Chromium, Firefox ESR and WebKitGTK (scripts/browsers.mjs: never downloads one;
 * apt-get as root on Debian), then runs lint, typecheck, Vitest (Node), Playwright (Chromium) and the
 * cross-engine suite (test/engines/run.mjs) even if an earlier step failed, and ends with exactly one
 * plain line `N passed, N failed, N skipped` counting all of them. Exits non-zero when any step fails;
 * a crashed step counts as failed.
 * @module scripts/test
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findEngines } from './browsers.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const reports = join(root, 'reports')
const env = {
  ...process.env,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  PATH: [join(root, 'node_modules/.bin'), process.env.PATH].join(delimiter),
}

/** Runs one command with inherited output; returns its exit code (1 when it could not start). */
function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } })
  if (result.error) console.error(`test: could not run ${command}: ${result.error.message}`)
  return result.status ?? 1
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Test counts from a Vitest JSON report; a run that failed without failing tests counts as one failure. */
function vitestCounts(code, file) {
  const report = readJson(join(reports, file))
  const counts = {
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

/** Titles of tests that failed first and passed on retry (CI retries browser tests once). */
function flakyTitles(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests?.some((t) => t.status === 'flaky')).map((spec) => `${spec.file}: ${spec.title}`),
    ...flakyTitles(suite.suites),
  ])
}

function playwrightCounts(code) {
  const report = readJson(join(reports, 'playwright.json'))
  for (const title of flakyTitles(report?.suites)) console.log(`flaky (passed on retry): ${title}`)
  const stats = report?.stats
  const counts = {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

async function main() {
  // One lookup (and at most one apt-get update + install) for every engine; Playwright needs Chromium.
  const engines = await findEngines(['chromium', 'firefox', 'webkit'])
  const chromium = engines.found.chromium?.CHROMIUM_PATH
  if (!chromium) {
    console.error(`test: ${engines.missing.chromium} (or \`npx playwright install chromium\`, or point CHROMIUM_PATH at a Chromium binary).`)
    console.log('0 passed, 1 failed, 0 skipped')
    return 1
  }
  rmSync(reports, { recursive: true, force: true })
  mkdirSync(reports, { recursive: true })

  const lint = run('npm', ['run', '-s', 'lint'])
  const typecheck = run('npm', ['run', '-s', 'typecheck'])
  const vitest = run('vitest', ['run', '--passWithNoTests', '--reporter=default', '--reporter=json',
    `--outputFile.json=${join(reports, 'vitest.json')}`])
  const playwright = run('playwright', ['test', '--pass-with-no-tests', '--reporter=list,json'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
  })
  // Playwright's web server has just built dist/ (unless BASE_URL points at a running server).
  const enginesStep = run('node', ['test/engines/run.mjs'], {
    DSH_ENGINES: JSON.stringify(engines),
    ENGINES_REPORT: join(reports, 'engines.json'),
    ...(process.env.BASE_URL ? {} : { ENGINES_REUSE_DIST: '1' }),
  })

  const steps = { lint, typecheck, vitest, playwright, engines: enginesStep }
  console.log(`\nsteps: ${Object.entries(steps).map(([name, code]) => `${name} ${code === 0 ? 'ok' : `FAILED (exit ${code})`}`).join(', ')}`)
  const totals = [vitestCounts(vitest, 'vitest.json'), playwrightCounts(playwright), vitestCounts(enginesStep, 'engines.json')].reduce((sum, c) => ({
    passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped,
  }))
  totals.failed += (lint === 0 ? 0 : 1) + (typecheck === 0 ? 0 : 1)
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  return Object.values(steps).every((code) => code === 0) ? 0 : 1
}

process.exitCode = await main()
