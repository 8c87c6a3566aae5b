// What a reader sees of an answer's markdown in the real widget, at 390 and 1280 px, light and dark:
// a GFM table as a table that scrolls inside its own block on a phone (the transcript never widens),
// task lists as checkboxes, strikethrough, autolinks; a relative link resolved against the host
// page and navigating it, an external one opening a new tab with rel="noopener noreferrer"; axe-clean.
import { expect, test } from '@playwright/test'
import { bootAgent, send, waitForTurnEnds } from '../../harness/agent-page.ts'
import { axeViolations } from '../../harness/axe.ts'

const ANSWER = [
  'Here are the flags:',
  '',
  '| Flag | Meaning | Default | Example |',
  '|:--|:--|:-:|--:|',
  '| `--count-the-most-common-words` | prints the most common words of a file, one per line | off | `top-words.sh --count-the-most-common-words README.md` |',
  '| `-n` | how many words to print | 10 | `-n 3` |',
  '',
  '- [x] read the guide',
  '- [ ] run the example',
  '',
  '~~Old advice.~~ See [counting words](guide/counting-words.html), [this page](#top) or https://other-site.test/docs.',
].join('\n')
const WIDTHS = [390, 1280] as const

test('a table, a task list and links in an answer: scrolling table on a phone, host-page links, axe-clean, light and dark', async ({ page }, info) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await bootAgent(page, { script: [{ text: ANSWER }], storage: 'memory' })
  await send(page, 'which flags?')
  await waitForTurnEnds(page, 1)
  const answer = page.locator('dsh-agent dsh-transcript .assistant').last()
  const table = answer.locator('[part~="table"]')
  await expect(table).toBeVisible()
  await expect(table.locator('thead th')).toHaveText(['Flag', 'Meaning', 'Default', 'Example'])
  await expect(table.locator('tbody tr')).toHaveCount(2)
  await expect(table.locator('tbody tr').first().locator('td').first().locator('code')).toHaveText('--count-the-most-common-words')
  await expect(answer.locator('[part~="task-checkbox"]')).toHaveCount(2)
  expect(await answer.locator('[part~="task-checkbox"]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([true, false])
  await expect(answer.locator('del')).toHaveText('Old advice.')
  const origin = new URL(page.url()).origin
  const guide = answer.getByRole('link', { name: 'counting words' })
  await expect(guide).toHaveAttribute('href', `${origin}/test-pages/guide/counting-words.html`)
  expect(await guide.getAttribute('target')).toBeNull() // the host page's own origin: it navigates the page
  const external = answer.getByRole('link', { name: 'https://other-site.test/docs' })
  await expect(external).toHaveAttribute('target', '_blank')
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(answer.locator('[part~="blocked-link"]')).toHaveCount(0)

  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.locator('dsh-agent').evaluate((el, t) => el.setAttribute('theme', t), theme)
      await table.scrollIntoViewIfNeeded()
      const scroller = answer.locator('[part~="table-scroll"]')
      const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
      const transcript = await page.locator('dsh-agent dsh-transcript').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
      expect(transcript.scroll, `the transcript never scrolls sideways at ${width}`).toBeLessThanOrEqual(transcript.client + 1)
      if (width === 390) expect(sizes.scroll, 'the table scrolls inside its block on a phone').toBeGreaterThan(sizes.client)
      expect(await axeViolations(page), `${theme} ${width}`).toEqual([])
      await page.screenshot({ path: `/tmp/docs-markdown-${width}-${theme}.png` })
      await page.screenshot({ path: info.outputPath(`markdown-${width}-${theme}.png`) })
    }
  }
  await guide.click()
  await expect(page).toHaveURL(`${origin}/test-pages/guide/counting-words.html`)
})
