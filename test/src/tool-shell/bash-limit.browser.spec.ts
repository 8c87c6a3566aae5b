// Shell limits named (issue 23.5), as a reader sees them: a `bash` call stopped by a just-bash
// execution limit shows, in its tool card in the real widget, which limit stopped it and how to
// work around it; a pipeline using the missing `yes` shows the hint of what to use instead.
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'

const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command, description: 'Try the shell' } }] })

test('a limit stop names the limit and the workaround in the tool card', async ({ page }) => {
  await bootAgent(page, { storage: 'memory', permissions: 'danger-full-access', script: [bash('f(){ f; }; f'), bash('yes | head -2'), { text: 'Done.' }] })
  await send(page, 'recurse')
  const allow = page.locator('dsh-agent [part~="approval"] [part~="allow-session-button"]')
  if (await allow.isVisible({ timeout: 2_000 }).catch(() => false)) await allow.click()
  await waitForTurnEnds(page, 1)
  const cards = page.locator('dsh-agent [part~="tool-card"]')
  await expect(cards).toHaveCount(2)
  await expect(cards.first()).toHaveAttribute('data-state', 'failed')
  await cards.first().locator('summary[part~="tool-summary"]').click()
  await expect(cards.first()).toContainText("maximum recursion depth (100) exceeded")
  await expect(cards.first()).toContainText("the embedded shell's maxCallDepth limit; functions nest at most 100 deep: make the recursion a loop.")
  await cards.nth(1).locator('summary[part~="tool-summary"]').click()
  await expect(cards.nth(1)).toContainText('dsh: the embedded shell has no `yes`')
})
