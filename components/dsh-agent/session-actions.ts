/**
 * What `<dsh-agent>` does for a session list's or transcript's `dsh-session-action`: open (a
 * search match scrolled into view), new, delete, fork, import, export (a `.jsonl` download); the
 * list is read again after each. Plane: main. Contract: failures are the controllers' to report.
 * @module components/dsh-agent/session-actions
 */
import type { SessionId } from '../../src/protocol/index.ts'
import type { AgentController } from '../controllers/agent-controller.ts'
import type { SessionsController } from '../controllers/sessions-controller.ts'
import type { TranscriptController } from '../controllers/transcript-controller.ts'
import type { DshSessionActionDetail } from '../events/index.ts'

/** How long opening a search match waits for the session's events to arrive before it gives up scrolling. */
const REVEAL_WAIT_MS = 5000

export interface SessionActionHost {
  agent: AgentController
  sessions: SessionsController
  transcript: TranscriptController
  renderRoot: HTMLElement | DocumentFragment
  /** Gets a side panel that covers the conversation out of the way (a search match is shown there). */
  closePanel(): void
}

export async function runSessionAction(host: SessionActionHost, d: DshSessionActionDetail): Promise<void> {
  const { agent: a, sessions } = host
  if (d.action === 'open') {
    await sessions.open(d.sessionId as SessionId)
    if (d.seq !== undefined) await revealMatch(host, d.seq)
  }
  else if (d.action === 'new') await sessions.open(undefined)
  else if (d.action === 'delete') {
    await a.call({ kind: 'session.delete', sessionId: d.sessionId as SessionId })
    if (d.sessionId === a.sessionId) await sessions.open(undefined)
  } else if (d.action === 'fork') {
    const forked = await a.call({ kind: 'session.fork', sessionId: d.sessionId as SessionId, boundarySeq: d.boundarySeq })
    if (forked) await sessions.open(forked.sessionId)
  } else if (d.action === 'import') {
    const imported = await a.call({ kind: 'session.import', jsonl: d.jsonl })
    if (imported) await sessions.open(imported.sessionId)
  } else {
    const exported = await a.call({ kind: 'session.export', sessionId: d.sessionId as SessionId })
    if (exported) download(`${d.sessionId}.jsonl`, exported.jsonl)
  }
  await sessions.refresh()
}

/** Shows a search match: loads older turns down to it, scrolls the transcript there, and gets a covering panel out of the way. */
async function revealMatch(host: SessionActionHost, seq: number): Promise<void> {
  const panel = host.renderRoot.querySelector<HTMLElement>('[part~="panel"]')?.getBoundingClientRect()
  const main = host.renderRoot.querySelector<HTMLElement>('[part~="main"]')?.getBoundingClientRect()
  if (panel && main && panel.left < main.right - 1 && panel.right > main.left + 1) host.closePanel()
  const view = host.renderRoot.querySelector('dsh-transcript')
  const t = host.transcript
  const deadline = performance.now() + REVEAL_WAIT_MS
  while (view && performance.now() < deadline) {
    if (t.caughtUp && t.historyFrom > seq) await t.loadOlder()
    else if (t.caughtUp && await view.revealSeq(seq)) return
    else await new Promise((resolve) => requestAnimationFrame(resolve)) // the opened session's events are still arriving
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
