/**
 * Peer baseline: the same append and history-derivation workload on our `Session` and on dsh's
 * published `@deepseek-ai/dsh-session` (dev-only), in one process, with the ratio printed.
 * Plane: Node (npm run bench); says plainly when the peer cannot load. Measures, never asserts.
 * @module bench/peer
 */
import { createRequire } from 'node:module'
import { Session } from '../src/session/session.ts'
import { SESSION_FORMAT_VERSION } from '../src/session/types.ts'
import type { SessionId } from '../src/util/brand.ts'
import { note, record, recordSamples, skip } from './harness.ts'
import { appendTurns, userMessage, type Append } from './workload.ts'

const PEER = '@deepseek-ai/dsh-session'
const EVENTS = 10_000
const RUNS = 7

interface Subject {
  readonly label: string
  /** A fresh empty session: its append and its deriveMessages. */
  fresh(): { append: Append; derive: () => unknown }
}

const ours: Subject = {
  label: 'dsh-agent',
  fresh() {
    const id = `ours-${Math.random()}` as SessionId
    const session = new Session({ id, header: { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: 0, delegationDepth: 0 }, publish: () => {} })
    return { append: session.append.bind(session) as unknown as Append, derive: () => session.deriveMessages() }
  },
}

async function loadPeer(): Promise<Subject | string> {
  try {
    const peer = (await import(PEER)) as { Session: { create(id: string): { append: Append; deriveMessages(): unknown } } }
    const version = (createRequire(import.meta.url)(`${PEER}/package.json`) as { version: string }).version
    note(`peer: ${PEER}@${version} (latest 0.1.1-rc.2 does not install: npm ERESOLVE, its peers @deepseek-ai/dsh-brand and dsh-scope have no 0.1.1 release; 0.1.0-rc.8 does)`)
    return {
      label: `${PEER}@${version}`,
      fresh() {
        const session = peer.Session.create(`peer-${Math.random()}`)
        return { append: session.append.bind(session), derive: () => session.deriveMessages() }
      },
    }
  } catch (error) {
    return `${PEER} has no usable Node entry here: ${(error as Error).message.split('\n')[0]}`
  }
}

/** µs per appended event while building a fresh 10k-event log; runs alternate between subjects. */
function appendRuns(subjects: readonly Subject[]): number[][] {
  const runs: number[][] = subjects.map(() => [])
  for (let run = 0; run < RUNS + 1; run++) {
    subjects.forEach((subject, i) => {
      const { append } = subject.fresh()
      const start = performance.now()
      appendTurns(append, EVENTS)
      if (run > 0) runs[i]!.push(((performance.now() - start) * 1000) / EVENTS)
    })
  }
  return runs
}

/** µs per deriveMessages() right after one new message, on a 10k-event log (untimed append). */
function deriveSamples(subject: Subject): number[] {
  const { append, derive } = subject.fresh()
  const turns = appendTurns(append, EVENTS)
  append('turn/start', { turn: turns + 1 })
  append('step/start', { turn: turns + 1, step: 1 })
  note(`${subject.label}: ${(derive() as unknown[]).length} messages derived from a ${EVENTS / 1000}k-event log before timing`)
  const times: number[] = []
  for (let i = 0; i < 1050; i++) {
    append('user/message', userMessage(100_000 + i), { surfaceOp: 'append' })
    const start = performance.now()
    derive()
    if (i >= 50) times.push((performance.now() - start) * 1000)
  }
  return times
}

const peer = await loadPeer()
if (typeof peer === 'string') skip('peer baseline (append, deriveMessages)', peer)
else {
  const method = `same process, same workload (bench/workload.ts: turns of user message, 20 chunks, assistant message + tool call, result); ${RUNS} runs after 1 warm-up, alternating subjects`
  const medians: Record<string, { append: number; derive: number }> = {}
  const subjects = [ours, peer]
  const appendTimes = appendRuns(subjects)
  for (const [i, subject] of subjects.entries()) {
    const append = recordSamples({ name: `${subject.label}: append, µs per event building a ${EVENTS / 1000}k-event log`, unit: 'µs', method }, appendTimes[i]!, 'min-max')
    const derive = recordSamples({ name: `${subject.label}: deriveMessages() after 1 new message at ${EVENTS / 1000}k events`, unit: 'µs', method: 'performance.now() per call, 1000 samples after 50 warm-up; the append before each call is untimed' }, deriveSamples(subject), 'p95')
    medians[subject.label] = { append: append.median, derive: derive.median }
  }
  const a = medians[ours.label]!
  const b = medians[peer.label]!
  const ratio = (name: string, value: number) => record({ name, unit: '×', method: 'peer median ÷ our median (> 1: ours is faster)', median: value, spread: { min: value, max: value }, samples: 1 })
  ratio('append: peer ÷ ours', b.append / a.append)
  ratio('deriveMessages: peer ÷ ours', b.derive / a.derive)
  console.log(`peer ratio (peer ÷ ours, medians): append ${(b.append / a.append).toFixed(2)}×, deriveMessages ${(b.derive / a.derive).toFixed(2)}×`)
}
