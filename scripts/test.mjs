/**
 * `npm test`: finds a Chromium (never downloads one), then runs lint, typecheck, Vitest (Node) and
 * Playwright (browser) even if an earlier step failed, and ends with exactly one plain line
 * `N passed, N failed, N skipped`. Exits non-zero when any step fails; a crashed step counts as failed.
 * @module scripts/test
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

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

function commandPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : undefined
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test')
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined // Playwright's registry has no browser for this platform: use the system one.
  }
}

/** Playwright's own Chromium, else /usr/bin/chromium, else `chromium` on PATH; installs it on Debian as root. */
async function findChromium() {
  const configured = process.env.CHROMIUM_PATH
  if (configured) {
    if (existsSync(configured)) return configured
    throw new Error(`CHROMIUM_PATH=${configured} does not exist.`)
  }
  const found = (await playwrightChromium()) ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : commandPath('chromium'))
  if (found) return found
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log('test: no Chromium found; installing Debian\'s chromium package (apt-get)…')
    const apt = { DEBIAN_FRONTEND: 'noninteractive' }
    if (run('apt-get', ['update', '-qq'], apt) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], apt) === 0) {
      if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
    }
    throw new Error('apt-get could not install chromium.')
  }
  throw new Error(
    'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`; or ' +
      '`npx playwright install chromium`), or point CHROMIUM_PATH at a Chromium binary.',
  )
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Test counts from Vitest's JSON report; a run that failed without failing tests counts as one failure. */
function vitestCounts(code) {
  const report = readJson(join(reports, 'vitest.json'))
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
  let chromium
  try {
    chromium = await findChromium()
  } catch (error) {
    console.error(`test: ${error.message}`)
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

  const steps = { lint, typecheck, vitest, playwright }
  console.log(`\nsteps: ${Object.entries(steps).map(([name, code]) => `${name} ${code === 0 ? 'ok' : `FAILED (exit ${code})`}`).join(', ')}`)
  const totals = [vitestCounts(vitest), playwrightCounts(playwright)].reduce((sum, c) => ({
    passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped,
  }))
  totals.failed += (lint === 0 ? 0 : 1) + (typecheck === 0 ? 0 : 1)
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  return Object.values(steps).every((code) => code === 0) ? 0 : 1
}

process.exitCode = await main()
