// The person's saves reach the agent (issue 21.2), by real typing: the agent reads a file, the
// person edits it in <dsh-workspace>'s editor and saves with Ctrl+S; the agent's log records the
// save (ignorable), its next request says the person changed the file, and its edit is refused
// until it reads the file again — then the edit goes through and keeps the person's line, and the
// open (clean) editor takes the agent's change.
import { expect, test, type Page } from '@playwright/test'
import { appendAndSave, openWorkspacePage } from '../../harness/workspace-page.ts'

interface LogEvent { type: string; ignorable?: true; data: Record<string, unknown> }

const send = async (page: Page, text: string) => {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}
const turns = (page: Page, n: number) => expect.poll(() => page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.filter((e) => e.type === 'dsh-turn-end').length)).toBe(n)
const exportLog = (page: Page) => page.locator('dsh-agent').evaluate(async (el) => {
  const agent = el as unknown as { agent: { sessionId: string; call(c: unknown): Promise<{ jsonl: string }> } }
  return (await agent.agent.call({ kind: 'session.export', sessionId: agent.agent.sessionId })).jsonl.split('\n').slice(1).filter(Boolean).map((l) => JSON.parse(l) as LogEvent)
})
const texts = (content: unknown) => (content as { text?: string; content?: { text?: string }[] }[]).map((b) => b.text ?? (b.content ?? []).map((c) => c.text ?? '').join('')).join('')

test('a save in the editor reaches the agent: logged, told in its next request, and its edit waits for a fresh read', async ({ page }) => {
  const read = { name: 'read', arguments: { file_path: 'app.ts' } }
  const edit = { name: 'edit', arguments: { file_path: 'app.ts', old_string: 'a = 1', new_string: 'a = 10' } }
  const workspace = await openWorkspacePage(page, {
    workspace: { 'app.ts': 'export const a = 1\n' },
    script: [{ toolCalls: [read] }, { text: 'Read.' }, { toolCalls: [edit] }, { toolCalls: [read] }, { toolCalls: [edit] }, { text: 'Changed a.' }],
  })
  await send(page, 'read app.ts')
  await turns(page, 1)

  await appendAndSave(page, workspace, 'app.ts', 'export const b = 2', 'export const a = 1')
  const savedNotice = page.locator('dsh-agent dsh-transcript [part~="notice"][data-code="SAVED_BY_PERSON"]')
  await expect(savedNotice).toHaveText('You saved app.ts: the agent is told, and reads it again before changing it')

  await send(page, 'now change a')
  await turns(page, 2)
  const transcript = page.locator('dsh-agent dsh-transcript')
  await expect(transcript).toContainText('app.ts was changed and saved by the person since you last read it; read it again before changing it')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Changed a.')
  // The agent's edit, after its fresh read, kept the person's line; the clean editor took it in.
  await expect(workspace.locator('dsh-editor-pane .cm-content')).toHaveText('export const a = 10export const b = 2')

  const log = await exportLog(page)
  const saved = log.filter((e) => e.type === 'workspace/saved-by-person')
  expect(saved).toHaveLength(1)
  expect(saved[0]).toMatchObject({ ignorable: true, data: { path: 'app.ts' } })
  const users = log.filter((e) => e.type === 'user/message').map((e) => texts(e.data.content))
  const notice = 'The person edited app.ts in the workspace editor and saved it. What you read of it before is out of date: read it again before you edit or overwrite it.'
  expect(users.filter((u) => u === notice)).toHaveLength(1)
  expect(users.indexOf(notice)).toBeGreaterThan(users.indexOf('read app.ts'))
  expect(users.indexOf(notice)).toBeLessThan(users.indexOf('now change a')) // the second turn's first request carries it
  const results = log.filter((e) => e.type === 'tool/result').map((e) => texts((e.data.message as { content: unknown }).content))
  expect(results).toHaveLength(4)
  expect(results[1]).toContain('was changed and saved by the person since you last read it')
  expect(results[2]).toContain('export const b = 2')
})
