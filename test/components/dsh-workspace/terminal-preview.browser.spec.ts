// The workspace terminal and preview, by real typing: commands run on the agent's shell (history,
// `cd`, Ctrl-C), the agent's own bash calls show up as they run, the sandbox keeps paths outside the
// workspace away, and an HTML preview runs in an opaque-origin sandbox that reaches neither the
// page's storage nor the page.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { focusTerminal, openWorkspacePage } from '../../harness/workspace-page.ts'

const screen = (workspace: Locator) => workspace.locator('dsh-terminal-pane').evaluate((el) => (el as unknown as { screenText: string }).screenText)
const expectScreen = (workspace: Locator, pattern: RegExp) => expect.poll(() => screen(workspace), { timeout: 10_000 }).toMatch(pattern)

async function typeCommand(page: Page, command: string): Promise<void> {
  await page.keyboard.type(command)
  await page.keyboard.press('Enter')
}

test('terminal: commands run on the workspace shell, with cd, history and Ctrl-C', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: { 'src/app.ts': 'export const a = 1\n', 'README.md': '# Hi\n' } })
  await focusTerminal(workspace)
  await typeCommand(page, 'echo hello from $((6 * 7))')
  await expectScreen(workspace, /hello from 42/)
  await typeCommand(page, 'cd src')
  await expectScreen(workspace, /~\/src \$$/)
  await typeCommand(page, 'ls')
  await expectScreen(workspace, /\napp\.ts\n/)
  await typeCommand(page, 'sleep 30')
  await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(1)
  await page.keyboard.press('Control+c')
  await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(0)
  await expectScreen(workspace, /\^C\n(?:bash: execution aborted\n)?\[interrupted \(SIGTERM\)\]\n~\/src \$$/)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expectScreen(workspace, /~\/src \$ ls$/)
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await screen(workspace)).match(/\napp\.ts\n/g)?.length).toBe(2)
  await typeCommand(page, 'cat /etc/passwd ../../etc/hostname; echo status $?')
  await expectScreen(workspace, /status 1/)
  expect(await screen(workspace)).not.toMatch(/root:/)
  await expect(workspace.locator('dsh-terminal-pane')).toContainText('just-bash (in-browser shell): output appears when a command ends')
})

test('terminal: a click on the pane while xterm still loads gives it focus once it opens, and typing then runs', async ({ page }) => {
  let releaseXterm = (): void => undefined
  const held = new Promise<void>((resolve) => { releaseXterm = resolve })
  let heldOnce = false
  await page.route(/\/[\w-]*xterm-[\w-]+\.js$/, async (route) => {
    heldOnce = true
    await held
    await route.fallback()
  })
  const workspace = await openWorkspacePage(page, { workspace: { 'README.md': '# Hi\n' } })
  const pane = workspace.locator('dsh-terminal-pane')
  await expect.poll(() => heldOnce).toBe(true)
  await expect(pane.locator('textarea')).toHaveCount(0)
  await pane.locator('.xterm-host').click()
  releaseXterm()
  await expect(pane.locator('textarea')).toBeFocused()
  await typeCommand(page, 'echo typed after the early click')
  await expectScreen(workspace, /\ntyped after the early click\n/)
})

test('terminal: unfinished commands continue on a > line, a pasted script runs line by line, and a quiet just-bash run says its output comes at the end', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: { 'README.md': '# Hi\n' } })
  await focusTerminal(workspace)
  // a trailing backslash, then a here-document: bash's `> ` asks for the rest, the lines run as one command
  await typeCommand(page, 'echo one \\')
  await expectScreen(workspace, /\$ echo one \\\n>$/) // (a row's trailing spaces are not read back)
  await typeCommand(page, 'two')
  await expectScreen(workspace, /\n> two\none two\n~ \$$/)
  await typeCommand(page, 'cat <<EOF')
  await typeCommand(page, 'hello $((6 * 7))')
  await typeCommand(page, 'EOF')
  await expectScreen(workspace, /\$ cat <<EOF\n> hello \$\(\(6 \* 7\)\)\n> EOF\nhello 42\n~ \$$/)
  // a pasted script (the paste event xterm reads, with the clipboard's text): each whole command runs in turn, the for loop's lines together
  await workspace.locator('dsh-terminal-pane textarea').evaluate((area) => {
    const data = new DataTransfer()
    data.setData('text/plain', 'echo first\nfor i in 1 2; do\n  echo n$i\ndone\necho last\n')
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expectScreen(workspace, /\nfirst\n[^]*\nn1\nn2\n[^]*\nlast\n~ \$$/)
  expect(await screen(workspace)).toContain('$ for i in 1 2; do\n>   echo n$i\n> done')
  // a command that stays quiet says why; what is typed meanwhile runs after it
  await typeCommand(page, 'sleep 2.5; echo woke')
  await typeCommand(page, 'echo queued')
  await expectScreen(workspace, /\$ sleep 2\.5; echo woke\n… no output yet: just-bash shows it when the command ends[^]*?\nwoke\n~ \$ echo queued\nqueued\n~ \$$/)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expectScreen(workspace, /~ \$ echo last$/)
})

test('terminal: the agent’s bash calls appear as they run, marked as the agent’s', async ({ page }) => {
  const bash = { name: 'bash', arguments: { command: 'echo built the site && echo a warning >&2', description: 'build' } }
  const workspace = await openWorkspacePage(page, { permissions: 'danger-full-access', workspace: { 'a.txt': 'a' }, script: [{ toolCalls: [bash] }, { text: 'Built.' }] })
  await workspace.getByRole('tab', { name: 'Terminal' }).click()
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('build it')
  await input.press('Enter')
  await expectScreen(workspace, /\[agent\] \$ echo built the site && echo a warning >&2\nbuilt the site\na warning\n\[agent · exit 0\]/)
})

test('preview: an HTML file runs sandboxed in an opaque origin — no page storage, no page access', async ({ page }) => {
  const probe = `<!doctype html><title>probe</title><h1>Preview works</h1><p id="r"></p><script>
    const out = []
    try { out.push('storage:' + localStorage.getItem('dsh-secret')) } catch { out.push('storage:blocked') }
    try { out.push('parent:' + parent.document.title) } catch { out.push('parent:blocked') }
    try { indexedDB.open('x'); out.push('idb:open') } catch { out.push('idb:blocked') }
    out.push('origin:' + origin)
    document.getElementById('r').textContent = out.join(' ')
  </script>`
  const workspace = await openWorkspacePage(page, { workspace: { 'site/index.html': probe } })
  await page.evaluate(() => localStorage.setItem('dsh-secret', 'sk-not-for-previews'))
  await workspace.getByRole('treeitem', { name: 'site' }).click()
  await workspace.getByRole('treeitem', { name: 'index.html' }).click()
  await workspace.getByRole('button', { name: 'Preview this file' }).click()
  const frame = workspace.locator('dsh-preview-pane iframe')
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-modals allow-popups')
  expect(await frame.getAttribute('src')).toMatch(/^blob:/)
  const content = page.frameLocator('dsh-workspace dsh-preview-pane iframe')
  await expect(content.locator('h1')).toHaveText('Preview works')
  await expect(content.locator('#r')).toHaveText('storage:blocked parent:blocked idb:blocked origin:null')

  // the person edits the page and reloads the preview
  await workspace.locator('dsh-editor-pane .cm-content').click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('<p id="v2">second version</p>')
  await page.keyboard.press('Control+s')
  await workspace.getByRole('button', { name: 'Reload' }).click()
  await expect(content.locator('#v2')).toHaveText('second version')
})
