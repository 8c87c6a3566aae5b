// <dsh-workspace for="agent"> on the workspace of the <dsh-agent> beside it, driven by real typing and
// clicking: the tree lists the agent's files and follows its writes live; the person edits and saves
// (the agent's next edit from an old read is refused); an agent edit of an open clean file comes in
// highlighted, of a file with unsaved edits becomes a conflict prompt that loses neither text; create,
// rename and delete ask first; desktop drops add text files and refuse binary ones; a file and the
// whole workspace download (zip); huge and binary files open as notices.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { unzipSync, strFromU8 } from 'fflate'
import { readFile } from 'node:fs/promises'

interface Config { script?: unknown[]; workspace?: Record<string, string>; permissions?: string; theme?: string; lang?: string }

async function boot(page: Page, config: Config): Promise<Locator> {
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, config)
  await page.goto('/test-pages/workspace-ui.html')
  await page.waitForSelector('body[data-ready]')
  const workspace = page.locator('dsh-workspace')
  await expect(workspace.getByRole('tree', { name: 'Files' }).getByRole('treeitem').first()).toBeVisible()
  return workspace
}

/** The workspace's file as the agent's worker holds it (through the same link the element uses). */
const workspaceText = (page: Page, path: string) => page.evaluate(async (p) => {
  const agent = document.getElementById('agent') as unknown as { workspaceLink(): { request(c: unknown): Promise<{ kind: string; text?: string }> } }
  const file: { kind: string; text?: string } = await agent.workspaceLink().request({ kind: 'workspace.read', path: p }).catch((e: { code: string }) => ({ kind: e.code }))
  return file.kind === 'text' ? file.text : file.kind
}, path)

const send = async (page: Page, text: string) => {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}
const turns = (page: Page, n: number) => expect.poll(() => page.evaluate(() => (window as unknown as { dshEvents: { type: string }[] }).dshEvents.filter((e) => e.type === 'dsh-turn-end').length)).toBe(n)
const editorContent = (workspace: Locator) => workspace.locator('dsh-editor-pane .cm-content')
const tab = (workspace: Locator, name: string) => workspace.locator('dsh-editor-pane [part~="editor-tab"]', { hasText: name })

test('the tree lists the agent’s workspace and shows the agent’s writes live, without reloading', async ({ page }) => {
  const write = { name: 'write', arguments: { file_path: 'notes/todo.md', content: '- ship it\n' } }
  const workspace = await boot(page, { workspace: { 'README.md': '# Hi\n', 'src/app.ts': 'export const a = 1\n' }, script: [{ toolCalls: [write] }, { text: 'Written.' }] })
  const tree = workspace.getByRole('tree', { name: 'Files' })
  await expect(tree.getByRole('treeitem')).toHaveText(['README.md', 'src'])
  await tree.getByRole('treeitem', { name: 'src' }).click()
  await expect(tree.getByRole('treeitem')).toHaveText(['README.md', 'src', 'app.ts'])
  await send(page, 'write a todo')
  await turns(page, 1)
  await expect(tree.getByRole('treeitem', { name: 'notes' })).toBeVisible()
  await tree.getByRole('treeitem', { name: 'notes' }).click()
  await tree.getByRole('treeitem', { name: 'todo.md' }).click()
  await expect(editorContent(workspace)).toHaveText('- ship it')
})

test('edit and save by typing: a dirty marker, Ctrl+S saves, and the agent’s edit from its older read is refused', async ({ page }) => {
  const read = { name: 'read', arguments: { file_path: 'app.ts' } }
  const edit = { name: 'edit', arguments: { file_path: 'app.ts', old_string: 'a = 1', new_string: 'a = 2' } }
  const workspace = await boot(page, { workspace: { 'app.ts': 'export const a = 1\n' }, script: [{ toolCalls: [read] }, { text: 'Read.' }, { toolCalls: [edit] }, { text: 'Tried.' }] })
  await send(page, 'read app.ts')
  await turns(page, 1)
  await workspace.getByRole('treeitem', { name: 'app.ts' }).click()
  const content = editorContent(workspace)
  await expect(content).toHaveText('export const a = 1')
  await content.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('export const b = 2')
  await expect(tab(workspace, 'app.ts').getByLabel('unsaved changes')).toBeVisible()
  await page.keyboard.press('Control+s')
  await expect(tab(workspace, 'app.ts').getByLabel('unsaved changes')).toHaveCount(0)
  expect(await workspaceText(page, 'app.ts')).toBe('export const a = 1\nexport const b = 2')

  await send(page, 'now change a')
  await turns(page, 2)
  await expect(page.locator('dsh-agent dsh-transcript')).toContainText(/changed since|read it again|stale/i)
  expect(await workspaceText(page, 'app.ts')).toBe('export const a = 1\nexport const b = 2')
  await page.keyboard.press('Control+z') // undo still works after a save
})

test('the agent edits an open file: a clean editor takes the change highlighted, unsaved edits become a conflict that keeps both', async ({ page }) => {
  const readA = { name: 'read', arguments: { file_path: 'a.txt' } }
  const editA = { name: 'edit', arguments: { file_path: 'a.txt', old_string: 'two', new_string: 'TWO (agent)' } }
  const readB = { name: 'read', arguments: { file_path: 'b.txt' } }
  const editB = { name: 'edit', arguments: { file_path: 'b.txt', old_string: 'beta', new_string: 'BETA (agent)' } }
  const workspace = await boot(page, {
    workspace: { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'alpha\nbeta\n' },
    script: [{ toolCalls: [readA, editA] }, { text: 'Edited a.' }, { toolCalls: [readB, editB] }, { text: 'Edited b.' }],
  })
  await workspace.getByRole('treeitem', { name: 'a.txt' }).click()
  await expect(editorContent(workspace)).toHaveText('onetwothree')
  await send(page, 'edit a')
  await turns(page, 1)
  await expect(editorContent(workspace)).toContainText('TWO (agent)')
  await expect(workspace.locator('dsh-editor-pane .cm-line.cm-dsh-changed')).toHaveText(['TWO (agent)'])
  await expect(workspace.locator('dsh-editor-pane').getByText('Changed by the agent')).toBeVisible()

  await workspace.getByRole('treeitem', { name: 'b.txt' }).click()
  const content = editorContent(workspace)
  await expect(content).toContainText('beta')
  await content.click()
  await page.keyboard.press('Control+Home')
  await page.keyboard.type('mine: ')
  await send(page, 'edit b')
  await turns(page, 2)
  const conflict = workspace.locator('dsh-editor-pane [part~="editor-conflict"]')
  await expect(conflict).toContainText('The agent changed this file while you were editing it.')
  await expect(content).toContainText('mine: alpha') // the person's unsaved text is still in the editor
  await conflict.getByText('Show their version').click()
  await expect(conflict.locator('pre')).toContainText('BETA (agent)') // and the agent's is shown
  expect(await workspaceText(page, 'b.txt')).toBe('alpha\nBETA (agent)\n')
  await conflict.getByRole('button', { name: 'Keep mine (save over theirs)' }).click()
  await expect(conflict).toHaveCount(0)
  expect(await workspaceText(page, 'b.txt')).toBe('mine: alpha\nbeta\n')
})

test('create, rename and delete ask first; Escape or Cancel changes nothing', async ({ page }) => {
  const workspace = await boot(page, { workspace: { 'keep.txt': 'k\n' } })
  const tree = workspace.getByRole('tree', { name: 'Files' })
  await workspace.getByRole('button', { name: 'New file' }).click()
  await page.keyboard.type('docs/new.md')
  await page.keyboard.press('Enter')
  await expect(tab(workspace, 'new.md')).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'docs' })).toBeVisible()
  expect(await workspaceText(page, 'docs/new.md')).toBe('')

  await tree.getByRole('treeitem', { name: 'keep.txt' }).click()
  await workspace.getByRole('button', { name: 'Rename' }).click()
  const name = workspace.getByRole('textbox', { name: 'Name (relative to the workspace)' })
  await name.fill('kept.txt')
  await name.press('Enter')
  await expect(tree.getByRole('treeitem', { name: 'kept.txt' })).toBeVisible()
  expect(await workspaceText(page, 'keep.txt')).toBe('FS_NOT_FOUND')

  await tree.getByRole('treeitem', { name: 'kept.txt' }).click()
  await workspace.getByRole('button', { name: 'Delete', exact: true }).click()
  const confirm = workspace.getByRole('alertdialog', { name: 'Delete' })
  await expect(confirm).toContainText('kept.txt')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(await workspaceText(page, 'kept.txt')).toBe('k\n')
  await workspace.getByRole('button', { name: 'Delete', exact: true }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(tree.getByRole('treeitem', { name: 'kept.txt' })).toHaveCount(0)
  expect(await workspaceText(page, 'kept.txt')).toBe('FS_NOT_FOUND')
})

test('desktop drops add text files and refuse binary ones by name', async ({ page }) => {
  const workspace = await boot(page, { workspace: { 'a.txt': 'a' } })
  const tree = workspace.locator('dsh-file-tree [part~="file-tree"]')
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['dropped text\n'], 'dropped.md', { type: 'text/markdown' }))
    transfer.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff])], 'logo.png', { type: 'image/png' }))
    return transfer
  })
  await tree.dispatchEvent('dragover', { dataTransfer })
  await tree.dispatchEvent('drop', { dataTransfer })
  await expect(workspace.getByRole('treeitem', { name: 'dropped.md' })).toBeVisible()
  await expect(workspace.locator('dsh-file-tree [part~="tree-status"]')).toContainText('logo.png is not a text file')
  expect(await workspaceText(page, 'dropped.md')).toBe('dropped text\n')
  expect(await workspaceText(page, 'logo.png')).toBe('FS_NOT_FOUND')
})

test('download one file, or the whole workspace as a zip', async ({ page }) => {
  const workspace = await boot(page, { workspace: { 'README.md': '# Hi\n', 'src/app.ts': 'export const a = 1\n' } })
  await workspace.getByRole('treeitem', { name: 'README.md' }).click()
  const [one] = await Promise.all([page.waitForEvent('download'), workspace.getByRole('button', { name: 'Download', exact: true }).click()])
  expect(one.suggestedFilename()).toBe('README.md')
  expect(await readFile((await one.path())!, 'utf8')).toBe('# Hi\n')
  const [zip] = await Promise.all([page.waitForEvent('download'), workspace.getByRole('button', { name: 'Download all (.zip)' }).click()])
  expect(zip.suggestedFilename()).toBe('workspace.zip')
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)))
  expect(Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]))).toEqual({ 'README.md': '# Hi\n', 'src/app.ts': 'export const a = 1\n' })
})

test('a huge file and a binary file open as notices, not a frozen tab', async ({ page }) => {
  const workspace = await boot(page, { workspace: { 'huge.log': 'x'.repeat(4_000_001), 'ok.txt': 'ok' } })
  await page.evaluate(async () => {
    const agent = document.getElementById('agent') as unknown as { workspaceLink(): { request(c: unknown): Promise<unknown> } }
    await agent.workspaceLink().request({ kind: 'workspace.exec', command: "printf '\\x89PNG\\x00\\xff' > image.png" })
  })
  await workspace.getByRole('treeitem', { name: 'huge.log' }).click()
  await expect(workspace.locator('[part~="editor-notice"]')).toContainText('huge.log is too large to open here (4000001 bytes, limit 4000000)')
  await expect(workspace.getByRole('treeitem', { name: 'image.png' })).toBeVisible()
  await workspace.getByRole('treeitem', { name: 'image.png' }).click()
  await expect(workspace.locator('[part~="editor-notice"]')).toContainText('image.png is a binary file')
  await workspace.getByRole('treeitem', { name: 'ok.txt' }).click()
  await expect(editorContent(workspace)).toHaveText('ok')
})
