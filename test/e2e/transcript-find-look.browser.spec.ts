// A long session in the real widget as a reader sees it, at 390, 768 and 1280 px wide, light and
// dark: the find bar (opened by Ctrl+F from the composer) with a match drawn and scrolled into view,
// inside the widget with touch-sized buttons, axe-core with no violations, a bounded DOM, and a
// screenshot of each for a person to look at.
import { expect, test } from '@playwright/test'
import { bootAgent } from '../harness/agent-page.ts'
import { axeViolations } from '../harness/axe.ts'
import { storedSession } from '../../bench/stored-session.ts'

const WIDTHS = [390, 768, 1280] as const

test('find in a 300-turn session at three widths, light and dark: in bounds, axe-clean, bounded, screenshots', async ({ page }, info) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await bootAgent(page, { storage: 'indexeddb' })
  const { sessionId } = (await page.locator('dsh-agent').evaluate((el, jsonl) => (el as unknown as { agent: { call(c: unknown): Promise<unknown> } }).agent.call({ kind: 'session.import', jsonl }), storedSession('F', 300, 3))) as { sessionId: string }
  await page.locator('dsh-agent').evaluate((el, id) => (el as unknown as { sessions: { open(id: string): Promise<void> } }).sessions.open(id), sessionId)
  const transcript = page.locator('dsh-agent dsh-transcript')
  await expect(transcript.locator('[part~="assistant-message"]').last()).toContainText('«Fa300»')
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  const input = page.locator('dsh-agent [part~="find-input"]')
  await expect(input).toBeFocused()
  await input.fill('«Fu250»')
  await expect(page.locator('dsh-agent [part~="find-status"]')).toHaveText('1 / 1')
  await expect(transcript.locator('.row[data-match]')).toBeInViewport()
  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 })
      await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
      await transcript.locator('.row[data-match]').scrollIntoViewIfNeeded()
      const widget = (await page.locator('dsh-agent').boundingBox())!
      for (const part of ['find', 'find-input', 'find-previous', 'find-next', 'find-close']) {
        const box = (await page.locator(`dsh-agent [part~="${part}"]`).boundingBox())!
        expect(box.x, `${part} at ${width}`).toBeGreaterThanOrEqual(widget.x - 0.5)
        expect(box.x + box.width, `${part} at ${width}`).toBeLessThanOrEqual(widget.x + widget.width + 0.5)
        if (part.startsWith('find-') && part !== 'find-input') expect(Math.min(box.width, box.height), `${part} touch size at ${width}`).toBeGreaterThanOrEqual(44)
      }
      await expect(page.locator('dsh-agent [part~="find"]')).toBeInViewport()
      expect(await axeViolations(page), `${theme} ${width}`).toEqual([])
      await page.screenshot({ path: info.outputPath(`find-${width}-${theme}.png`) })
    }
  }
  const elements = await page.locator('dsh-agent').evaluate((el) => {
    const count = (root: Element | ShadowRoot): number => [...root.querySelectorAll('*')].reduce((n, child) => n + 1 + (child.shadowRoot ? count(child.shadowRoot) : 0), 0)
    return count(el.shadowRoot!)
  })
  expect(elements).toBeLessThan(1000)
  await input.press('Escape')
  await expect(input).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})
