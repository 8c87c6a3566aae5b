// Compaction in a running agent: pressure at pre-step, overflow recovery, resume of a compacted
// history, and a crash mid-compaction — asserted on the session log and the derived history.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import { scriptedAdapter } from '../../../../src/llm-scripted/index.ts'
import { CHECKPOINT_PREAMBLE } from '../../../../src/plugins/compaction/compact.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'

const runtimes: Runtime[] = []
afterEach(async () => { await Promise.all(runtimes.splice(0).map((r) => r.dispose())) })

const long = (label: string) => `${label}: ${'lorem ipsum dolor '.repeat(45)}`
const window = { contextWindow: 2_000 }

async function boot(replies: ScriptedReply[], extra: Parameters<typeof createRuntime>[0] = {}) {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies, ...window }, ...extra })
  runtimes.push(runtime)
  return runtime
}

const types = (events: readonly SessionEvent[]) => events.map((e) => e.type).filter((t) => t !== 'assistant/chunk')

describe('compaction in the loop', () => {
  it('summarizes the oldest history when pressure crosses the threshold, keeping the log complete', async () => {
    const runtime = await boot([
      { text: long('a1'), usage: { inputTokens: 300, outputTokens: 200 } },
      { text: long('a2'), usage: { inputTokens: 1_500, outputTokens: 200 } },
      { text: 'the user asked about lorem ipsum twice' },
      { text: 'a3' },
    ])
    const agent = await runtime.open()
    for (const q of ['q1', 'q2']) {
      agent.followup(long(q))
      await agent.whenIdle()
    }
    const before = agent.session.events.length
    const messagesBefore = agent.session.deriveMessages().length
    agent.followup('q3')
    await agent.whenIdle()
    const turn3 = types(agent.session.events.slice(before))
    expect(turn3.slice(0, 6)).toEqual(['agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', 'compaction/start', 'compaction/summary', 'user/message'])
    expect(turn3).toContain('compaction/end')
    expect(turn3.indexOf('compaction/end')).toBeLessThan(turn3.indexOf('step/start'))
    const summary = agent.session.events.find((e): e is SessionEvent<'compaction/summary'> => e.type === 'compaction/summary')!
    // every shadowed original is still in the log, unchanged
    for (const seq of summary.data.shadowedSeqs) expect(agent.session.events[seq]!.seq).toBe(seq)
    const messages = agent.session.deriveMessages()
    expect(messages.length).toBeLessThan(messagesBefore + 2)
    expect(JSON.stringify(messages[0]!.content)).toContain(CHECKPOINT_PREAMBLE)
    const requests = scriptedAdapter(runtime.ctx).requests
    expect(requests[2]!.purpose).toBe('compaction')
    expect(JSON.stringify(requests[3]!.messages[0]!.content)).toContain('<compacted-summary>')
  })

  it('compacts once and retries the same step when the provider reports a context overflow', async () => {
    const runtime = await boot([
      { text: long('a1') },
      { error: { status: 400, code: 'CONTEXT_WINDOW_EXCEEDED', message: 'maximum context length exceeded' } },
      { text: 'summary of the first exchange' },
      { text: 'answer after compaction' },
    ])
    const agent = await runtime.open()
    agent.followup(long('q1'))
    await agent.whenIdle()
    agent.followup(long('q2'))
    await agent.whenIdle()
    const events = agent.session.events
    const turn2 = types(events.slice(events.findLastIndex((e) => e.type === 'turn/start')))
    expect(turn2).toEqual([
      'turn/start', 'agent/inbox/spliced', 'step/start', 'user/message', 'compaction/start', 'compaction/summary',
      'user/message', 'compaction/end', 'assistant/message', 'step/end', 'turn/end',
    ])
    expect(events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'completed' } } })
  })

  it('gives up after one overflow compaction per step and ends the turn with the error', async () => {
    const runtime = await boot([
      { text: long('a1') },
      { error: { status: 400, code: 'CONTEXT_WINDOW_EXCEEDED', message: 'too long' } },
      { text: 'summary' },
      { error: { status: 400, code: 'CONTEXT_WINDOW_EXCEEDED', message: 'still too long' } },
    ])
    const agent = await runtime.open()
    agent.followup(long('q1'))
    await agent.whenIdle()
    agent.followup(long('q2'))
    await agent.whenIdle()
    expect(agent.session.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'error', error: { code: 'CONTEXT_WINDOW_EXCEEDED' } } } })
    expect(agent.session.events.filter((e) => e.type === 'compaction/start')).toHaveLength(1)
  })

  it('a resumed session derives exactly the compacted history', async () => {
    const runtime = await boot([{ text: long('a1') }, { text: long('a2') }, { text: 'summary' }])
    const agent = await runtime.open()
    agent.followup(long('q1'))
    await agent.whenIdle()
    agent.followup(long('q2'))
    await agent.whenIdle()
    await runtime.ctx.compaction.compactNow(agent)
    const live = agent.session.deriveMessages()
    const jsonl = await runtime.sessions.export(agent.id)
    const other = await boot([])
    const id = await other.sessions.import(jsonl)
    const resumed = await other.open(id)
    expect(JSON.stringify(resumed.session.deriveMessages())).toBe(JSON.stringify(live))
    expect(resumed.session.surface.replaceGeneration).toBe(agent.session.surface.replaceGeneration)
  })

  it('after a crash mid-compaction the reopened session is consistent and can compact again', async () => {
    const runtime = await boot([{ text: long('a1') }, { text: long('a2') }])
    const agent = await runtime.open()
    for (const q of ['q1', 'q2']) { agent.followup(long(q)); await agent.whenIdle() }
    const lines = (await runtime.sessions.export(agent.id)).trimEnd().split('\n')
    const last = JSON.parse(lines.at(-1)!) as SessionEvent
    lines.push(JSON.stringify({ type: 'compaction/start', seq: last.seq + 1, time: last.time, data: { compactionId: 'crashed', turn: null } }))
    const other = await boot([{ text: 'fresh summary' }])
    const resumed = await other.open(await other.sessions.import(`${lines.join('\n')}\n`))
    const history = resumed.session.deriveMessages().length
    const outcome = await other.ctx.compaction.compactNow(resumed)
    expect(outcome.shadowedCount).toBeGreaterThan(0)
    expect(resumed.session.deriveMessages().length).toBe(history - outcome.shadowedCount + 1)
    expect(resumed.session.events.at(-1)).toMatchObject({ type: 'compaction/end', data: { compactionId: outcome.compactionId } })
  })
})
