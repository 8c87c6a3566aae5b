// What issue 21's follow-up added to <dsh-workspace>, looked at as a person would at 390, 768 and
// 1280 px, light and dark: the notice that a WebContainer was asked for and is not used (a page that
// is not cross-origin isolated), the agent pane's notice after the person's save, and the terminal's
// `> ` continuation lines and its just-bash "no output yet" line — each in bounds, nothing scrolling
// sideways, axe-core clean; screenshots of every state go to the test output.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { axeViolations } from '../../harness/axe.ts'
import { appendAndSave, focusTerminal, openWorkspacePage } from '../../harness/workspace-page.ts'

const viewports = [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]
const themes = ['light', 'dark'] as const

const boot = (page: Page, theme: string) => openWorkspacePage(page, {
  theme, isolated: false, workspaceProvider: 'webcontainer', workspace: { 'README.md': '# Notes\n' },
  script: [{ toolCalls: [{ name: 'read', arguments: { file_path: 'README.md' } }] }, { text: 'Read.' }],
})

async function inBounds(page: Page, locator: Locator, what: string): Promise<void> {
  const box = (await locator.boundingBox())!
  const width = page.viewportSize()!.width
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width)
}

async function audit(page: Page, info: TestInfo, state: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${state}: the page scrolls sideways`).toBeLessThanOrEqual(0)
  expect(await axeViolations(page, 'dsh-workspace'), `${state}: axe`).toEqual([])
  await page.screenshot({ path: info.outputPath(`${state}.png`) })
}

for (const theme of themes) {
  for (const viewport of viewports) {
    test(`${viewport.width} px, ${theme}: the WebContainer notice, the save notice and the terminal's continuation and quiet-run lines`, async ({ page }, info) => {
      await page.setViewportSize(viewport)
      const workspace = await boot(page, theme)
      const name = `${viewport.width}-${theme}`
      const narrow = viewport.width < 900
      const show = async (tab: string) => { if (narrow) await workspace.getByRole('tablist', { name: 'Workspace' }).getByRole('tab', { name: tab }).click() }

      const notice = workspace.locator('[part~="status"]', { hasText: 'WebContainer not used' })
      await expect(notice).toHaveText(/^WebContainer not used — the embedded workspace and shell \(just-bash\) run instead: WebContainer needs a cross-origin isolated page/)
      await inBounds(page, notice, 'the WebContainer notice')
      await audit(page, info, `${name}-webcontainer-notice`)

      await show('Agent')
      const input = page.getByRole('textbox', { name: 'Message' })
      await input.fill('read the notes')
      await input.press('Enter')
      await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('Read.')
      await show('Files')
      await appendAndSave(page, workspace, 'README.md', 'A line of mine.')
      await show('Agent')
      const saved = page.locator('dsh-agent dsh-transcript [part~="notice"][data-code="SAVED_BY_PERSON"]')
      await expect(saved).toHaveText('You saved README.md: the agent is told, and reads it again before changing it')
      await saved.scrollIntoViewIfNeeded()
      await inBounds(page, saved, 'the save notice')
      await audit(page, info, `${name}-save-notice`)

      await show('Terminal')
      await focusTerminal(workspace)
      for (const line of ['cat <<EOF', 'two lines', 'EOF', 'sleep 3']) {
        await page.keyboard.type(line)
        await page.keyboard.press('Enter')
      }
      const screen = () => workspace.locator('dsh-terminal-pane').evaluate((el) => (el as unknown as { screenText: string }).screenText)
      await expect.poll(screen, { timeout: 10_000 }).toMatch(/> EOF\n[^]*two lines\n~ \$ sleep 3\n… no output yet/)
      await inBounds(page, workspace.locator('dsh-terminal-pane'), 'the terminal')
      await audit(page, info, `${name}-terminal`)
    })
  }
}
