// No silent partial boot: a plugin that fails to start in the worker (here the openai-compatible
// provider, given a base-url that is not a URL) reaches the host page as dsh-error DSH_PLUGIN_FAILED
// naming the plugin; the rest of the agent still starts (dsh-ready, sessions open).
import { expect, test } from '@playwright/test'
import { bootAgent } from '../../harness/agent-page.ts'

declare const dshEvents: { type: string; detail: { code?: string; message?: string } }[]

test('a plugin that fails to start is reported as dsh-error DSH_PLUGIN_FAILED naming it', async ({ page }) => {
  await bootAgent(page, { provider: 'openai-compatible', baseUrl: 'not a url' })
  await expect.poll(() => page.evaluate(() => dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail))).toEqual([
    { code: 'DSH_PLUGIN_FAILED', message: expect.stringMatching(/^plugin 'llm-openai-compatible' failed to start: .*"baseURL" is not a URL: not a url/) },
  ])
  const ready = await page.evaluate(() => dshEvents.filter((e) => e.type === 'dsh-ready').length)
  expect(ready).toBe(1)
})

test('a cleanly started agent reports no plugin failure', async ({ page }) => {
  await bootAgent(page, { script: [{ text: 'hi' }] })
  expect(await page.evaluate(() => dshEvents.filter((e) => e.type === 'dsh-error'))).toEqual([])
})
