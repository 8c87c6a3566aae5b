/**
 * Playwright helpers for the `<dsh-agent>` test page: boot with a config, send a message, wait
 * for turn ends, read the transcript.
 * @module test/harness/agent-page
 */
import { expect, type Page } from '@playwright/test'

export interface AgentPageConfig { script?: unknown[]; permissions?: string; storage?: string; theme?: string; lang?: string; className?: string; provider?: string; baseUrl?: string; session?: string; attributes?: Record<string, string> }

export async function bootAgent(page: Page, config: AgentPageConfig): Promise<void> {
  await page.addInitScript((c) => { (window as unknown as { dshTestConfig: unknown }).dshTestConfig = c }, config)
  await page.goto('/test-pages/agent.html')
  await page.waitForSelector('body[data-ready]', { state: 'attached' }) // a closed launcher leaves the body without a box
}

export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
}

export async function turnEnds(page: Page): Promise<{ reason: string }[]> {
  return page.evaluate(() => (window as unknown as { dshEvents: { type: string; detail: { reason: string } }[] }).dshEvents.filter((e) => e.type === 'dsh-turn-end').map((e) => e.detail))
}

export async function waitForTurnEnds(page: Page, count: number): Promise<void> {
  await expect.poll(async () => (await turnEnds(page)).length, { timeout: 20_000 }).toBe(count)
}

export const transcriptText = (page: Page) => page.locator('dsh-agent dsh-transcript').evaluate((el) => el.shadowRoot!.textContent ?? '')

/** Clicks a header tool (Compact, Trim, Sessions, Settings), through the overflow menu where the widget is narrow. */
export async function clickTool(page: Page, part: string): Promise<void> {
  const tool = page.locator(`dsh-agent [part~="${part}"]`)
  const more = page.locator('dsh-agent [part~="more-button"]')
  if (!(await tool.isVisible()) && (await more.isVisible())) await more.click()
  await tool.click()
}
