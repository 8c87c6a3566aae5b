/**
 * Cold offline start: the built demo (`dist/demo`, from `npm run build`, with its service worker)
 * served by a plain Node server on 127.0.0.1, visited once online until the offline copy is complete;
 * then, with the network off and every page closed, a fresh page opens `/sessions/` and the time from
 * navigation start to an interactive widget (session open, message box enabled) is taken on the page
 * clock. Warm service-worker cache, one persistent Chromium profile. Plane: Node (bench only).
 * @module bench/offline
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startStaticServer } from '../test/harness/static-server.ts'
import { ROOT, chromiumMissing, withProfile } from './browser.ts'
import { note, recordSamples, skip } from './harness.ts'

const FIGURE = 'cold offline start → interactive widget (warm SW cache)'
const DEMO = join(ROOT, 'dist/demo')
const SAMPLES = 15

async function run(): Promise<void> {
  const missing = chromiumMissing() ?? (existsSync(join(DEMO, 'dsh-agent-sw.js')) ? undefined : 'no dist/demo/dsh-agent-sw.js: run `npm run build` first')
  if (missing) return skip(FIGURE, missing)
  const site = await startStaticServer({ root: DEMO, headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } })
  try {
    const samples = await withProfile(async (context, first) => {
      await first.goto(`${site.origin}/sessions/`)
      await first.locator('dsh-agent [part~="network-status"][data-readiness="ready"]').waitFor({ timeout: 120_000 })
      await context.setOffline(true)
      const times: number[] = []
      for (let i = 0; i < SAMPLES; i++) {
        for (const open of context.pages()) await open.close()
        const page = await context.newPage()
        const served = site.requests.length
        await page.goto(`${site.origin}/sessions/`)
        await page.getByRole('textbox', { name: 'Message' }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 })
        // Asked of the server, not navigator.onLine (Chromium 150 reads online again after a navigation);
        // the browser's own update check of the service worker script is not the page's and does not block it.
        const reached = site.requests.slice(served).filter((path) => path !== '/dsh-agent-sw.js')
        if (reached.length > 0) throw new Error(`the network was not off: the server got ${reached.join(', ')}`)
        times.push(await page.evaluate(() => performance.now()))
      }
      return times
    })
    recordSamples({ name: FIGURE, unit: 'ms', method: `page clock (performance.now at the enabled message box, from navigation start); ${SAMPLES} cold opens of /sessions/ with every page closed, network off (context.setOffline; the server got no request from the page), one profile`, target: { op: '<=', value: 1500, unit: 'ms', source: 'issue 18' } }, samples)
    note('offline bench: the machine is shared (2 vCPU); figures under load are higher than on an idle machine')
  } finally {
    await site.close()
  }
}

await run()
