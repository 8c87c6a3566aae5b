/**
 * Opens the `<dsh-workspace>` test page (demo/test-pages/workspace-ui.ts) with a config — script,
 * seed files, theme, provider — and waits until the tree shows the workspace. Plane: Node driving Chromium.
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
