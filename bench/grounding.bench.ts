/**
 * Grounding costs in real Chromium's worker (issue 16's bars): what workspace instructions and the
 * skill catalog add to a first step (20 workspace skills + 3 instruction files against an empty
 * workspace; the pre-step waterfall on the worker clock), and web_fetch's HTML→markdown conversion of
 * a 200 KB docs page (streaming htmlparser2 converter, lazy chunk). Plane: Node driving Chromium; measures only.
 * @module bench/grounding
 */
import type { Remote } from 'comlink'
import type { GroundingBenchApi } from '../demo/bench-pages/grounding.worker.ts'
import { benchBuild, chromiumMissing, openPage, withPreview, withProfile } from './browser.ts'
import { note, recordSamples, skip } from './harness.ts'

const PAGE = 'bench-pages/grounding.html'
const SESSIONS = 40
const CONVERSIONS = 30

declare const grounding: Remote<GroundingBenchApi>

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('grounding (Chromium worker)', missing)
  await benchBuild('grounding', [PAGE])
  const run = await withPreview(() => withProfile(async (_context, page) => {
    await openPage(page, `/${PAGE}`)
    const plain = await page.evaluate((n) => grounding.firstSteps(false, n), SESSIONS)
    const grounded = await page.evaluate((n) => grounding.firstSteps(true, n), SESSIONS)
    const convert = await page.evaluate((n) => grounding.convert(n), CONVERSIONS)
    return { plain, grounded, convert }
  }))
  const issue = (value: number) => ({ op: '<=' as const, value, unit: 'ms', source: 'issue 16' })
  // The first session of a runtime is cold (yaml chunk, first listing); later sessions' first steps reuse the catalog.
  const warmAdded = median(run.grounded.slice(1)) - median(run.plain.slice(1))
  recordSamples({
    name: 'first step, added by instructions + skill catalog (20 skills, 3 instruction files; median grounded − median plain)',
    unit: 'ms', method: `agent/pre-step waterfall on the worker clock, first step of ${SESSIONS - 1} new sessions per runtime after the runtime's first; plain median ${median(run.plain.slice(1)).toFixed(2)} ms`,
    target: issue(2),
  }, [warmAdded], 'min-max')
  recordSamples({
    name: 'first step of a fresh runtime, grounded (reads 20 skill files + 3 instruction files, loads the yaml chunk)',
    unit: 'ms', method: `the runtime's first session; plain runtime's first session ${run.plain[0]!.toFixed(2)} ms`,
  }, [run.grounded[0]!], 'min-max')
  recordSamples({
    name: `web_fetch HTML→markdown of a ${Math.round(run.convert.bytes / 1024)} KB docs page in the worker (warm)`,
    unit: 'ms', method: `htmlToMarkdown (one streaming htmlparser2 pass) on the worker clock, ${CONVERSIONS} runs after the first; ${run.convert.markdownChars} markdown characters out`,
    target: issue(50),
  }, run.convert.warm)
  recordSamples({
    name: 'web_fetch HTML→markdown, first use (imports the converter chunk, then converts)',
    unit: 'ms', method: 'dynamic import of tool-web/html-markdown + the first conversion, worker clock',
  }, [run.convert.cold], 'min-max')
  note('grounding: the added first-step figure compares medians of two runs in one profile; the machine is shared (2 vCPU), so read it with the load noted in the report header.')
}

await main()
