// Real Chromium + IndexedDB, headless runtime: dispose() never loses acknowledged events — a turn
// awaited with whenIdle() and at once runtime.dispose() is entirely stored (it used to keep 1 event
// of ~20), and sessions.flush() reports {durable}.
import { expect, test, type Page } from '@playwright/test'
import type { RuntimeTestApi } from '../../demo/test-pages/runtime/worker.ts'

type Remote = { [K in keyof RuntimeTestApi]: (...args: Parameters<RuntimeTestApi[K]>) => Promise<Awaited<ReturnType<RuntimeTestApi[K]>>> }
declare const runtimeHarness: { api: Remote }

function call<K extends keyof RuntimeTestApi>(page: Page, name: K, ...args: Parameters<RuntimeTestApi[K]>): Promise<Awaited<ReturnType<RuntimeTestApi[K]>>> {
  return page.evaluate(([n, a]) => (runtimeHarness.api[n as keyof Remote] as (...x: unknown[]) => Promise<unknown>)(...(a as unknown[])), [name, args] as const) as never
}

test.beforeEach(async ({ page }) => {
  await page.goto('/test-pages/runtime/index.html')
  await page.waitForSelector('body[data-ready="true"]')
  await call(page, 'start')
})

test('one turn, whenIdle(), at once dispose(): every event of the turn is stored', async ({ page }) => {
  const { id, events, outcome } = await call(page, 'turn', 'dispose')
  expect(events).toBeGreaterThan(10)
  expect(outcome).toBe('ok')
  const stored = await call(page, 'stored', id)
  expect(stored).toHaveLength(events)
  expect(stored?.at(-1)).toBe('turn/end')
})

test('sessions.flush() right after whenIdle() resolves {durable: true} with the turn stored', async ({ page }) => {
  const { id, events, outcome } = await call(page, 'turn', 'flush')
  expect(outcome).toBe('durable true')
  expect(await call(page, 'stored', id)).toHaveLength(events)
  expect(await call(page, 'dispose')).toBe('ok')
})
