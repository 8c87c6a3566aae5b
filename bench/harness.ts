/**
 * Timing helper for `bench/*.bench.ts`: runs a function after a warm-up and reports median, p95
 * and mean per call in microseconds. Plane: Node (run by scripts/bench.mjs); measures, never asserts.
 * @module bench/harness
 */

export interface Timing {
  readonly name: string
  readonly samples: number
  readonly medianUs: number
  readonly p95Us: number
  readonly meanUs: number
}

export interface MeasureOptions {
  /** Calls before timing starts (JIT warm-up). Default 50. */
  readonly warmup?: number
  /** Timed calls. Default 1000. */
  readonly samples?: number
}

/** Times `fn` once per sample; a returned promise is awaited inside the timed region. */
export async function measure(name: string, fn: () => unknown, options: MeasureOptions = {}): Promise<Timing> {
  const { warmup = 50, samples = 1000 } = options
  for (let i = 0; i < warmup; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const start = performance.now()
    await fn()
    times.push((performance.now() - start) * 1000)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  const meanUs = times.reduce((sum, t) => sum + t, 0) / times.length
  return { name, samples, medianUs: at(0.5), p95Us: at(0.95), meanUs }
}

/** Prints timings as an aligned table, optionally with a budget column (median must be ≤ budget). */
export function report(timings: readonly Timing[], budgetsUs: Readonly<Record<string, number>> = {}): void {
  const rows = timings.map((t) => ({
    name: t.name,
    'median µs': t.medianUs.toFixed(2),
    'p95 µs': t.p95Us.toFixed(2),
    'mean µs': t.meanUs.toFixed(2),
    samples: t.samples,
    budget: budgetsUs[t.name] === undefined ? '' : `≤ ${budgetsUs[t.name]} µs ${t.medianUs <= budgetsUs[t.name]! ? 'ok' : 'OVER'}`,
  }))
  console.table(rows)
}
