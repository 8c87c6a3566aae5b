// <dsh-agent> starts its worker as soon as it connects: the worker script is requested while an attribute
// that must be fetched first (a same-origin `instructions` URL, answered late here) is still on its way;
// the runtime is configured with it once it arrives (the model's first turn carries it), ready comes after;
// an attribute that fails is still reported as DSH_ATTRIBUTE_INVALID only (the worker started meanwhile is stopped
// without an error of its own) and no ready comes.
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'

const INSTRUCTIONS = '/docs/boot-order-instructions.txt'
const events = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code?: string } }[] }).dshEvents)

test('the worker starts while the attributes still resolve; the runtime gets them once they have', async ({ page, context }) => {
  const seen: { what: string; at: number }[] = []
  context.on('request', (request) => { if (/agent\.worker/.test(request.url())) seen.push({ what: 'worker script requested', at: Date.now() }) })
  await page.route(`**${INSTRUCTIONS}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    seen.push({ what: 'instructions answered', at: Date.now() })
    await route.fulfill({ contentType: 'text/plain', body: 'Answer in one sentence.' })
  })
  await bootAgent(page, { script: [{ text: 'Hello.' }], storage: 'memory', attributes: { instructions: INSTRUCTIONS } })
  expect(seen.map((s) => s.what)).toEqual(['worker script requested', 'instructions answered'])
  await send(page, 'hi')
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent dsh-transcript [part~="instructions"] summary').click()
  await expect(page.locator('dsh-agent dsh-transcript [part~="instructions"] .plain')).toContainText('Answer in one sentence.')
  expect((await events(page)).filter((e) => e.type === 'dsh-error')).toEqual([])
})

test('an attribute that does not resolve is reported as DSH_ATTRIBUTE_INVALID only; the worker it started stops quietly', async ({ page }) => {
  await page.addInitScript(() => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = { storage: 'memory', attributes: { instructions: 'https://elsewhere.invalid/x.txt' } } })
  await page.goto('/test-pages/agent.html')
  await expect.poll(async () => (await events(page)).filter((e) => e.type === 'dsh-error').length).toBeGreaterThan(0)
  await page.waitForTimeout(1000)
  const all = await events(page)
  expect(new Set(all.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))).toEqual(new Set(['DSH_ATTRIBUTE_INVALID']))
  expect(all.filter((e) => e.type === 'dsh-ready')).toEqual([])
  await expect(page.locator('dsh-agent [part~="error-notice"]').first()).toContainText('instructions')
})
