/**
 * The one place benchmarks record figures: `measure` times a function, `report` prints and records
 * timings, `record`/`skip` add any figure or a plain "could not run", all into one registry that
 * scripts/bench.mjs prints and writes to bench/results.json. Plane: Node; measures, never asserts.
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

/** Where a figure's goal comes from, e.g. `{ op: '<=', value: 20, unit: 'µs', source: 'issue 2' }`. */
export interface Target {
  readonly op: '<=' | '>='
  readonly value: number
  readonly unit: string
  readonly source: string
  /** Which statistic the goal is about; default the median (p95 needs a p95 spread). */
  readonly on?: 'median' | 'p95'
}

/** p95 over repeated samples, or min–max over a few repeated runs. */
export type Spread = { readonly p95: number } | { readonly min: number; readonly max: number }

export interface Figure extends FigureInput {
  readonly bench: string
  /** `ok`/`over` when a target exists and the unit matches; `null` otherwise. */
  readonly meets: 'ok' | 'over' | null
}

export interface Skipped {
  readonly bench: string
  readonly name: string
  readonly reason: string
}

export interface Registry {
  /** The bench file now running (set by scripts/bench.mjs), e.g. `bench/session.bench.ts`. */
  current: string
  readonly figures: Figure[]
  readonly skipped: Skipped[]
  readonly notes: { bench: string; text: string }[]
}

const KEY = Symbol.for('dsh-agent.bench.registry')

/** The process-wide registry; shared by every copy of this module the bench runner loads. */
export function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>
  holder[KEY] ??= { current: 'bench', figures: [], skipped: [], notes: [] }
  return holder[KEY]
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
  const stats = summarize(times)
  return { name, samples, medianUs: stats.median, p95Us: stats.p95, meanUs: stats.mean }
}

export interface Stats {
  readonly median: number
  readonly p95: number
  readonly min: number
  readonly max: number
  readonly mean: number
  readonly count: number
}

/** Median, p95 (nearest rank), min, max and mean of a non-empty sample. */
export function summarize(values: readonly number[]): Stats {
  if (values.length === 0) throw new Error('summarize: no samples')
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  const mid = sorted.length >> 1
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length
  return { median, p95: at(0.95), min: sorted[0]!, max: sorted[sorted.length - 1]!, mean, count: sorted.length }
}

export interface FigureInput {
  readonly name: string
  readonly unit: string
  readonly method: string
  readonly median: number
  readonly spread: Spread
  /** Timed calls or repeated runs behind the median. */
  readonly samples: number
  readonly target?: Target
}

function meets(input: FigureInput): 'ok' | 'over' | null {
  const { target } = input
  if (!target || target.unit !== input.unit) return null
  const value = target.on === 'p95' ? ('p95' in input.spread ? input.spread.p95 : undefined) : input.median
  if (value === undefined) return null
  return (target.op === '<=' ? value <= target.value : value >= target.value) ? 'ok' : 'over'
}

/** Records one figure for the report and bench/results.json; returns it. */
export function record(input: FigureInput): Figure {
  const figure: Figure = { bench: registry().current, ...input, meets: meets(input) }
  registry().figures.push(figure)
  return figure
}

/** Records a figure from raw samples: median plus p95 (many samples) or min–max (few runs). */
export function recordSamples(input: Omit<FigureInput, 'median' | 'spread' | 'samples'>, values: readonly number[], spread: 'p95' | 'min-max' = values.length >= 20 ? 'p95' : 'min-max'): Figure {
  const s = summarize(values)
  return record({ ...input, median: s.median, spread: spread === 'p95' ? { p95: s.p95 } : { min: s.min, max: s.max }, samples: s.count })
}

/** Says plainly that a figure could not be measured, and why; the rest of the run goes on. */
export function skip(name: string, reason: string): void {
  registry().skipped.push({ bench: registry().current, name, reason })
  console.log(`SKIPPED ${name}: ${reason}`)
}

/** A line of context kept with the results (machine facts, a peer's version, a caveat). */
export function note(text: string): void {
  registry().notes.push({ bench: registry().current, text })
  console.log(text)
}

export interface ReportOptions {
  /** Where the budgets come from, e.g. 'issue 2'. */
  readonly source?: string
  /** How the timings were taken; defaults to the `measure` method. */
  readonly method?: string
}

/** Prints timings as an aligned table and records each one (budget: median must be ≤ budget µs). */
export function report(timings: readonly Timing[], budgetsUs: Readonly<Record<string, number>> = {}, options: ReportOptions = {}): void {
  const source = options.source ?? 'issue'
  const rows = timings.map((t) => {
    const budget = budgetsUs[t.name]
    const target: Target | undefined = budget === undefined ? undefined : { op: '<=', value: budget, unit: 'µs', source }
    const method = options.method ?? `performance.now() around each call after warm-up; ${t.samples} samples`
    const figure = record({ name: t.name, unit: 'µs', method, median: t.medianUs, spread: { p95: t.p95Us }, samples: t.samples, ...(target ? { target } : {}) })
    return {
      name: t.name,
      'median µs': t.medianUs.toFixed(2),
      'p95 µs': t.p95Us.toFixed(2),
      'mean µs': t.meanUs.toFixed(2),
      samples: t.samples,
      budget: budget === undefined ? '' : `≤ ${budget} µs ${figure.meets === 'ok' ? 'ok' : 'OVER'}`,
    }
  })
  console.table(rows)
}
