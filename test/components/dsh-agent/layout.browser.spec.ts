// The widget shell at phone, tablet and desktop sizes, light and dark, inline and launcher: nothing
// leaves the widget, the composer and Send stay visible and tappable, open panels are wholly in view,
// and axe-core finds no violation in any state. Screenshots of every state go to the test output.
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { bootAgent, clickTool, send, waitForTurnEnds } from '../../harness/agent-page.ts'
import { axeViolations } from '../../harness/axe.ts'
import { measureWidget, type Box } from '../../harness/widget-geometry.ts'

const viewports = [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]
const themes = ['light', 'dark'] as const

const longUrl = `https://docs.example.com/${'very-long-segment/'.repeat(12)}page.html`
const longPath = `src/${'deeply/nested/'.repeat(10)}file-with-a-long-name.ts`
const longCode = `echo ${'0123456789'.repeat(20)}`
const longReply = { text: `See ${longUrl} and \`${longPath}\`.\n\n\`\`\`sh\n${longCode}\n\`\`\`\n\nAlso <${longUrl}>.`, toolCalls: [{ name: 'read', arguments: { file_path: 'long.txt' } }] }
const bashCall = { text: 'Running it.', toolCalls: [{ name: 'bash', arguments: { command: `cat long.txt && echo ${'done-'.repeat(30)}`, description: 'Show the long file' } }] }
const script = [longReply, { text: 'That file has one long line.' }, bashCall, { text: 'Not run.' }]
const workspace = JSON.stringify({ 'long.txt': `${'a-long-line-without-spaces-'.repeat(20)}\n` })

const within = (inner: Box, outer: Box): boolean => inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1

async function checkState(page: Page, info: TestInfo, state: string, options: { panel?: boolean } = {}): Promise<void> {
  const g = await page.evaluate(measureWidget, ['input', 'send-button', 'close-button', 'allow-button', 'allow-session-button', 'reject-button', 'dismiss-button'])
  const screen: Box = { left: 0, top: 0, right: g.viewport.width, bottom: g.viewport.height, width: g.viewport.width, height: g.viewport.height }
  expect(g.pageOverflowX, `${state}: the page scrolls sideways`).toBeLessThanOrEqual(0)
  expect(g.widget.right, `${state}: widget wider than the viewport`).toBeLessThanOrEqual(g.viewport.width + 1)
  expect(g.outside, `${state}: elements outside the widget`).toEqual([])
  expect(g.sidewaysScrollers, `${state}: blocks that scroll sideways`).toEqual([])
  expect(g.clippedButtons, `${state}: button labels wider than their button`).toEqual([])
  for (const part of ['input', 'send-button']) {
    const control = g.controls[part]
    expect(control, `${state}: ${part} rendered`).toBeDefined()
    expect(within(control!, g.widget) && within(control!, screen), `${state}: ${part} wholly visible`).toBe(true)
  }
  const sendBox = g.controls['send-button']!
  expect(Math.min(sendBox.width, sendBox.height), `${state}: Send is a 44 px target`).toBeGreaterThanOrEqual(44)
  for (const part of ['close-button', 'allow-button', 'allow-session-button', 'reject-button', 'dismiss-button']) {
    const target = g.controls[part]
    if (target) expect(Math.min(target.width, target.height), `${state}: ${part} is a 44 px target`).toBeGreaterThanOrEqual(44)
  }
  if (options.panel) {
    expect(g.panel, `${state}: panel rendered`).toBeDefined()
    expect(within(g.panel!, g.widget) && within(g.panel!, screen), `${state}: panel wholly visible`).toBe(true)
    expect(g.panel!.height, `${state}: panel has room`).toBeGreaterThan(150)
  }
  expect(await axeViolations(page), `${state}: axe violations`).toEqual([])
  await page.screenshot({ path: info.outputPath(`${state}.png`) })
}

for (const viewport of viewports) {
  for (const theme of themes) {
    const tag = `${viewport.width}-${theme}`

    test(`inline ${tag}: empty, conversation, sessions and settings panels hold their layout`, async ({ page }, info) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script, storage: 'indexeddb', theme: 'auto', attributes: { workspace, suggestions: JSON.stringify(['What is in long.txt?', 'Show me a long URL']) } })
      await expect(page.locator('dsh-agent [part~="empty-state"]')).toBeVisible()
      const transcript = await page.locator('dsh-agent [part~="main"]').boundingBox()
      expect(transcript!.height, 'the empty chat keeps the body row').toBeGreaterThan(300)
      await checkState(page, info, `inline-empty-${tag}`)
      await clickTool(page, 'compact-button') // nothing to compact yet: an error notice
      await expect(page.locator('dsh-agent [part~="error-notice"]')).toBeVisible()
      await checkState(page, info, `inline-notice-${tag}`)
      await page.locator('dsh-agent [part~="dismiss-button"]').click()
      await send(page, 'read long.txt')
      await waitForTurnEnds(page, 1)
      await expect(page.locator('dsh-agent [part~="empty-state"]')).toHaveCount(0)
      await checkState(page, info, `inline-conversation-${tag}`)
      await send(page, 'run it')
      const approval = page.locator('dsh-agent [part~="approval"]')
      await expect(approval).toBeVisible()
      await checkState(page, info, `inline-approval-${tag}`)
      await approval.locator('[part~="reject-button"]').click()
      await waitForTurnEnds(page, 2)
      await clickTool(page, 'sessions-toggle')
      await expect(page.locator('dsh-agent [part~="session"]')).toHaveCount(1)
      await checkState(page, info, `inline-sessions-${tag}`, { panel: true })
      await clickTool(page, 'settings-toggle')
      await expect(page.locator('dsh-agent [part~="delete-all-button"]')).toBeVisible()
      await page.locator('dsh-agent [part~="delete-all-button"]').scrollIntoViewIfNeeded()
      await expect(page.locator('dsh-agent [part~="delete-all-button"]')).toBeInViewport()
      await checkState(page, info, `inline-settings-${tag}`, { panel: true })
    })

    test(`launcher ${tag}: closed it is a button; open it is a panel (a sheet on phones) that keeps its state`, async ({ page }, info) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ colorScheme: theme })
      await bootAgent(page, { script, storage: 'memory', theme: 'auto', attributes: { workspace, mode: 'launcher', heading: 'Ask the docs' } })
      const launcher = page.locator('dsh-agent [part~="launcher-button"]')
      await expect(launcher).toBeVisible()
      await expect(page.locator('dsh-agent [part~="base"]')).toBeHidden()
      expect(await axeViolations(page), 'launcher closed: axe violations').toEqual([])
      await page.screenshot({ path: info.outputPath(`launcher-closed-${tag}.png`) })
      const button = (await launcher.boundingBox())!
      expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44)
      await launcher.click()
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
      const region = page.getByRole('region', { name: 'Ask the docs' })
      await expect(region).toBeVisible()
      if (viewport.width < 600) {
        const sheet = (await region.boundingBox())!
        expect(sheet, 'a full-height sheet').toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height })
      }
      await checkState(page, info, `launcher-open-${tag}`)
      await send(page, 'read long.txt')
      await waitForTurnEnds(page, 1)
      await checkState(page, info, `launcher-conversation-${tag}`)
      await page.locator('dsh-agent [part~="close-button"]').click()
      await expect(region).toBeHidden()
      await expect(launcher).toBeFocused()
      await launcher.click()
      await expect(page.locator('dsh-agent [part~="user-message"]'), 'the conversation is kept while closed').toHaveText('read long.txt')
      await page.keyboard.press('Escape')
      await expect(region).toBeHidden()
    })
  }
}
