/**
 * Test-only page for bench/ui.bench.ts: mounts the public `<dsh-agent>` and exposes `window.bench`
 * to drive it through its controller and to time when marked text (`«id»`) enters the transcript's
 * DOM (MutationObserver, epoch ms) and which long tasks ran. Plane: main; bench only.
 * @module demo/bench-pages/agent
 */
import './clocked-worker.ts'
import '../../components/index.ts'
import type { DshAgent } from '../../components/dsh-agent/dsh-agent.element.ts'
import type { HostCommand, SessionId } from '../../src/protocol/index.ts'

const MARK = /«([^»]+)»/g
const seen = new Map<string, number>()
const longTasks: { start: number; duration: number }[] = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration })
}).observe({ type: 'longtask', buffered: true })

let element: DshAgent | undefined
const epochNow = () => performance.timeOrigin + performance.now()

function scan(text: string | null, at: number): void {
  if (!text || !text.includes('«')) return
  for (const match of text.matchAll(MARK)) if (!seen.has(match[1]!)) seen.set(match[1]!, at)
}

/** Watches the transcript's shadow DOM; the first time a marker is in the DOM is its time. */
function observe(root: ShadowRoot): void {
  new MutationObserver((records) => {
    const at = epochNow()
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target.textContent, at)
      else for (const node of record.addedNodes) scan(node.textContent, at)
    }
  }).observe(root, { subtree: true, childList: true, characterData: true })
}

function transcriptRoot(agent: DshAgent): ShadowRoot {
  const root = agent.shadowRoot?.querySelector('dsh-transcript')?.shadowRoot
  if (!root) throw new Error('dsh-agent has no rendered dsh-transcript')
  return root
}

const bench = {
  /** Mounts `<dsh-agent>` with these attributes; resolves with [sessionId, ms from append to dsh-ready]. */
  mount(attributes: Record<string, string>): Promise<[string, number]> {
    const agent = document.createElement('dsh-agent')
    for (const [name, value] of Object.entries(attributes)) agent.setAttribute(name, value)
    element = agent
    const started = performance.now()
    return new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('dsh-agent sent neither dsh-ready nor dsh-error within 30 s')), 30_000)
      agent.addEventListener('dsh-error', (event) => reject(new Error(`${event.detail.code}: ${event.detail.message}`)))
      agent.addEventListener('dsh-ready', (event) => {
        void agent.updateComplete.then(() => {
          observe(transcriptRoot(agent))
          resolve([event.detail.sessionId, performance.now() - started])
        })
      })
      document.body.append(agent)
    })
  },
  call<C extends HostCommand>(command: C): Promise<unknown> {
    if (!element) throw new Error('mount first')
    return element.agent.call(command)
  },
  sessionId(): string {
    return element?.agent.sessionId ?? ''
  },
  /** Opens a stored session in the mounted element; resolves with epoch ms at the call. */
  async open(sessionId: string): Promise<number> {
    const at = epochNow()
    await element!.sessions.open(sessionId as SessionId)
    return at
  },
  /** Every marker seen in the transcript so far. */
  seenMarkers(): string[] {
    return [...seen.keys()]
  },
  /** Scrolls the transcript's scroll container (the nearest scrollable ancestor) to its top. */
  scrollTranscriptToTop(): void {
    let node: Element | null = element?.shadowRoot?.querySelector('dsh-transcript') ?? null
    while (node && !(node.scrollHeight > node.clientHeight && getComputedStyle(node).overflowY !== 'visible')) node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)
    if (node) node.scrollTop = 0
  },
  /** Resolves with the epoch ms at which `«id»` entered the DOM (or rejects after `timeoutMs`). */
  async painted(id: string, timeoutMs = 20_000): Promise<number> {
    const deadline = performance.now() + timeoutMs
    while (!seen.has(id)) {
      if (performance.now() > deadline) throw new Error(`«${id}» never reached the transcript`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return seen.get(id)!
  },
  marks(): Record<string, number> {
    return Object.fromEntries(seen)
  },
  longTasks(from: number, to: number): { start: number; duration: number }[] {
    return longTasks.filter((task) => task.start >= from && task.start <= to)
  },
  now: epochNow,
  /**
   * Sends `count` prompts one after another, each when the last turn ended and its render is done;
   * resolves with each turn's ms (prompt → `dsh-turn-end` folded and the widget's update complete).
   */
  async turns(count: number, from: number): Promise<number[]> {
    const agent = element!
    const transcript = agent.shadowRoot!.querySelector('dsh-transcript') as (HTMLElement & { updateComplete: Promise<boolean> }) | null
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const ended = new Promise<void>((resolve) => agent.addEventListener('dsh-turn-end', () => resolve(), { once: true }))
      const started = performance.now()
      await agent.agent.call({ kind: 'agent.prompt', sessionId: agent.agent.sessionId!, text: `turn ${from + i}` } as HostCommand)
      await ended
      await agent.updateComplete
      await transcript?.updateComplete
      times.push(performance.now() - started)
    }
    return times
  },
  /** Elements in the widget, shadow roots included. */
  domNodes(): number {
    let count = 0
    const walk = (root: Element | ShadowRoot): void => {
      for (const child of root.children) {
        count++
        if (child.shadowRoot) walk(child.shadowRoot)
        walk(child)
      }
    }
    if (element) {
      count++
      if (element.shadowRoot) walk(element.shadowRoot)
      walk(element)
    }
    return count
  },
}

Object.assign(globalThis, { bench })
document.body.dataset.ready = 'true'
