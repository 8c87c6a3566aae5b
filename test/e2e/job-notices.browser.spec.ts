// Background jobs in the widget (scripted model, real worker, real IndexedDB): a job that ends after
// its turn wakes the agent and the transcript shows its end as a notice; a job still running when
// the page reloads is shown as lost in the reopened session, never silently gone.
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../harness/agent-page.ts'

const background = (command: string) => ({ text: 'Started it.', toolCalls: [{ name: 'bash', arguments: { command, description: 'A background job', run_in_background: true } }] })
const notice = (page: import('@playwright/test').Page, code: string) => page.locator(`dsh-agent dsh-transcript [part~="notice"][data-code="${code}"]`)

test('a job ending after its turn wakes the agent and shows a notice', async ({ page }) => {
  await bootAgent(page, { script: [background('sleep 0.5; echo built'), { text: 'It is running.' }, { text: 'The build finished.' }], storage: 'memory', permissions: 'danger-full-access' })
  await send(page, 'build it in the background')
  await waitForTurnEnds(page, 1)
  await waitForTurnEnds(page, 2)
  await expect(notice(page, 'JOB_ENDED')).toHaveText('Background job job-1 completed (exit code 0): sleep 0.5; echo built')
  await expect(page.locator('dsh-agent [part~="assistant-message"]').last()).toContainText('The build finished.')
})

test('a job running when the page reloads is reported lost in the reopened session', async ({ page }) => {
  await bootAgent(page, { script: [background('while true; do sleep 0.05; done'), { text: 'Serving.' }], storage: 'indexeddb', permissions: 'danger-full-access' })
  await send(page, 'serve it')
  await waitForTurnEnds(page, 1)
  await page.reload()
  await page.waitForSelector('body[data-ready]', { state: 'attached' })
  await expect(notice(page, 'JOB_LOST')).toHaveText('Background job job-1 was lost — it was still running when the session was closed or the page reloaded: while true; do sleep 0.05; done')
  await expect(notice(page, 'JOB_LOST')).toHaveAttribute('data-tone', 'warning')
})
