// Importing the file dsh writes by default (session.jsonl.zstd: zstd frames, packed chunk rows, a
// session/title from its title plugin) through the session list: the session opens and shows dsh's
// turn. The fixture was written by dsh's own JSONL persistence (test/dsh-interop/dsh-io.mjs, `write`).
import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { guardLocalOnly } from '../harness/local-only.ts'

const FIXTURE = new URL('../fixtures/dsh/greeting.jsonl.zstd', import.meta.url)

test('a zstd-compressed dsh session file imports from the session list and opens', async ({ page, context }) => {
  const outside = await guardLocalOnly(context)
  await page.goto('/sessions/')
  await page.waitForSelector('body[data-ready]')
  const sessions = page.locator('dsh-agent [part~="session"]')
  const before = await sessions.count()
  const buffer = await readFile(FIXTURE)
  await page.locator('dsh-agent [part~="import-button"] input').setInputFiles({ name: 'session.jsonl.zstd', mimeType: 'application/zstd', buffer })
  await expect(sessions).toHaveCount(before + 1)
  await expect(page.locator('dsh-agent [part~="user-message"]')).toHaveText('hello from dsh')
  await expect(page.locator('dsh-agent [part~="assistant-message"]')).toContainText('Hello back, from a dsh file!')
  await expect(page.locator('dsh-agent [part~="error-notice"]')).toHaveCount(0)
  expect(outside, 'requests to non-local hosts').toEqual([])
})
