/**
 * Bench-only: workers this page starts read `Date.now()` from the shared monotonic clock
 * (`performance.timeOrigin + performance.now()`, sub-ms) instead of the 1 ms wall clock, so a
 * worker's `event.time` and the page's MutationObserver stamps are on one clock. Plane: main; bench only.
 * @module demo/bench-pages/clocked-worker
 */
const CLOCK = 'Date.now = () => performance.timeOrigin + performance.now()\n'
const PageWorker = globalThis.Worker
const clockUrl = URL.createObjectURL(new Blob([CLOCK], { type: 'text/javascript' }))

/** A module worker whose first import swaps its clock, then the real worker module (same order, no await). */
class ClockedWorker extends PageWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    const bootstrap = `import ${JSON.stringify(clockUrl)}\nimport ${JSON.stringify(new URL(url, location.href).href)}\n`
    super(URL.createObjectURL(new Blob([bootstrap], { type: 'text/javascript' })), { ...options, type: 'module' })
  }
}

globalThis.Worker = ClockedWorker
