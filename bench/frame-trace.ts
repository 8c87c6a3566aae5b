/**
 * Keystroke → painted frame, read from a Chrome trace (CDP `Tracing`, timeline categories only):
 * for each `keydown` dispatched on the page's main thread, the end of the first main-thread frame
 * task that commits (paints) after the key's own task. The page clock cannot see that moment: a
 * task the page posts after a frame queues behind whatever is already waiting (the next key's
 * input, the agent's worker messages), and their time would count as the keystroke's. The wait
 * before dispatch (`event.timeStamp` → listener) is measured in the page and added, so time an
 * input spends queued behind other work still counts. Plane: Node (bench only).
 * @module bench/frame-trace
 */
import { writeFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { type?: string } } }

/** `BENCH_TRACE_FILE=path` keeps the last trace there (for DevTools); `BENCH_TRACE_JS=1` also samples JS (its overhead shows in the figures). */
const KEEP = process.env.BENCH_TRACE_FILE
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', ...(process.env.BENCH_TRACE_JS ? ['disabled-by-default-v8.cpu_profiler'] : [])]

/** Starts a trace of `page`; the returned function stops it and hands back its events. */
export async function startTrace(context: BrowserContext, page: Page): Promise<() => Promise<TraceEvent[]>> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } })
  return async () => {
    const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)))
    await cdp.send('Tracing.end')
    const stream = await done
    let text = ''
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream })
      text += chunk.data
      if (chunk.eof) break
    }
    await cdp.send('IO.close', { handle: stream })
    await cdp.detach()
    if (KEEP) writeFileSync(KEEP, text)
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] }
    return Array.isArray(parsed) ? parsed : parsed.traceEvents
  }
}

const isKeydown = (e: TraceEvent) => e.name === 'EventDispatch' && e.ph === 'X' && e.args?.data?.type === 'keydown'
const within = (outer: TraceEvent, inner: TraceEvent) => inner.ts >= outer.ts && inner.ts <= outer.ts + (outer.dur ?? 0)

/**
 * One keystroke: ms to its painted frame; the part of that the main thread was busy (any task); and
 * the thread's CPU time in those tasks (what the page's work costs, without time the OS gave the
 * CPU to other processes — on a loaded machine busy wall time is much more).
 */
export interface KeyFrame { painted: number; busy: number; cpu: number }

/**
 * Per keydown (in order): ms from its dispatch to the end of the frame task that painted it, plus
 * `queuedMs[i]` (the page's `performance.now() - event.timeStamp` at the listener); `busy` leaves
 * out the time the main thread sat idle in between — waiting for the compositor's next frame
 * (the display's tick, or a headless software compositor starved of CPU), which no page work causes.
 */
export function keyToFrameTimes(events: readonly TraceEvent[], queuedMs: readonly number[]): KeyFrame[] {
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`
  const counts = new Map<string, number>()
  for (const e of events) if (isKeydown(e)) counts.set(threadOf(e), (counts.get(threadOf(e)) ?? 0) + 1)
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
  if (!main) throw new Error('the trace holds no keydown')
  const mine = events.filter((e) => threadOf(e) === main && e.ph === 'X').sort((a, b) => a.ts - b.ts)
  const tasks = mine.filter((e) => e.name === 'RunTask')
  const commits = mine.filter((e) => e.name === 'Commit')
  const keys = mine.filter(isKeydown)
  if (keys.length !== queuedMs.length) throw new Error(`${keys.length} keydowns in the trace, ${queuedMs.length} in the page`)
  return keys.map((key, i) => {
    const own = tasks.find((t) => within(t, key))
    const after = own ? own.ts + (own.dur ?? 0) : key.ts
    const commit = commits.find((c) => c.ts >= after)
    const frame = commit && tasks.find((t) => within(t, commit))
    if (!frame) throw new Error(`no frame painted after the keydown at ${key.ts} µs`)
    const end = frame.ts + (frame.dur ?? 0)
    let busy = 0
    let cpu = 0
    for (const t of tasks) {
      const overlap = Math.max(0, Math.min(t.ts + (t.dur ?? 0), end) - Math.max(t.ts, key.ts))
      busy += overlap
      if (overlap > 0 && t.dur) cpu += (t.tdur ?? t.dur) * (overlap / t.dur)
    }
    return { painted: (end - key.ts) / 1000 + queuedMs[i]!, busy: busy / 1000 + queuedMs[i]!, cpu: cpu / 1000 }
  })
}
