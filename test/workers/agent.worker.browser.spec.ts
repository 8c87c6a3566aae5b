// The real agent worker boots, speaks the protocol over comlink, streams a scripted turn's events to the page and rejects bad commands by name.
import { expect, test } from '@playwright/test'

test('boots the worker, round-trips a scripted turn through comlink, and shows it in the DOM', async ({ page }) => {
  await page.goto('/test-pages/worker.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  const result = await page.evaluate(async () => {
    const client = (window as any).dshClient
    await client.call({ kind: 'host.configure', settings: { provider: 'scripted', replies: [{ text: 'pong' }], permissions: 'ask', storage: 'memory' } })
    const { sessionId } = await client.call({ kind: 'session.open' })
    await client.call({ kind: 'session.subscribe', sessionId, fromSeq: 0 })
    await client.call({ kind: 'agent.prompt', sessionId, text: 'ping' })
    return sessionId as string
  })
  await expect(page.locator('#log li', { hasText: 'turn/end' })).toHaveCount(1)
  const types = await page.locator('#log li').allTextContents()
  expect(types.some((t) => t.endsWith('user/message'))).toBe(true)
  expect(types.some((t) => t.endsWith('assistant/message'))).toBe(true)
  const seqs = types.map((t) => Number(t.split(' ')[0]))
  expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i))
  const exported = await page.evaluate((id) => (window as any).dshClient.call({ kind: 'session.export', sessionId: id }), result)
  expect(exported.jsonl).toContain('pong')
})

test('a malformed command comes back as a named error, not a crash', async ({ page }) => {
  await page.goto('/test-pages/worker.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  const errors = await page.evaluate(async () => {
    const client = (window as any).dshClient
    const out: string[] = []
    for (const bad of [{ kind: 'agent.explode' }, { kind: 'agent.prompt', sessionId: 'x', text: 1 }, { kind: 'session.list' }]) {
      try { await client.call(bad) } catch (e) { out.push(`${(e as { code: string }).code}: ${(e as Error).message}`) }
    }
    return out
  })
  expect(errors).toEqual([
    'DSH_PROTOCOL_INVALID: unknown command kind "agent.explode"',
    'DSH_PROTOCOL_INVALID: command agent.prompt: invalid or unexpected field "text"',
    'DSH_NOT_CONFIGURED: send host.configure before using sessions',
  ])
})
