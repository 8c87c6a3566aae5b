// Pages of one origin keep their conversations apart (issue 32.12), real IndexedDB in Chromium: a
// page with `workspace-id="docs"` and one with `workspace-id="mcp"` in one browser each reopen
// their own latest conversation and list only their own in the sessions panel; `session-scope="all"`
// lists both.
import { expect, test, type Page } from '@playwright/test'
import { bootAgent, send, transcriptText, waitForTurnEnds } from '../harness/agent-page.ts'

async function converse(page: Page, workspaceId: string, text: string): Promise<void> {
  await bootAgent(page, { storage: 'indexeddb', permissions: 'ask', script: [{ text: `Noted on ${workspaceId}.` }], attributes: { 'workspace-id': workspaceId } })
  await send(page, text)
  await waitForTurnEnds(page, 1)
  await page.locator('dsh-agent').evaluate((el) => (el as unknown as { agent: { call(c: unknown): Promise<unknown> } }).agent.call({ kind: 'storage.flush' }))
}

const sessionTitles = async (page: Page): Promise<string[]> => {
  await page.locator('dsh-agent [part~="sessions-toggle"]').click()
  const rows = page.locator('dsh-agent dsh-session-list [part~="session-title"]')
  await expect(rows.first()).toBeVisible()
  return (await rows.allTextContents()).map((title) => title.trim()).sort()
}

test('two demos on one origin each reopen and list their own conversations', async ({ browser }) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const docs = await context.newPage()
  await converse(docs, 'docs', 'a question about the docs')
  const mcp = await context.newPage()
  await converse(mcp, 'mcp', 'a question about the MCP server')

  const docsAgain = await context.newPage()
  await bootAgent(docsAgain, { storage: 'indexeddb', attributes: { 'workspace-id': 'docs' } })
  await expect.poll(() => transcriptText(docsAgain)).toContain('a question about the docs')
  expect(await transcriptText(docsAgain)).not.toContain('MCP server')
  expect(await sessionTitles(docsAgain)).toEqual(['a question about the docs'])

  const mcpAgain = await context.newPage()
  await bootAgent(mcpAgain, { storage: 'indexeddb', attributes: { 'workspace-id': 'mcp' } })
  await expect.poll(() => transcriptText(mcpAgain)).toContain('a question about the MCP server')
  expect(await sessionTitles(mcpAgain)).toEqual(['a question about the MCP server'])

  const everything = await context.newPage()
  await bootAgent(everything, { storage: 'indexeddb', attributes: { 'workspace-id': 'docs', 'session-scope': 'all' } })
  expect(await sessionTitles(everything)).toEqual(['a question about the MCP server', 'a question about the docs'])
  await context.close()
})
