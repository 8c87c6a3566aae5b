// Tool cards in one line per call (verb, target, outcome) that open to their details, every state
// drawn distinctly, and the approval asked inline on the waiting call's card: focus on Reject, Tab
// to the grants, Escape rejects, only a trusted gesture grants, and the plain reason in the user's language.
import { expect, test, type Page } from '@playwright/test'
import { WireLog } from '../../harness/wire-events.ts'
import type { WireEvent } from '../../../src/protocol/messages.ts'

const result = (callId: string, text: string, extra: Record<string, unknown> = {}, isError = false) =>
  ({ turn: 1, step: 1, message: { id: `r${callId}`, role: 'user', source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) }] }, ...extra })
const call = (callId: string, name: string, args: unknown) => ({ turn: 1, step: 1, callId, name, arguments: JSON.stringify(args) })

/** One open turn holding a call in every state; the last one waits for approval. */
function everyState(): WireEvent[] {
  const log = new WireLog().user('show me').add('turn/start', { turn: 1 }).add('step/start', { turn: 1, step: 1 })
  log.add('tool/call', call('read', 'read', { file_path: 'README.md' }), { card: 'generic', title: 'Read README.md', kind: 'read', locations: ['README.md'] })
    .add('tool/result', result('read', '<path>…', { meta: {} }), { card: 'read', path: 'README.md', offset: 0, totalLines: 4, lines: [1, 2, 3, 4].map((n) => ({ number: n, text: `line ${n}` })) })
  log.add('tool/call', call('ran', 'bash', { command: 'sh examples/top-words.sh', description: 'Count words' }), { card: 'terminal', title: 'sh examples/top-words.sh', description: 'Count words' })
    .add('tool/result', result('ran', 'the 12\n'), { card: 'terminal', output: 'the 12\n', exitCode: 0, signal: null })
  const before = '#!/bin/sh\necho hello\nexit 0\n'
  const after = '#!/bin/sh\necho "hello, $1"\necho bye\nexit 0\n'
  log.add('tool/call', call('edit', 'edit', { file_path: 'scripts/hello.sh', old_string: 'echo hello', new_string: 'echo "hello, $1"\necho bye' }), { card: 'diff', title: 'Edit scripts/hello.sh', diffs: [{ path: 'scripts/hello.sh', oldText: 'echo hello', newText: 'echo "hello, $1"\necho bye' }] })
    .add('tool/result', result('edit', 'Edited scripts/hello.sh: replaced 1 occurrence.'), { card: 'diff', diffs: [{ path: 'scripts/hello.sh', oldText: before, newText: after }] })
  log.add('tool/call', call('failed', 'read', { file_path: 'missing.md' }), { card: 'generic', title: 'Read missing.md', kind: 'read', locations: ['missing.md'] })
    .add('tool/result', result('failed', 'Error: missing.md does not exist', { error: { name: 'FsError', code: 'FS_NOT_FOUND' } }, true))
  log.add('tool/call', call('rejected', 'bash', { command: 'rm -rf build' }), { card: 'terminal', title: 'rm -rf build' })
    .add('approval/asked', { id: 'ap-r', toolName: 'bash', callId: 'rejected' }).add('approval/decided', { id: 'ap-r', outcome: 'rejected' })
    .add('tool/result', result('rejected', 'Error: the user rejected tool "bash"', {}, true))
  log.add('tool/call', call('cancelled', 'bash', { command: 'sleep 60' }), { card: 'terminal', title: 'sleep 60' })
    .add('tool/result', result('cancelled', 'Error: tool call aborted before dispatch', { error: { name: 'AbortError', code: 'ABORTED_BEFORE_DISPATCH' } }, true))
  log.add('tool/call', call('running', 'bash', { command: 'npm test' }), { card: 'terminal', title: 'npm test' })
  log.add('tool/call', call('waiting', 'bash', { command: 'echo hi', description: 'Print a greeting' }), { card: 'terminal', title: 'echo hi', description: 'Print a greeting' })
    .add('approval/asked', { id: 'q-1', toolName: 'bash', callId: 'waiting' })
  return log.events
}

const question = { id: 'q-1', sessionId: 's-1', toolName: 'bash', callId: 'waiting', effect: 'execute', reason: 'permission preset "ask": tool "bash" executes', arguments: '{"command":"echo hi","description":"Print a greeting"}', card: { card: 'terminal', title: 'echo hi', description: 'Print a greeting' } }

/** The harness page showing `calls` (default: every state) with `calls.q` asked. */
async function open(page: Page, lang = 'en', calls: { wire: unknown[]; q: unknown } = { wire: everyState() as unknown[], q: question }): Promise<void> {
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  await page.evaluate(async ({ wire, q, lang }) => {
    const h = (window as any).dshHarness
    h.setLang(lang)
    await h.renderTranscript(wire)
    await h.ask(q)
  }, { ...calls, lang })
}

const card = (page: Page, callId: string) => page.locator(`dsh-transcript [part~="tool-card"][data-call-id="${callId}"]`)
const decisions = (page: Page) => page.evaluate(() => (window as any).dshHarness.events.filter((e: { type: string }) => e.type === 'dsh-approval-decide').map((e: { detail: unknown }) => e.detail))
const line = async (page: Page, callId: string) => (await card(page, callId).locator('[part~="tool-summary"]').innerText()).replace(/\s+/g, ' ').trim()

test('every state is its own: one line each with verb, target and outcome', async ({ page }) => {
  await open(page)
  const states = { read: 'done', ran: 'done', edit: 'done', failed: 'failed', rejected: 'rejected', cancelled: 'cancelled', running: 'running', waiting: 'waiting' }
  for (const [id, state] of Object.entries(states)) await expect(card(page, id)).toHaveAttribute('data-state', state)
  expect(await line(page, 'read')).toBe('✓ Read README.md · 4 lines')
  expect(await line(page, 'ran')).toBe('✓ Ran sh examples/top-words.sh · exit 0')
  expect(await line(page, 'edit')).toBe('✓ Edited scripts/hello.sh · +2 −1')
  expect(await line(page, 'failed')).toBe('✕ Read missing.md · failed (FS_NOT_FOUND)')
  expect(await line(page, 'rejected')).toBe('⊘ Run rm -rf build · rejected')
  expect(await line(page, 'cancelled')).toBe('– Run sleep 60 · cancelled')
  expect(await line(page, 'running')).toBe('◌ Running npm test · running…')
  expect(await line(page, 'waiting')).toBe('● Run echo hi') // the request's title asks; the line names the call (a dot, not a "?" that reads as help)
  await expect(card(page, 'rejected')).toHaveAttribute('data-outcome', 'rejected')
})

test('a card opens to its details: output with exit code, a − above + diff, numbered lines; raw JSON only behind Details', async ({ page }) => {
  await open(page)
  await expect(card(page, 'ran').locator('[part~="terminal"]')).toBeHidden()
  await card(page, 'ran').locator('summary[part~="tool-summary"]').click()
  await expect(card(page, 'ran').locator('[part~="terminal"]')).toHaveText('$ sh examples/top-words.sh\nthe 12\n')
  await expect(card(page, 'ran').locator('[part~="exit-code"]')).toHaveAttribute('data-exit', '0')
  await expect(card(page, 'ran').locator('[part~="tool-arguments"]')).toBeHidden()
  await card(page, 'ran').locator('[part~="tool-raw"] > summary').click()
  await expect(card(page, 'ran').locator('[part~="tool-arguments"]')).toContainText('"command": "sh examples/top-words.sh"')

  await card(page, 'edit').locator('summary[part~="tool-summary"]').click()
  const diff = card(page, 'edit').locator('[part~="diff-body"]')
  await expect(diff).toBeVisible()
  const rows = await diff.locator(':scope > span').allInnerTexts()
  expect(rows.map((r) => r.replace(/\n$/, ''))).toEqual(['@@ -1,3 +1,4 @@', ' #!/bin/sh', '−echo hello', '+echo "hello, $1"', '+echo bye', ' exit 0'])
  expect(await card(page, 'edit').locator('figure').count()).toBe(0)

  await card(page, 'read').locator('summary[part~="tool-summary"]').click()
  await expect(card(page, 'read').locator('[part~="file-lines"]')).toHaveText('1line 1\n2line 2\n3line 3\n4line 4\n')
})

test('a rejected or cancelled command prints no error text as terminal output', async ({ page }) => {
  await open(page)
  for (const id of ['rejected', 'cancelled']) {
    await card(page, id).locator('summary[part~="tool-summary"]').click()
    await expect(card(page, id).locator('[part~="terminal"]')).toHaveText(id === 'rejected' ? '$ rm -rf build' : '$ sleep 60')
  }
})

test('the waiting card is the request: title, description, plain reason, focus on Reject, never a modal', async ({ page }) => {
  await open(page)
  const request = page.locator('dsh-transcript [part~="approval"]')
  await expect(request).toHaveCount(1)
  await expect(request).toHaveAttribute('data-call-id', 'waiting')
  await expect(request.locator('[part~="approval-title"]')).toHaveText('Allow this action?')
  await expect(request.locator('[part~="approval-description"]')).toHaveText('The agent says: Print a greeting')
  await expect(request.locator('[part~="reason"]')).toHaveText('It runs a command in your workspace.')
  await expect(request.locator('[part~="terminal"]')).toHaveText('$ echo hi')
  await expect(request.locator('[part~="reject-button"]')).toBeFocused()
  expect(await page.evaluate(() => document.querySelectorAll(':modal').length + document.querySelector('dsh-transcript')!.shadowRoot!.querySelectorAll(':modal, dialog').length)).toBe(0)
})

test('keyboard: Tab from Reject reaches Allow once, then Allow for this session; Enter on it grants for the session', async ({ page }) => {
  await open(page)
  await expect(page.locator('dsh-transcript [part~="reject-button"]')).toBeFocused() // the request takes the focus after its render: Tab before that starts elsewhere
  await page.keyboard.press('Tab')
  await expect(page.locator('dsh-transcript [part~="allow-button"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.locator('dsh-transcript [part~="allow-session-button"]')).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await decisions(page)).toEqual([{ id: 'q-1', outcome: 'allowed-once', remember: true }])
  await expect(page.locator('dsh-transcript [part~="approval"]')).toHaveCount(0)
  await expect(card(page, 'waiting')).toBeFocused() // focus stays on the answered card
})

test('Enter on the initial focus rejects; Escape on the next request rejects too', async ({ page }) => {
  await open(page)
  await page.keyboard.press('Enter')
  await page.evaluate((q) => (window as any).dshHarness.ask({ ...q, id: 'q-2' }), question)
  await expect(page.locator('dsh-transcript [part~="approval"] [part~="reject-button"]')).toBeFocused()
  await page.keyboard.press('Escape')
  expect(await decisions(page)).toEqual([{ id: 'q-1', outcome: 'rejected' }, { id: 'q-2', outcome: 'rejected' }])
})

test('a real click on Allow once grants once', async ({ page }) => {
  await open(page)
  await page.locator('dsh-transcript [part~="allow-button"]').click()
  expect(await decisions(page)).toEqual([{ id: 'q-1', outcome: 'allowed-once' }])
})

test('a script clicking a grant or dispatching Enter grants nothing', async ({ page }) => {
  await open(page)
  for (const part of ['allow-button', 'allow-session-button']) {
    await page.locator(`dsh-transcript [part~="${part}"]`).evaluate((b) => {
      (b as HTMLButtonElement).click()
      b.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }))
      b.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }))
    })
  }
  expect(await decisions(page)).toEqual([])
  await expect(page.locator('dsh-transcript [part~="approval"]')).toBeVisible()
})

test('lang="zh": verbs, outcomes, the reason and the grants are in Chinese', async ({ page }) => {
  await open(page, 'zh')
  expect(await line(page, 'ran')).toBe('✓ 已运行 sh examples/top-words.sh · 退出码 0')
  const request = page.locator('dsh-transcript [part~="approval"]')
  await expect(request.locator('[part~="reason"]')).toHaveText('它会在你的工作区中运行命令。')
  await expect(request.locator('[part~="allow-session-button"]')).toHaveText('在本会话中允许')
  await expect(request.locator('[part~="approval-title"]')).toHaveText('允许此操作吗？')
})

/** An MCP call still running (it reported progress) and one waiting for approval, with the server's hints. */
function mcpCalls(): { wire: unknown[]; q: unknown } {
  const hinted = { kind: 'mcp', server: 'everything', title: 'Wipe the store', destructive: true, openWorld: true }
  const log = new WireLog().user('go').add('turn/start', { turn: 1 }).add('step/start', { turn: 1, step: 1 })
  log.add('tool/call', call('long', 'mcp__everything__long', { duration: 3 }), { card: 'generic', title: 'Long Operation', kind: 'read', rawInput: { duration: 3 }, origin: { kind: 'mcp', server: 'everything', title: 'Long Operation' } })
    .add('tool/progress', { callId: 'long', progress: 1, total: 3 }).add('tool/progress', { callId: 'long', progress: 2, total: 3, message: 'halfway' })
  const card = { card: 'generic', title: 'Wipe the store', kind: 'execute', rawInput: { all: true }, origin: hinted }
  log.add('tool/call', call('wipe', 'mcp__everything__wipe', { all: true }), card).add('approval/asked', { id: 'q-2', toolName: 'mcp__everything__wipe', callId: 'wipe' })
  return { wire: log.events as unknown[], q: { id: 'q-2', sessionId: 's-1', toolName: 'mcp__everything__wipe', callId: 'wipe', effect: 'execute', arguments: '{"all":true}', card } }
}

test('an MCP tool: its title and server on the line, its progress while it runs; the request names the server, its hints and the arguments', async ({ page }) => {
  await open(page, 'en', mcpCalls())
  expect(await line(page, 'long')).toBe('◌ Long Operation everything · running… 2 of 3 · halfway')
  const request = page.locator('dsh-transcript [part~="approval"]')
  expect((await request.locator('[part~="tool-summary"]').innerText()).replace(/\s+/g, ' ').trim()).toBe('● Wipe the store everything')
  await expect(request.locator('[part~="reason"]')).toHaveText('It acts on the MCP server "everything", outside your workspace. The server says it may delete or overwrite data. The server says it reaches beyond itself (the web or other systems).')
  await expect(request.locator('[part~="approval-arguments"] pre')).toBeVisible()
  await expect(request.locator('[part~="approval-arguments"] pre')).toHaveText('{\n  "all": true\n}')
  await open(page, 'zh', mcpCalls())
  await expect(request.locator('[part~="reason"]')).toHaveText('它作用于 MCP 服务器“everything”，不在你的工作区内。 服务器表示它可能删除或覆盖数据。 服务器表示它会访问服务器之外（网络或其他系统）。')
})
