// A settings restart on a memory-storage page keeps working (real Chromium, real clicks through
// Settings, a scripted OpenAI-compatible server on 127.0.0.1): saving a key restarts the worker's
// runtime, the memory session is carried into the new runtime (no SESSION_NOT_FOUND), the
// conversation stays on screen, and the next message reaches the model with the new key and the
// whole history.
import { expect, test, type Page } from '@playwright/test'
import { MockProvider } from '../mock-provider/server.ts'
import { textStream } from '../mock-provider/wire.ts'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'

let mock: MockProvider
test.beforeAll(async () => { mock = await MockProvider.start() })
test.afterAll(async () => { await mock.close() })

async function saveKey(page: Page, key: string): Promise<void> {
  const toggle = page.locator('dsh-agent [part~="settings-toggle"]')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await page.locator('dsh-agent [part~="key-input"]').fill(key)
  await page.locator('dsh-agent [part~="save-button"]').click()
  await expect(page.locator('dsh-agent [part~="key-state"]')).toHaveText('Key kept in memory for this tab only')
}

const errorCodes = (page: Page) => page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { code: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-error').map((e) => e.detail.code))

test('storage="memory": saving a key in Settings restarts the runtime and the conversation goes on', async ({ page }) => {
  mock.enqueue({ body: textStream(['First ', 'reply.']) }, { body: textStream(['Second ', 'reply.']) })
  await bootAgent(page, { provider: 'openai-compatible', baseUrl: `${mock.baseURL}/v1`, storage: 'memory' })
  await saveKey(page, 'sk-test-first-key')
  await send(page, 'hello')
  await waitForTurnEnds(page, 1)
  await expect.poll(() => transcriptText(page)).toContain('First reply.')
  const sessionBefore = await page.locator('dsh-agent dsh-transcript').getAttribute('session-id')

  await saveKey(page, 'sk-test-second-key') // restarts the runtime (the key is the runtime's)
  await expect.poll(() => page.locator('dsh-agent dsh-transcript').getAttribute('session-id')).toBe(sessionBefore)
  await expect.poll(() => transcriptText(page)).toContain('First reply.')
  await send(page, 'again')
  await waitForTurnEnds(page, 2)
  await expect.poll(() => transcriptText(page)).toContain('Second reply.')
  expect(await errorCodes(page)).toEqual([])
  expect(await page.locator('dsh-agent [part~="error-notice"]').count()).toBe(0)

  expect(mock.requests).toHaveLength(2)
  const second = mock.requests[1]!
  expect(second.headers.authorization).toBe('Bearer sk-test-second-key')
  const sent = JSON.stringify((JSON.parse(second.body) as { messages: unknown[] }).messages)
  expect(sent).toContain('hello')
  expect(sent).toContain('First reply.')
  expect(sent).toContain('again')
})
