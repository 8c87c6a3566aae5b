/**
 * Opening a long stored session in the real `<dsh-agent>` (Chromium, on-disk IndexedDB): a
 * 100k-event session (3,572 turns) from `open(id)` to its last message in the transcript DOM — the
 * first paint — beside the worker's load (`session.open`) alone; then how long scrolling to the top
 * takes to bring an older turn in. Plane: Node driving Chromium
 * (npm run bench); measures, never asserts.
 * @module bench/long-session
 */
import type { Page } from '@playwright/test'
import { benchBuild, chromiumMissing, openPage, run, withPreview, withProfile } from './browser.ts'
import { recordSamples, skip } from './harness.ts'
import { storedSession } from './stored-session.ts'

const PAGE = 'bench-pages/agent.html'
const PROFILES = 3
const TURNS = 3572
const CHUNKS = 20

interface BenchPage {
  mount(attributes: Record<string, string>): Promise<[string, number]>
  call(command: unknown): Promise<unknown>
  open(sessionId: string): Promise<number>
  painted(id: string, timeoutMs?: number): Promise<number>
  scrollTranscriptToTop(): void
  seenMarkers(): string[]
  now(): number
}
declare const bench: BenchPage

interface Opened { firstPaint: number; workerOpen: number; olderTurn: number }

/** Imports two copies (`painted`, `loaded`): the first is opened by the page, the second only by the worker. */
async function openOnce(page: Page, painted: string, loaded: string): Promise<Opened> {
  await openPage(page, `/${PAGE}`)
  await run(page, () => bench.mount({ provider: 'scripted', storage: 'indexeddb', permissions: 'ask', script: JSON.stringify([{ text: 'ok' }]) }), null)
  const imported = async (jsonl: string) => ((await run(page, (text) => bench.call({ kind: 'session.import', jsonl: text }), jsonl)) as { sessionId: string }).sessionId
  const sessionId = await imported(painted)
  const other = await imported(loaded)
  const opened = await run(page, async ({ id, last }) => {
    const at = await bench.open(id)
    const painted = await bench.painted(last, 120_000)
    // The oldest user message drawn so far; scrolling to the top must bring an older one.
    const oldest = () => Math.min(...bench.seenMarkers().map((m) => /^e100ku(\d+)$/.exec(m)).filter((m) => m !== null).map((m) => Number(m[1])))
    await new Promise((resolve) => setTimeout(resolve, 2_000)) // the first paint's earlier items are drawn in idle slices
    const before = oldest()
    const scrolledAt = bench.now()
    bench.scrollTranscriptToTop()
    const deadline = scrolledAt + 60_000
    while (oldest() >= before && bench.now() < deadline) {
      bench.scrollTranscriptToTop()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return { firstPaint: painted - at, olderTurn: bench.now() - scrolledAt }
  }, { id: sessionId, last: `e100ka${TURNS}` })
  const workerOpen = await run(page, async (id) => {
    const at = bench.now()
    await bench.call({ kind: 'session.open', sessionId: id })
    return bench.now() - at
  }, other)
  return { ...opened, workerOpen }
}

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('long session first paint (Chromium)', missing)
  await benchBuild('agent', [PAGE])
  const painted = storedSession('e100k', TURNS, CHUNKS)
  const loaded = storedSession('w100k', TURNS, CHUNKS)
  await withPreview(async () => {
    const runs: Opened[] = []
    for (let i = 0; i < PROFILES; i++) runs.push(await withProfile((_context, page) => openOnce(page, painted, loaded)))
    const method = `3,572 turns × (user message, ${CHUNKS} deltas, assistant message) imported into IndexedDB; <dsh-agent>'s controller open(id) → the last message's text in the transcript DOM (page clock); ${PROFILES} fresh profiles`
    recordSamples({ name: 'stored 100k-event session: open → first paint of the last message', unit: 'ms', method, target: { op: '<=', value: 300, unit: 'ms', source: 'issue 15' } }, runs.map((r) => r.firstPaint), 'min-max')
    recordSamples({ name: 'stored 100k-event session: the worker\'s session.open alone (load, validate)', unit: 'ms', method: 'session.open command round trip on a second copy of the stored session (the worker loads it; the page does not subscribe)' }, runs.map((r) => r.workerOpen), 'min-max')
    recordSamples({ name: 'stored 100k-event session: scrolled to the top → an older turn in the DOM', unit: 'ms', method: 'after the first paint has drawn, the transcript\'s scroll container is set to the top (every 10 ms) until a user message older than every one drawn so far is in the DOM (the windowed transcript draws the loaded tail\'s first turns on demand; a session.history page follows when the marker is reached)' }, runs.map((r) => r.olderTurn), 'min-max')
  })
}

await main()
