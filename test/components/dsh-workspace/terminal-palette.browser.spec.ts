// The workspace terminal's ANSI colours (issue 32 item 14): every one of the 16, as xterm draws it
// in the real pane, passes WCAG AA (4.5:1) against the terminal's background, light and dark.
import { expect, test } from '@playwright/test'
import { focusTerminal, openWorkspacePage } from '../../harness/workspace-page.ts'

const colours = Array.from({ length: 8 }, (_, i) => `\\033[3${i}mN${i}\\033[0m \\033[9${i}mB${i}\\033[0m`).join(' ')

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the 16 ANSI colours pass AA on the terminal background`, async ({ page }) => {
    const workspace = await openWorkspacePage(page, { workspace: { 'README.md': '# Hi\n' }, theme })
    await focusTerminal(workspace)
    await page.keyboard.type(`printf '${colours}\\n'`)
    await page.keyboard.press('Enter')
    const pane = workspace.locator('dsh-terminal-pane')
    await expect.poll(() => pane.evaluate((el) => (el as unknown as { screenText: string }).screenText), { timeout: 10_000 }).toMatch(/N7 B7/)
    const measured = await pane.evaluate((el) => {
      const root = el.shadowRoot ?? el
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
      const lum = ([r, g, b]: number[]) => [r!, g!, b!].map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4 })
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0)
      // The colour behind the rows: the nearest ancestor with an opaque background (through the shadow host).
      const opaque = (start: Element): string => {
        for (let el: Element | null = start; el; el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null)) {
          const c = getComputedStyle(el).backgroundColor
          if (!/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent') return c
        }
        return 'rgb(255, 255, 255)'
      }
      const background = rgb(opaque(root.querySelector('.xterm-rows')!))
      const out: { text: string; ratio: number }[] = []
      for (const span of root.querySelectorAll<HTMLElement>('.xterm-rows span')) {
        const text = span.textContent ?? ''
        if (!/^[NB]\d$/.test(text)) continue
        const a = lum(rgb(getComputedStyle(span).color)); const b = lum(background)
        out.push({ text, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) })
      }
      return out
    })
    expect(measured.map((m) => m.text).sort()).toEqual(Array.from({ length: 8 }, (_, i) => [`B${i}`, `N${i}`]).flat().sort())
    for (const m of measured) expect(m.ratio, `${m.text} contrast`).toBeGreaterThanOrEqual(4.5)
    await page.screenshot({ path: `/tmp/widget-terminal-${theme}.png` })
  })
}
