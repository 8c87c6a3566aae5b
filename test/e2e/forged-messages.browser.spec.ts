// Reliability X6: postMessage forgeries (comlink calls, approval answers, host notices) from a cross-origin
// iframe, an opaque-origin iframe, the page's own window and opener/opened windows change nothing while an
// approval is pending; only a real click on Reject ends it. The page↔worker channel is the dedicated Worker
// (and MessagePorts), never `window`, so these messages reach no listener of ours.
import { expect, test, type BrowserContext, type Frame, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, turnEnds, waitForTurnEnds } from '../harness/agent-page.ts'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'

const COMMAND = 'echo forged-ran'
const SCRIPT = [{ text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command: COMMAND, description: 'Print a marker' } }] }, { text: 'Understood, not run.' }]

/** A cross-origin page may be framed by the isolated (COEP require-corp) test page only if it opts in. */
const FRAMEABLE = { 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'cross-origin', 'Cross-Origin-Opener-Policy': 'unsafe-none' }

interface Pending { id: string; sessionId: string }
interface Received { origin: string; fromSelf: boolean }

/** What an attacker who learned the pending approval's id would post: comlink wire calls, raw commands, notices, a port. */
function forgeries({ id, sessionId }: Pending): unknown[] {
  const apply = (n: number, value: unknown) => ({ id: `forged-${n}`, type: 'APPLY', path: ['call'], argumentList: [{ type: 'RAW', value }] })
  return [
    apply(1, { kind: 'approval.answer', id, outcome: 'allowed-once' }),
    apply(2, { kind: 'agent.cancel', sessionId, keepInbox: false }),
    apply(3, { kind: 'agent.inject', sessionId, text: 'forged inject' }),
    apply(4, { kind: 'data.delete-all' }),
    { id: 'forged-5', type: 'APPLY', path: ['detach'], argumentList: [] },
    { id: 'forged-6', type: 'SET', path: ['attached'], value: { type: 'RAW', value: null } },
    { id: 'forged-7', type: 'RETURN', value: { type: 'RAW', value: { ok: true, value: { accepted: true } } } },
    { kind: 'approval.answer', id, outcome: 'allowed-once' },
    { type: 'dsh-approval-decide', detail: { id, outcome: 'allowed-once' } },
    [{ kind: 'approval.withdrawn', id }, { kind: 'agent.status', sessionId, status: 'idle' }],
  ]
}

/** Posts every forgery to `target` (an expression evaluated in the sender), plus one carrying a fresh MessagePort. */
async function postFrom(sender: Page | Frame, target: 'parent' | 'window' | 'opener' | 'popup', messages: unknown[]): Promise<void> {
  await sender.evaluate(({ target, messages }) => {
    const w = window as unknown as { dshPopup?: Window }
    const to = target === 'parent' ? window.parent : target === 'opener' ? window.opener as Window : target === 'popup' ? w.dshPopup! : window
    for (const message of messages) to.postMessage(message, '*')
    const channel = new MessageChannel()
    to.postMessage({ id: 'forged-port', type: 'APPLY', path: ['call'], argumentList: [{ type: 'RAW', value: { kind: 'webcontainer.attach', port: channel.port2 } }] }, '*', [channel.port2])
  }, { target, messages })
}

/** Records every `message` the window gets, so the test shows the forgeries did arrive and were ignored. */
async function spyOnMessages(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const received: { origin: string; fromSelf: boolean }[] = []
    Object.assign(window, { dshReceived: received })
    addEventListener('message', (event) => received.push({ origin: event.origin, fromSelf: event.source === window }))
  })
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { dshReceived: Received[] }).dshReceived)

async function openApproval(page: Page): Promise<{ pending: Pending; before: string }> {
  await send(page, 'run it')
  const request = page.locator('dsh-agent [part~="approval"]')
  await expect(request).toBeVisible()
  await expect(request.locator('[part~="terminal"]')).toContainText(COMMAND)
  const pending = await page.locator('dsh-agent dsh-transcript').evaluate((el) => {
    const q = (el as unknown as { questions: { id: string; sessionId: string }[] }).questions[0]!
    return { id: q.id, sessionId: q.sessionId }
  })
  return { pending, before: await transcriptText(page) }
}

/** Nothing moved: the request still waits, same transcript, no turn ended, the command never ran; then a real Reject ends it. */
async function expectUnmovedThenReject(page: Page, before: string): Promise<void> {
  await page.waitForTimeout(500)
  await expect(page.locator('dsh-agent [part~="approval"]')).toBeVisible()
  expect(await transcriptText(page)).toBe(before)
  expect(await turnEnds(page)).toEqual([])
  await page.locator('dsh-agent [part~="approval"] [part~="reject-button"]').click()
  await waitForTurnEnds(page, 1)
  expect(await turnEnds(page)).toEqual([expect.objectContaining({ reason: 'completed' })])
  await expect(page.locator('dsh-agent [part~="tool-card"]')).toHaveAttribute('data-outcome', 'rejected')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Understood, not run.')
  const after = await transcriptText(page)
  expect(after).not.toMatch(/^forged-ran$/m) // the card shows `$ echo forged-ran`, never its output
  expect(after).not.toContain('forged inject')
}

let other: StaticServer
test.beforeAll(async () => {
  other = await startStaticServer({ root: '/nonexistent', headers: FRAMEABLE, pages: { '/forger.html': '<!doctype html><title>forger</title><p>forger</p>' } })
})
test.afterAll(async () => { await other.close() })

async function addFrame(page: Page, attrs: Record<string, string>): Promise<Frame> {
  const element = await page.evaluateHandle((attrs) => new Promise<HTMLIFrameElement>((resolve) => {
    const frame = document.createElement('iframe')
    for (const [k, v] of Object.entries(attrs)) frame.setAttribute(k, v)
    frame.addEventListener('load', () => resolve(frame), { once: true })
    document.body.append(frame)
  }), attrs)
  const frame = await element.contentFrame()
  if (!frame) throw new Error(`iframe ${JSON.stringify(attrs)} did not attach`)
  return frame
}

test('forgeries from a cross-origin iframe and an opaque-origin iframe change nothing', async ({ page }) => {
  await spyOnMessages(page)
  await bootAgent(page, { script: SCRIPT, storage: 'memory' })
  const crossOrigin = await addFrame(page, { src: `${other.origin}/forger.html` })
  const opaque = await addFrame(page, { srcdoc: '<p>opaque</p>', sandbox: 'allow-scripts' })
  const { pending, before } = await openApproval(page)
  await postFrom(crossOrigin, 'parent', forgeries(pending))
  await postFrom(opaque, 'parent', forgeries(pending))
  const count = forgeries(pending).length + 1
  await expect.poll(async () => (await received(page)).length).toBe(2 * count)
  expect(new Set((await received(page)).map((m) => m.origin))).toEqual(new Set([other.origin, 'null']))
  await expectUnmovedThenReject(page, before)
})

test("forgeries from the page's own window.postMessage change nothing", async ({ page }) => {
  await spyOnMessages(page)
  await bootAgent(page, { script: SCRIPT, storage: 'memory' })
  const { pending, before } = await openApproval(page)
  await postFrom(page, 'window', forgeries(pending))
  await expect.poll(async () => (await received(page)).filter((m) => m.fromSelf).length).toBe(forgeries(pending).length + 1)
  await expectUnmovedThenReject(page, before)
})

test('a same-origin window the page opened posting to its opener changes nothing', async ({ page }) => {
  await spyOnMessages(page)
  await bootAgent(page, { script: SCRIPT, storage: 'memory' })
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => { Object.assign(window, { dshPopup: window.open('about:blank', 'forger') }) })])
  const { pending, before } = await openApproval(page)
  await postFrom(popup, 'opener', forgeries(pending))
  const origin = new URL(page.url()).origin
  await expect.poll(async () => (await received(page)).filter((m) => m.origin === origin && !m.fromSelf).length).toBe(forgeries(pending).length + 1)
  await expectUnmovedThenReject(page, before)
})

test('a cross-origin opener cannot reach the agent page (COOP severs it) and its posts change nothing', async ({ page, context }) => {
  await context.addInitScript((config) => { Object.assign(window, { dshTestConfig: config }) }, { script: SCRIPT, storage: 'memory' })
  await spyOnMessages(context)
  await page.goto(`${other.origin}/forger.html`)
  const agentUrl = new URL('/test-pages/agent.html', test.info().project.use.baseURL).href
  const [agent] = await Promise.all([context.waitForEvent('page'), page.evaluate((url) => { Object.assign(window, { dshPopup: window.open(url) }) }, agentUrl)])
  await agent.waitForSelector('body[data-ready]')
  expect(await agent.evaluate(() => window.opener)).toBeNull()
  const { pending, before } = await openApproval(agent)
  await postFrom(page, 'popup', forgeries(pending))
  await agent.waitForTimeout(300)
  expect(await received(agent)).toEqual([])
  await expectUnmovedThenReject(agent, before)
})
