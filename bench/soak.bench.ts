/**
 * A long session soak in the real `<dsh-agent>` (Chromium, on-disk IndexedDB): 2,000 turns sent
 * through the element's controller one after another (scripted model, ~1 KB replies in three
 * streamed deltas, a `bash` or `write` call every 5th turn), recording at 100, 500, 1,000 and
 * 2,000 turns the median and p95 turn time of the 50 turns before, the long tasks since the last
 * length, the elements in the widget (shadow roots included) and the page's JS heap after a GC.
 * Plane: Node driving Chromium (npm run bench); measures, never asserts. `SOAK_TURNS` shortens it.
 * @module bench/soak
 */
import type { CDPSession, Page } from '@playwright/test'
import { benchBuild, chromiumMissing, openPage, run, withPreview, withProfile } from './browser.ts'
import { note, recordSamples, skip } from './harness.ts'
import { CHUNK_TEXT } from './workload.ts'

const PAGE = 'bench-pages/agent.html'
const TURNS = Number(process.env.SOAK_TURNS ?? 2000)
const LENGTHS = [100, 500, 1000, 2000].filter((n) => n <= TURNS)
const WINDOW = 50

interface BenchPage {
  mount(attributes: Record<string, string>): Promise<[string, number]>
  turns(count: number, from: number): Promise<number[]>
  domNodes(): number
  longTasks(from: number, to: number): { start: number; duration: number }[]
  now(): number
}
declare const bench: BenchPage

/** The scripted replies: a ~1 KB answer per turn, and before it a tool call on every 5th turn. */
function script(turns: number): string {
  const answer = (t: number) => `Answer ${t}: ${CHUNK_TEXT.repeat(10)}`
  const replies: unknown[] = []
  for (let t = 1; t <= turns; t++) {
    if (t % 10 === 5) replies.push({ toolCalls: [{ name: 'bash', arguments: { command: `echo turn ${t} > /tmp/t${t}.txt && cat /tmp/t${t}.txt`, description: 'write and read a file' } }] })
    if (t % 10 === 0) replies.push({ toolCalls: [{ name: 'write', arguments: { file_path: `notes/t${t}.md`, content: `# turn ${t}\n${CHUNK_TEXT}\n` } }] })
    replies.push({ text: answer(t) })
  }
  // Slack for the model requests compaction makes (each takes the next reply as its summary).
  for (let i = 0; i < Math.ceil(turns / 20); i++) replies.push({ text: answer(0) })
  return JSON.stringify(replies)
}

interface Point { turns: number; times: number[]; longTasks: number[]; nodes: number; heapMb: number }

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize / 2 ** 20
}

async function soak(page: Page, cdp: CDPSession): Promise<Point[]> {
  await openPage(page, `/${PAGE}`)
  await run(page, (s) => bench.mount({ provider: 'scripted', storage: 'indexeddb', permissions: 'danger-full-access', script: s }), script(TURNS))
  await cdp.send('Runtime.enable')
  const points: Point[] = []
  let done = 0
  for (const length of LENGTHS) {
    const from = await run(page, () => bench.now(), null)
    const times = await run(page, ({ count, at }) => bench.turns(count, at), { count: length - done, at: done })
    const to = await run(page, () => bench.now(), null)
    const longTasks = (await run(page, ([a, b]) => bench.longTasks(a, b), [from, to] as const)).map((task) => task.duration)
    const nodes = await run(page, () => bench.domNodes(), null)
    const heapMb = await heapAfterGc(cdp)
    points.push({ turns: length, times: times.slice(-WINDOW), longTasks, nodes, heapMb })
    console.log(`soak: ${length} turns: median ${median(times.slice(-WINDOW)).toFixed(1)} ms, ${longTasks.length} long tasks, ${nodes} elements, heap ${heapMb.toFixed(1)} MB`)
    done = length
  }
  return points
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN

async function main(): Promise<void> {
  const missing = chromiumMissing()
  if (missing) return skip('long session soak (Chromium)', missing)
  await benchBuild('agent', [PAGE])
  const points = await withPreview(() => withProfile(async (context, page) => soak(page, await context.newCDPSession(page))))
  const method = `one session, ${TURNS} turns sent through <dsh-agent>'s controller (scripted model, ~1 KB replies in 3 deltas, bash or write every 5th turn, storage indexeddb); turn = agent.prompt → dsh-turn-end and the widget's update complete (page clock); the ${WINDOW} turns before the length`
  const base = points[0] ? median(points[0].times) : Number.NaN
  for (const p of points) {
    recordSamples({ name: `soak at ${p.turns} turns: turn time`, unit: 'ms', method, ...(p.turns === 2000 ? { target: { op: '<=' as const, value: Number((base * 1.2).toFixed(2)), unit: 'ms', source: 'issue 23 (1.2 × the 100-turn median)' } } : {}) }, p.times, 'p95')
    recordSamples({ name: `soak up to ${p.turns} turns: long tasks since the last length`, unit: 'tasks', method: "PerformanceObserver 'longtask' (> 50 ms) on the page", target: { op: '<=', value: 0, unit: 'tasks', source: 'issue 23' } }, [p.longTasks.length], 'min-max')
    recordSamples({ name: `soak at ${p.turns} turns: elements in the widget`, unit: 'elements', method: 'elements under <dsh-agent>, shadow roots included', ...(p.turns === 2000 ? { target: { op: '<=' as const, value: 5000, unit: 'elements', source: 'issue 23' } } : {}) }, [p.nodes], 'min-max')
    recordSamples({ name: `soak at ${p.turns} turns: page JS heap after GC`, unit: 'MB', method: 'CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage (the page thread; the worker is not counted)' }, [p.heapMb], 'min-max')
    if (p.longTasks.length > 0) note(`soak: long tasks up to ${p.turns} turns: longest ${Math.max(...p.longTasks).toFixed(0)} ms`)
  }
}

await main()
