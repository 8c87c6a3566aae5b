/**
 * Opens the `<dsh-workspace>` test page (demo/test-pages/workspace-ui.ts) with a config — script,
 * seed files, theme, provider — and waits until the tree shows the workspace; and the person's edit
 * every workspace spec makes (open from the tree, type at the end, Ctrl+S), and clicking into the terminal
 * once it is there. Plane: Node driving Chromium.
 * @module test/harness/workspace-page
 */
import { expect, type Locator, type Page } from '@playwright/test'

export interface WorkspacePageConfig {
  script?: unknown[]
  workspace?: Record<string, string>
  permissions?: string
  theme?: string
  lang?: string
  workspaceProvider?: string
  /** `false`: the page reports it is not cross-origin isolated. */
  isolated?: boolean
}

export async function openWorkspacePage(page: Page, config: WorkspacePageConfig): Promise<Locator> {
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, config)
  await page.goto('/test-pages/workspace-ui.html')
  await page.waitForSelector('body[data-ready]')
  const workspace = page.locator('dsh-workspace')
  await expect(workspace.locator('dsh-file-tree [role="treeitem"]').first()).toBeAttached()
  return workspace
}

/** Opens `path` from the tree (`shown`: its text before the edit, when checked), types `line` at its end and saves with Ctrl+S. */
export async function appendAndSave(page: Page, workspace: Locator, path: string, line: string, shown?: string): Promise<void> {
  await workspace.getByRole('treeitem', { name: path }).click()
  const content = workspace.locator('dsh-editor-pane .cm-content')
  if (shown !== undefined) await expect(content).toHaveText(shown)
  await content.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(line)
  await page.keyboard.press('Control+s')
  await expect(workspace.locator('dsh-editor-pane [part~="editor-status"]')).toHaveText(`Saved: ${path}`)
}

/** Clicks into the terminal pane once xterm has opened in it, as a person who sees it does (xterm loads lazily: what is typed before it opens goes nowhere). */
export async function focusTerminal(workspace: Locator): Promise<void> {
  const pane = workspace.locator('dsh-terminal-pane')
  await expect(pane.locator('textarea')).toBeAttached({ timeout: 15_000 })
  await pane.locator('.xterm-host').click()
  await expect(pane.locator('textarea')).toBeFocused()
}
