/**
 * axe-core in a Playwright page: injects the library (from node_modules, no network) and checks
 * everything inside `<dsh-agent>` (shadow roots included); returns the violations, each named by
 * rule and target so a failing assertion says what to fix.
 * @module test/harness/axe
 */
import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation { id: string; impact: string | null; help: string; targets: string[] }

export async function axeViolations(page: Page, selector = 'dsh-agent'): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await axeSource })
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe
    const result = await axe.run({ include: [[include]] }, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  }, selector)
}
