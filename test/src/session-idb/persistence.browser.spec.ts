// Real Chromium + IndexedDB: acknowledged events survive reloads and worker kills, one writer per session, quota is loud.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import type { SessionIdbTestApi } from '../../../demo/test-pages/session-idb/worker.ts'

const PAGE = '/test-pages/session-idb/index.html'
type Remote = { [K in keyof SessionIdbTestApi]: (...args: Parameters<SessionIdbTestApi[K]>) => Promise<Awaited<ReturnType<SessionIdbTestApi[K]>>> }
declare const sessionIdb: { api: Remote; terminate(): void; restart(): void }

async function load(page: Page): Promise<void> {
  await page.goto(PAGE)
  await page.waitForSelector('body[data-ready="true"]')
}

function call<K extends keyof SessionIdbTestApi>(page: Page, name: K, ...args: Parameters<SessionIdbTestApi[K]>): Promise<Awaited<ReturnType<SessionIdbTestApi[K]>>> {
  return page.evaluate(([n, a]) => (sessionIdb.api[n as keyof Remote] as (...x: unknown[]) => Promise<unknown>)(...(a as unknown[])), [name, args] as const) as never
}

interface Stored { type: string; seq: number; data: { reason?: { kind: string }; error?: { code: string } } }

/** A seeded PRNG (mulberry32) so a failing run can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

test('reload mid-turn: every acknowledged event is back and the turn is closed once', async ({ page }) => {
  await load(page)
  expect(await call(page, 'open', 'reload')).toBe(0) // created empty (no seed, no end-seed)
  await call(page, 'step', 'reload', 1, 40, false)
  expect(await call(page, 'flush'), JSON.stringify(await call(page, 'errors'))).toEqual({ durable: true })
  const acknowledged = await call(page, 'durableSeq', 'reload')
  const before = JSON.parse(await call(page, 'events', 'reload')) as Stored[]
  expect(acknowledged).toBe(before.length - 1)
  await page.reload()
  await page.waitForSelector('body[data-ready="true"]')
  await call(page, 'open', 'reload')
  const after = JSON.parse(await call(page, 'events', 'reload')) as Stored[]
  expect(after.slice(0, acknowledged + 1)).toEqual(before)
  const added = after.slice(acknowledged + 1)
  expect(added.map((event) => event.type)).toEqual(['tool/result', 'step/end', 'turn/end', 'session/end-seed'])
  expect(added[0]?.data.error?.code).toBe('TOOL_OUTCOME_UNKNOWN')
  expect(after.filter((event) => event.type === 'turn/end')).toHaveLength(1)
})

test('worker terminated at seeded random points: no acknowledged event lost, every log repairs', async ({ page }) => {
  await load(page)
  const next = random(20240607)
  for (let run = 0; run < 12; run++) {
    const id = `kill-${run}`
    await call(page, 'open', id)
    let snapshot: Stored[] = []
    let acknowledged = -1
    const steps = 1 + Math.floor(next() * 4)
    for (let step = 0; step < steps; step++) {
      await call(page, 'step', id, 1, Math.floor(next() * 60), false)
      if (next() < 0.5) await call(page, 'flush')
      acknowledged = await call(page, 'durableSeq', id)
      snapshot = JSON.parse(await call(page, 'events', id)) as Stored[]
    }
    await call(page, 'step', id, 1, 20, false)
    const delay = Math.floor(next() * 8)
    await page.evaluate((ms) => new Promise<void>((resolve) => setTimeout(() => { sessionIdb.terminate(); resolve() }, ms)), delay)
    await page.evaluate(() => sessionIdb.restart())
    expect(typeof await call(page, 'open', id)).toBe('number')
    const reopened = JSON.parse(await call(page, 'events', id)) as Stored[]
    expect(reopened.slice(0, acknowledged + 1), `run ${run}`).toEqual(snapshot.slice(0, acknowledged + 1))
    expect(reopened.map((event) => event.seq)).toEqual(reopened.map((_, i) => i))
    // a kill before the turn's first write is durable leaves no turn to repair
    const turnWasStored = reopened.some((event) => event.type === 'turn/start')
    expect(reopened.filter((event) => event.type === 'turn/end').map((event) => event.data.reason?.kind), `run ${run}`).toEqual(turnWasStored ? ['interrupted'] : [])
  }
})

test('two pages on one session: one writer, the follower converges, take-over fences the old writer', async ({ page, context }) => {
  await load(page)
  const second = await context.newPage()
  await load(second)
  await call(page, 'open', 'shared')
  expect(await call(second, 'open', 'shared')).toBe('SESSION_LOCKED')
  const held = await page.evaluate(async () => (await navigator.locks.query()).held?.filter((lock) => lock.name === 'dsh-session:shared').length)
  expect(held).toBe(1)

  await call(second, 'follow', 'shared')
  await call(page, 'step', 'shared', 1, 30, true)
  await call(page, 'flush')
  const total = JSON.parse(await call(page, 'events', 'shared')).length as number
  await expect.poll(() => call(second, 'followedCount', 'shared')).toBe(total)

  expect(await call(second, 'takeOver', 'shared')).toBe(total + 1)
  await call(page, 'step', 'shared', 2, 5, true)
  await call(page, 'flush')
  await expect.poll(async () => (await call(page, 'errors')).map((error) => error.code)).toEqual(['SESSION_TAKEN_OVER'])
  await call(second, 'step', 'shared', 2, 5, true)
  await call(second, 'flush')
  const winner = await call(second, 'events', 'shared')
  await second.close()
  const third = await context.newPage()
  await load(third)
  await call(third, 'open', 'shared')
  expect(JSON.parse(await call(third, 'events', 'shared')).slice(0, -1)).toEqual(JSON.parse(winner))
})

test('quota capped small: QUOTA_EXCEEDED is reported and the session continues in memory', async ({ baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'dsh-quota-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL as string).origin, quotaSize: 512 * 1024 })
    await load(page)
    expect(await call(page, 'open', 'quota')).toBe(0)
    await call(page, 'stream', 'quota', 20_000, 1000, true)
    await expect.poll(async () => (await call(page, 'errors')).map((error) => error.code)).toContain('QUOTA_EXCEEDED')
    const inMemory = JSON.parse(await call(page, 'events', 'quota')).length as number
    expect(inMemory).toBe(20_004)
    expect(await call(page, 'durableSeq', 'quota')).toBeLessThan(inMemory - 1)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
