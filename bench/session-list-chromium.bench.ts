/**
 * The sessions panel with 500 stored sessions (issue 23.3), in real Chromium (production build of
 * demo/test-pages/panels.html): time to render the list (properties set → rendered, next frame),
 * a scroll jump, a title filter keystroke, and the rows in the DOM. Plane: Node driving Chromium
 * (npm run bench); measures, never asserts.
 * @module bench/session-list-chromium
 */
import { benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { note, recordSamples, skip } from './harness.ts'

const PAGE = 'test-pages/panels.html'
const COUNT = 500
const RUNS = 15

interface PanelTimes { render: number[]; scroll: number[]; filter: number[]; rows: number }

async function measurePanel(): Promise<PanelTimes> {
  return withProfile(async (_context, page) => {
    await openPage(page, `/${PAGE}`)
    return page.evaluate(async ({ count, runs }) => {
      const list = document.querySelector('dsh-session-list')!
      const day = 86_400_000
      const sessions = Array.from({ length: count }, (_, i) => ({ id: `s-${i}`, createdAt: Date.UTC(2026, 0, 1) + i * day, title: `Session ${i} ${i % 2 ? 'odd' : 'even'}`, eventCount: 10 }))
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const times: { render: number[]; scroll: number[]; filter: number[]; rows: number } = { render: [], scroll: [], filter: [], rows: 0 }
      for (let run = 0; run < runs; run++) {
        list.sessions = []
        await list.updateComplete
        await frame()
        let started = performance.now()
        list.sessions = sessions.map((s) => ({ ...s })) as never
        await list.updateComplete
        await frame()
        times.render.push(performance.now() - started)
        const viewport = list.shadowRoot!.querySelector('[part~="session-rows"]') as HTMLElement
        started = performance.now()
        viewport.scrollTop = (((run * 37) % (count - 20)) + 10) * 64 // never 0: the list starts at the top
        await new Promise((resolve) => requestAnimationFrame(resolve)) // the scroll event runs before the frame
        await list.updateComplete
        await frame()
        times.scroll.push(performance.now() - started)
        const input = list.shadowRoot!.querySelector('[part~="search-input"]') as HTMLInputElement
        started = performance.now()
        input.value = run % 2 ? 'odd 4' : ''
        input.dispatchEvent(new Event('input'))
        await list.updateComplete
        await frame()
        times.filter.push(performance.now() - started)
      }
      times.rows = list.shadowRoot!.querySelectorAll('ul.rows > li').length
      return times
    }, { count: COUNT, runs: RUNS })
  })
}

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('sessions panel at 500 sessions (Chromium)', missing)
  await benchBuild('panels', [PAGE])
  await withPreview(async () => {
    const times = await measurePanel()
    const method = `${RUNS} runs in one fresh profile; page clock from the change to the frame after Lit's update`
    recordSamples({ name: `sessions panel: render ${COUNT} sessions (list set → next frame)`, unit: 'ms', method }, times.render)
    recordSamples({ name: `sessions panel: scroll jump in the ${COUNT}-row list (scrollTop set → rows drawn, next frame)`, unit: 'ms', method }, times.scroll)
    recordSamples({ name: 'sessions panel: a title-filter keystroke (input → filtered rows, next frame)', unit: 'ms', method }, times.filter)
    note(`session-list: ${times.rows} rows in the DOM for ${COUNT} sessions after the runs (the rows in view plus a margin).`)
  })
}

await main()
