/**
 * When `<dsh-agent>` fetches what it does not need before its first answer but should have before
 * the network can drop (the offline status): once the browser is idle after the
 * first turn ended, or after the widget has been ready for SETTLE_MS with no turn, whichever comes
 * first — never competing with the first answer's own requests. Plane: main.
 * @module components/dsh-agent/after-first-answer
 */

/** How long a ready widget with no turn waits before it fetches in the background. */
const SETTLE_MS = 3000

/** Runs `task` once, in the background after `host`'s first answer (see the module comment). */
export function afterFirstAnswer(host: HTMLElement, task: () => void): void {
  let done = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = (): void => {
    if (done) return
    done = true
    clearTimeout(timer)
    host.removeEventListener('dsh-turn-end', run)
    whenIdle(task)
  }
  host.addEventListener('dsh-turn-end', run)
  host.addEventListener('dsh-ready', () => { timer = setTimeout(run, SETTLE_MS) }, { once: true })
}

/** Runs `task` when the browser is idle (soon, where there is no requestIdleCallback: WebKit). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 })
  else setTimeout(task, 200)
}
