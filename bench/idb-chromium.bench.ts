/**
 * Persistence in real Chromium with on-disk IndexedDB (session-idb behind SessionStore, no loop):
 * sustained append throughput of a chunk-heavy stream, `relaxed` vs `strict` commit cost, and
 * resume (open → loaded, repaired log) of stored 1k/10k/100k-event sessions, in fresh profiles.
 * Plane: Node driving Chromium (npm run bench); worker-clock timings; measures, never asserts.
 * @module bench/idb-chromium
 */
import type { Page } from '@playwright/test'
import type { PersistenceBenchApi } from '../demo/bench-pages/persistence.worker.ts'
import { benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { recordSamples, skip } from './harness.ts'

const PAGE = 'bench-pages/persistence.html'
const PROFILES = 3
const STREAM_TURNS = 2000
const COMMITS = 60
const SIZES = [1_000, 10_000, 100_000] as const

type Api = PersistenceBenchApi
declare const bench: { api: { [K in keyof Api]: (...args: Parameters<Api[K]>) => ReturnType<Api[K]> }; restart(): void }

function call<K extends keyof Api>(page: Page, name: K, ...args: Parameters<Api[K]>): Promise<Awaited<ReturnType<Api[K]>>> {
  return page.evaluate(([n, a]) => (bench.api[n as K] as (...x: unknown[]) => Promise<unknown>)(...(a as unknown[])), [name, args] as const) as never
}

interface Run {
  throughput: number
  relaxed: number[]
  strict: number[]
  resume: Map<number, number>
}

async function profileRun(page: Page): Promise<Run> {
  await openPage(page, `/${PAGE}`)
  const [events, ms] = await call(page, 'stream', 'stream', STREAM_TURNS)
  const relaxed = await call(page, 'commits', 'relaxed', COMMITS, 'relaxed')
  const strict = await call(page, 'commits', 'strict', COMMITS, 'strict')
  for (const size of SIZES) await call(page, 'seed', `resume-${size}`, size)
  await page.evaluate(() => bench.restart()) // a new worker, as after a reload: nothing cached in memory
  const resume = new Map<number, number>()
  for (const size of SIZES) resume.set(size, (await call(page, 'open', `resume-${size}`))[1])
  return { throughput: (events / ms) * 1000, relaxed, strict, resume }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('persistence (Chromium, IndexedDB)', missing)
  try {
    await benchBuild('persistence', [PAGE])
  } catch (error) {
    return skip('persistence (Chromium, IndexedDB)', `the bench page does not build: ${(error as Error).message.split('\n')[0]}`)
  }
  const runs = await withPreview(async () => {
    const all: Run[] = []
    for (let i = 0; i < PROFILES; i++) all.push(await withProfile((_context, page) => profileRun(page)))
    return all
  })
  const fresh = `${PROFILES} fresh persistent profiles (on-disk IndexedDB), worker performance.now()`
  recordSamples({
    name: `sustained append, chunk-heavy stream (${STREAM_TURNS} turns × 28 events, 20 chunks each)`,
    unit: 'events/s',
    method: `one turn appended per task (MessageChannel yield), write-behind batches, until flush resolves; ${fresh}`,
    target: { op: '>=', value: 50_000, unit: 'events/s', source: 'issue 7' },
  }, runs.map((r) => r.throughput), 'min-max')
  const commitMethod = (kind: string) => `one 28-event turn then an awaited ${kind}, ${COMMITS} commits per profile; median per profile, spread across ${fresh}`
  recordSamples({ name: 'commit of one turn, relaxed (sessions.flush)', unit: 'ms', method: commitMethod('flush (relaxed)') }, runs.map((r) => median(r.relaxed)), 'min-max')
  recordSamples({ name: 'commit of one turn, strict (checkpoint)', unit: 'ms', method: commitMethod('checkpoint (strict)') }, runs.map((r) => median(r.strict)), 'min-max')
  recordSamples({ name: 'strict ÷ relaxed commit cost', unit: '×', method: 'ratio of per-profile medians' }, runs.map((r) => median(r.strict) / median(r.relaxed)), 'min-max')
  for (const size of SIZES) {
    recordSamples({
      name: `resume a stored ${size / 1000}k-event session (open → loaded, repaired log)`,
      unit: 'ms',
      method: `ctx.sessions.open in a new worker (read rows, decode, repair, build Session); ${fresh}`,
      ...(size === 100_000 ? { target: { op: '<=' as const, value: 200, unit: 'ms', source: 'issue 20 (issue 7: ≤ 500)' } } : {}),
    }, runs.map((r) => r.resume.get(size)!), 'min-max')
  }
}

await main()
