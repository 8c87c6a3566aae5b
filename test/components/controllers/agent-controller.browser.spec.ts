// AgentController and its feature controllers over the real agent worker, without <dsh-agent>: start configures and opens a
// session (dsh-ready), a prompt folds into its transcript with dsh-turn-start/-end carrying the
// logged reason, the host re-renders on notices, failures become dsh-error (never a throw), a new
// session and reopening the old one switch the transcript, and stop detaches the worker. A new worker gets
// the preload hint: the storage and model provider modules are requested while its host module is on its way.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent } from '../../harness/agent-page.ts'

interface Exposed {
  host: HTMLElement & { updates: number }
  agent: { sessionId?: string; status: string; submit(text: string): Promise<void>; call(command: object): Promise<unknown>; stop(): void }
  transcript: { state: { items: { kind: string }[]; openTurn: unknown } }
  approvals: { rules: unknown[] }
  sessions: { list: { id: string }[]; start(createWorker: () => Worker, settings: object, sessionId?: string): Promise<void>; open(id?: string): Promise<void> }
  events: { type: string; detail: Record<string, unknown> }[]
  createWorker: () => Worker
}
declare const dshController: Exposed

const settings = (replies: unknown[]) => ({ provider: 'scripted', replies, permissions: 'workspace-write', storage: 'memory' })

async function started(page: Page, replies: unknown[]): Promise<void> {
  await page.goto('/test-pages/controller.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  await page.evaluate((s) => dshController.sessions.start(dshController.createWorker, s, undefined), settings(replies))
}

const events = (page: Page, type: string) => page.evaluate((t) => dshController.events.filter((e) => e.type === t).map((e) => e.detail), type)

test('start opens a new session and announces it once with dsh-ready', async ({ page }) => {
  await started(page, [])
  const { sessionId, status, sessions } = await page.evaluate(() => ({ ...dshController.agent, sessions: dshController.sessions.list.map((s) => s.id) }))
  expect(sessionId).toMatch(/\S/)
  expect(status).toBe('idle')
  expect(sessions).toEqual([sessionId])
  expect(await events(page, 'dsh-ready')).toEqual([{ sessionId }])
})

test('dsh-ready comes once the session is open and subscribed; the session list is refreshed after it', async ({ page }) => {
  await page.goto('/test-pages/controller.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  const atReady = await page.evaluate(async (s) => {
    let seen: { sessionId?: string; status: string; rules: unknown[]; listed: string[] } | undefined
    dshController.host.addEventListener('dsh-ready', () => {
      const { agent, approvals, sessions } = dshController
      seen = { sessionId: agent.sessionId, status: agent.status, rules: approvals.rules, listed: sessions.list.map((x) => x.id) }
    }, { once: true })
    await dshController.sessions.start(dshController.createWorker, s, undefined)
    return seen
  }, settings([]))
  const { sessionId, sessions } = await page.evaluate(() => ({ sessionId: dshController.agent.sessionId, sessions: dshController.sessions.list.map((x) => x.id) }))
  expect(atReady).toEqual({ sessionId, status: 'idle', rules: [], listed: [] }) // the new session was not listed yet when ready fired
  expect(sessions).toEqual([sessionId]) // start() still refreshed the list, after ready
  expect(await events(page, 'dsh-error')).toEqual([])
})

test('a prompt streams into the transcript and the turn is announced with its logged reason', async ({ page }) => {
  await started(page, [{ text: 'hello from the model' }])
  const updatesBefore = await page.evaluate(() => dshController.host.updates)
  await page.evaluate(() => dshController.agent.submit('hi'))
  await expect.poll(() => events(page, 'dsh-turn-end')).toHaveLength(1)
  const sessionId = await page.evaluate(() => dshController.agent.sessionId)
  expect(await events(page, 'dsh-turn-start')).toEqual([{ sessionId, turn: 1 }])
  expect(await events(page, 'dsh-turn-end')).toEqual([{ sessionId, turn: 1, reason: 'completed' }])
  const kinds = await page.evaluate(() => dshController.transcript.state.items.map((i) => i.kind))
  expect(kinds).toContain('assistant')
  expect(await page.evaluate(() => JSON.stringify(dshController.transcript.state))).toContain('hello from the model')
  expect(await page.evaluate(() => dshController.host.updates)).toBeGreaterThan(updatesBefore)
})

test('a failed command becomes dsh-error with the worker’s code and resolves undefined', async ({ page }) => {
  await started(page, [])
  const result = await page.evaluate(() => dshController.agent.call({ kind: 'session.export', sessionId: 'no-such-session' }))
  expect(result).toBeUndefined()
  const errors = await events(page, 'dsh-error')
  expect(errors).toHaveLength(1)
  expect(errors[0]).toMatchObject({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.stringContaining('no-such-session') })
})

test('a new session clears the transcript; reopening the first one shows its history again', async ({ page }) => {
  await started(page, [{ text: 'first answer' }])
  await page.evaluate(() => dshController.agent.submit('one'))
  await expect.poll(() => events(page, 'dsh-turn-end')).toHaveLength(1)
  const first = await page.evaluate(() => dshController.agent.sessionId!)
  await page.evaluate(() => dshController.sessions.open(undefined))
  const second = await page.evaluate(() => dshController.agent.sessionId)
  expect(second).not.toBe(first)
  expect(await page.evaluate(() => dshController.transcript.state.items.length)).toBe(0)
  await page.evaluate((id) => dshController.sessions.open(id), first)
  await expect.poll(() => page.evaluate(() => JSON.stringify(dshController.transcript.state))).toContain('first answer')
})

test('stop detaches: later commands resolve undefined without an error', async ({ page }) => {
  await started(page, [])
  await page.evaluate(() => dshController.agent.stop())
  expect(await page.evaluate(() => dshController.agent.call({ kind: 'session.list' }))).toBeUndefined()
  expect(await events(page, 'dsh-error')).toEqual([])
})

test('a new worker requests the storage and model provider modules its settings pick while its host module is still on its way', async ({ page }) => {
  const seen: string[] = []
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? ''
    for (const part of ['session-idb', 'llm-scripted']) if (name.startsWith(`${part}-`) && !seen.includes(part)) seen.push(part)
  })
  await page.route(/\/agent-host-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    seen.push('host module served')
    await route.continue()
  })
  await bootAgent(page, { storage: 'indexeddb' })
  expect(seen.indexOf('host module served')).toBe(2)
  expect(new Set(seen.slice(0, 2))).toEqual(new Set(['session-idb', 'llm-scripted']))
})
