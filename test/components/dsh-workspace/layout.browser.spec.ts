// <dsh-workspace>'s layout at phone, tablet and desktop widths, light and dark: side-by-side panes
// with keyboard-resizable dividers on wide screens, one pane at a time behind tabs on narrow ones,
// Alt+1…5 pane shortcuts, nothing scrolling sideways, and axe-core finding no violation in any state.
// Screenshots of every state go to the test output.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { axeViolations } from '../../harness/axe.ts'

const viewports = [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]
const themes = ['light', 'dark'] as const
const files = { 'README.md': '# Workspace\n\nNotes.\n', 'src/app.ts': '// the app\nexport function greet(name: string): string {\n  return `hello, ${name}` // a template\n}\n', 'index.html': '<h1>Hi</h1>\n' }

async function boot(page: Page, theme: string, lang = 'en'): Promise<Locator> {
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, { workspace: files, theme, lang })
  await page.goto('/test-pages/workspace-ui.html')
  await page.waitForSelector('body[data-ready]')
  const workspace = page.locator('dsh-workspace')
  await expect(workspace.locator('dsh-file-tree [role="treeitem"]').first()).toBeAttached()
  return workspace
}

const box = async (locator: Locator) => (await locator.boundingBox())!
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

async function audit(page: Page, info: TestInfo, state: string): Promise<void> {
  expect(await sideways(page), `${state}: the page scrolls sideways`).toBeLessThanOrEqual(0)
  expect(await axeViolations(page, 'dsh-workspace'), `${state}: axe`).toEqual([])
  await page.screenshot({ path: info.outputPath(`${state}.png`) })
}

for (const theme of themes) {
  for (const viewport of viewports) {
    test(`${viewport.width} px, ${theme}: the panes, their tabs or dividers, and axe`, async ({ page }, info) => {
      await page.setViewportSize(viewport)
      const workspace = await boot(page, theme)
      const name = `${viewport.width}-${theme}`
      const narrow = viewport.width < 900
      if (narrow) {
        const tabs = workspace.getByRole('tablist', { name: 'Workspace' }).getByRole('tab')
        await expect(tabs).toHaveText(['Files', 'Editor', 'Terminal', 'Preview', 'Agent'])
        await tabs.filter({ hasText: 'Files' }).click()
        await expect(workspace.getByRole('tabpanel', { name: 'Files' })).toBeVisible()
        await expect(workspace.locator('dsh-editor-pane')).toBeHidden()
        await audit(page, info, `${name}-files`)
        for (const target of [workspace.getByRole('treeitem', { name: 'src' }), workspace.getByRole('button', { name: 'New file' })]) expect((await box(target)).height).toBeGreaterThanOrEqual(44)
        await workspace.getByRole('treeitem', { name: 'src' }).click()
        await workspace.getByRole('treeitem', { name: 'app.ts' }).click()
        await expect(workspace.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true')
        await expect(workspace.locator('dsh-editor-pane .cm-content')).toContainText('hello, ${name}')
        await audit(page, info, `${name}-editor`)
        await tabs.filter({ hasText: 'Terminal' }).click()
        await expect(workspace.locator('dsh-terminal-pane')).toBeVisible()
        await expect(workspace.locator('dsh-editor-pane')).toBeHidden()
        await audit(page, info, `${name}-terminal`)
        await tabs.filter({ hasText: 'Agent' }).click()
        await expect(page.locator('dsh-agent')).toBeVisible()
        const agent = await box(page.locator('dsh-agent'))
        expect(agent.width).toBeGreaterThan(viewport.width - 20)
        await audit(page, info, `${name}-agent`)
        for (const tab of await tabs.all()) expect((await box(tab)).height).toBeGreaterThanOrEqual(44)
        return
      }
      await workspace.getByRole('treeitem', { name: 'src' }).click()
      await workspace.getByRole('treeitem', { name: 'app.ts' }).click()
      await expect(workspace.locator('dsh-editor-pane .cm-content')).toContainText('hello, ${name}')
      const [tree, editor, terminal, agent] = await Promise.all([box(workspace.locator('dsh-file-tree')), box(workspace.locator('dsh-editor-pane')), box(workspace.locator('dsh-terminal-pane')), box(page.locator('dsh-agent'))])
      expect(tree.x + tree.width).toBeLessThanOrEqual(editor.x)
      expect(editor.x + editor.width).toBeLessThanOrEqual(agent.x)
      expect(editor.y + editor.height).toBeLessThanOrEqual(terminal.y)
      expect(agent.x + agent.width).toBeLessThanOrEqual(viewport.width)
      await audit(page, info, `${name}-panes`)

      const divider = workspace.getByRole('separator', { name: 'Resize: Files' })
      await divider.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      await expect.poll(async () => (await box(workspace.locator('dsh-file-tree'))).width).toBeGreaterThan(tree.width + 40)
      await expect(divider).toHaveAttribute('aria-valuenow', String(Math.round(220 + 48)))

      await page.keyboard.press('Alt+4')
      await expect(workspace.locator('dsh-preview-pane')).toBeVisible()
      await expect(workspace.locator('dsh-terminal-pane')).toBeHidden()
      await workspace.getByRole('treeitem', { name: 'index.html' }).click()
      await workspace.getByRole('button', { name: 'Preview this file' }).click()
      await expect(page.frameLocator('dsh-workspace dsh-preview-pane iframe').locator('h1')).toHaveText('Hi')
      await audit(page, info, `${name}-preview`)
    })
  }
}

test('Chinese strings', async ({ page }, info) => {
  const workspace = await boot(page, 'light', 'zh')
  await expect(workspace.getByRole('button', { name: '新建文件', exact: true })).toBeVisible()
  await expect(workspace.getByRole('tab', { name: '终端' })).toBeVisible()
  await audit(page, info, 'zh-1280')
})

test('switching the theme recolours the panes and the open terminal', async ({ page }) => {
  const workspace = await boot(page, 'light')
  const terminalBackground = () => workspace.locator('dsh-terminal-pane .xterm-scrollable-element').evaluate((el) => getComputedStyle(el).backgroundColor)
  await expect.poll(terminalBackground).toBe('rgb(246, 248, 250)')
  await workspace.evaluate((el) => el.setAttribute('theme', 'dark'))
  await expect.poll(terminalBackground).toBe('rgb(21, 27, 35)')
  expect(await workspace.locator('dsh-file-tree').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(230, 237, 243)')
})
